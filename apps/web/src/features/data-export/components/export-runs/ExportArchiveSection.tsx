import { Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { TExportInstrument } from '@portal/shared/data-export/data-export';
import { EXPORT_ARCHIVE_DAYS } from '@portal/shared/data-export/export-runs';
import { useTranslation } from '../../../../lib/use-translation';
import { ExportArchiveForm } from './ExportArchiveForm';
import { ExportRunsList } from './ExportRunsList';

export interface ExportArchiveSectionProps {
  instruments?: TExportInstrument[];
  instrumentsFailed: boolean;
  mayIdentify: boolean;
}

/**
 * Archive for research platforms: a run of chosen questionnaires and registers in chosen formats, prepared in the
 * background into one zip archive kept 7 days, and the runs asked for with their progress and archives.
 */
export function ExportArchiveSection(props: ExportArchiveSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={3}>
        <div>
          <Typography id={titleId} variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('dataExport.archive.title')}
          </Typography>
          <Typography>{t('dataExport.archive.intro', { count: EXPORT_ARCHIVE_DAYS })}</Typography>
        </div>
        <ExportArchiveForm {...props} />
        <ExportRunsList />
      </Stack>
    </Paper>
  );
}
