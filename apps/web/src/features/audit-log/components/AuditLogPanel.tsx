import { Alert, Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AUDIT_LOG_PAGE_SIZES } from '@portal/shared/audit-log/audit-log';
import type { TDateRange } from '@portal/shared/api/date-range';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { DateRangeFilter } from '../../../components/admin/DateRangeFilter';
import { serverMessage } from '../../../lib/api-client';
import { usePagedQueryState } from '../../../lib/paging';
import { lastDays } from '../../../lib/recent-days';
import { downloadAuditCsv, useAuditRecords } from '../api/audit-log-api';
import { AuditRecordsTable } from './AuditRecordsTable';
import { AuditSearchForm, type AuditFilter } from './AuditSearchForm';
import { ParticipantTimeline } from './ParticipantTimeline';

/** How many days a search covers at first, today last. */
const FIRST_DAYS = 30;

/**
 * The Audit Log: who did what, when, from where, to whom. A search by participant, actor, action and days (the
 * last 30 at first), its records a page at a time or as a CSV file, and one participant's timeline.
 */
export function AuditLogPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [range, setRange] = useState<TDateRange>(() => lastDays(FIRST_DAYS));
  const [timeline, setTimeline] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const paging = usePagedQueryState({ sizes: AUDIT_LOG_PAGE_SIZES, defaultSize: AUDIT_LOG_PAGE_SIZES[0] });
  const search = { ...filter, ...range };
  const query = useAuditRecords(search, paging);
  const { reset } = paging;
  const searchFor = useCallback(
    (next: AuditFilter) => {
      setFilter(next);
      reset();
    },
    [reset],
  );
  const exportCsv = () => {
    setExporting(true);
    setExportError(undefined);
    downloadAuditCsv(search)
      .catch((error: unknown) => setExportError(serverMessage(error) ?? t('auditLog.export.failed')))
      .finally(() => setExporting(false));
  };

  return (
    <AdminPanel title={t('systemOptions.tabs.auditLog')}>
      {timeline ? (
        <ParticipantTimeline userId={timeline} onBack={() => setTimeline(undefined)} />
      ) : (
        <>
          <AuditSearchForm onSearch={searchFor} />
          <DateRangeFilter
            value={range}
            onApply={(next) => {
              setRange(next);
              reset();
            }}
          />
          {exportError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {exportError}
            </Alert>
          )}
          <AuditRecordsTable
            query={query}
            paging={paging}
            onTimeline={setTimeline}
            actions={
              <Button variant="outlined" onClick={exportCsv} disabled={exporting}>
                {t('auditLog.export.button')}
              </Button>
            }
          />
        </>
      )}
    </AdminPanel>
  );
}
