import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TDateRange } from '@portal/shared/api/date-range';
import type { Language } from '@portal/shared/constants';
import type { TExportInstrument } from '@portal/shared/data-export/data-export';
import { localCalendarDate, toUsDate } from '@portal/shared/dates';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { DateRangeFilter } from '../../../components/admin/DateRangeFilter';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { NativeSelect } from '../../../components/ui/NativeSelect';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useCan } from '../../../lib/staff-access';
import { useExportInstruments } from '../api/data-export-api';
import { ExportCard } from './ExportCard';
import { ExportArchiveSection } from './export-runs/ExportArchiveSection';
import { ExportFormChoice } from './ExportFormChoice';

const keyOf = (instrument: TExportInstrument) => `${instrument.formKey}@${instrument.version}`;

/** The range the date boxes start from: this year up to today. */
function thisYear(): TDateRange {
  const to = localCalendarDate();
  return { from: `${to.slice(0, 4)}-01-01`, to };
}

/**
 * Data Export: the study's data as CSV files for analysis — a form version's answers and data dictionary, the
 * consent register and the verification register — over all dates or a date range, identified or de-identified.
 * A role without identified export has only de-identified files. Below them, an archive for research platforms
 * (data package, REDCap, FHIR) prepared as a job.
 */
export function DataExportPanel() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const can = useCan();
  const mayIdentify = can('export.identified');
  const instruments = useExportInstruments();
  const [chosen, setChosen] = useState<string>();
  const [range, setRange] = useState<TDateRange>();
  const [deidentifiedChosen, setDeidentifiedChosen] = useState(false);
  const deidentified = !mayIdentify || deidentifiedChosen;

  const list = instruments.data ?? [];
  const instrument = list.find((i) => keyOf(i) === chosen) ?? list[0];
  const form = instrument && { formKey: instrument.formKey, version: instrument.version };

  return (
    <AdminPanel title={t('systemOptions.tabs.dataExport')}>
      <Stack spacing={3}>
        <Typography>{t('dataExport.intro')}</Typography>
        <ExportFormChoice mayIdentify={mayIdentify} deidentified={deidentified} onChange={setDeidentifiedChosen} />
        <Stack spacing={1}>
          <Typography variant="h3" sx={{ fontSize: '1.15rem' }}>
            {t('dataExport.range.title')}
          </Typography>
          <Typography role="status">
            {range
              ? t('dataExport.range.some', { from: toUsDate(range.from), to: toUsDate(range.to) })
              : t('dataExport.range.all')}
          </Typography>
          <DateRangeFilter value={range ?? thisYear()} onApply={setRange} />
          {range && (
            <div>
              <Button onClick={() => setRange(undefined)} sx={{ minHeight: 44 }}>
                {t('dataExport.range.clear')}
              </Button>
            </div>
          )}
        </Stack>
        {instruments.isPending && <PageLoading text={t('dataExport.loading')} />}
        {instruments.isError && (
          <LoadFailedAlert message={t('dataExport.loadFailed')} onRetry={() => void instruments.refetch()} />
        )}
        {instruments.isSuccess && list.length === 0 && <Typography>{t('dataExport.noInstruments')}</Typography>}
        {instrument && (
          <NativeSelect
            label={t('dataExport.instrument')}
            value={keyOf(instrument)}
            options={list.map((i) => ({
              value: keyOf(i),
              label: t('dataExport.instrumentOption', {
                title: i.title[language] || i.title.en,
                version: i.version,
                count: i.submitted,
              }),
            }))}
            onChange={setChosen}
            sx={{ maxWidth: 560 }}
          />
        )}
        <ExportCard
          title={t('dataExport.surveyAnswers.title')}
          description={t('dataExport.surveyAnswers.description')}
          buttonLabel={t('dataExport.surveyAnswers.download')}
          request={form && { kind: 'surveyAnswers', form, range, deidentified }}
        />
        <ExportCard
          title={t('dataExport.dataDictionary.title')}
          description={t('dataExport.dataDictionary.description')}
          buttonLabel={t('dataExport.dataDictionary.download')}
          request={form && { kind: 'dataDictionary', form, deidentified }}
        />
        <ExportCard
          title={t('dataExport.consentRegister.title')}
          description={t('dataExport.consentRegister.description')}
          buttonLabel={t('dataExport.consentRegister.download')}
          request={{ kind: 'consentRegister', range, deidentified }}
        />
        <ExportCard
          title={t('dataExport.verificationRegister.title')}
          description={t('dataExport.verificationRegister.description')}
          buttonLabel={t('dataExport.verificationRegister.download')}
          request={{ kind: 'verificationRegister', range, deidentified }}
        />
        <ExportArchiveSection
          instruments={instruments.data}
          instrumentsFailed={instruments.isError}
          mayIdentify={mayIdentify}
        />
      </Stack>
    </AdminPanel>
  );
}
