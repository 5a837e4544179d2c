import { Button } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { auditActionLabel, type TAuditRecord } from '@portal/shared/audit-log/audit-log';
import { formatDateTime } from '@portal/shared/dates';
import { DataTable, type PagedQueryResult } from '../../../components/admin/DataTable';
import { browserTimeZone } from '../../../lib/local-date-time';
import { Moment } from '../../../components/ui/Moment';
import type { PagedQueryState } from '../../../lib/paging';
import { RecordValuesDialog } from './RecordValuesDialog';

const column = createColumnHelper<TAuditRecord>();
const wrap = { overflowWrap: 'anywhere' } as const;

export interface AuditRecordsTableProps {
  query: PagedQueryResult<TAuditRecord> & { data?: { moreThanTotal: boolean } };
  paging: PagedQueryState;
  /** Opens the timeline of a record's participant. */
  onTimeline(userId: string): void;
  /** Beside the heading: the export. */
  actions?: ReactNode;
}

/**
 * The records a search found, newest first: when, who (or the system), what, about which participant (with their
 * timeline), from which address, and a button that shows the values the record kept.
 */
export function AuditRecordsTable({ query, paging, onTimeline, actions }: AuditRecordsTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ record: TAuditRecord; when: string }>();
  const timeZone = browserTimeZone();
  const columns = useMemo(() => {
    const when = (record: TAuditRecord) => formatDateTime(record.at, timeZone);
    return [
      column.accessor('at', {
        header: t('auditLog.table.when'),
        cell: ({ getValue }) => <Moment at={getValue()} withTime />,
      }),
      column.accessor('actorEmail', {
        header: t('auditLog.table.who'),
        cell: ({ row }) => (
          <span style={wrap}>{row.original.actorEmail ?? row.original.actorId ?? t('auditLog.system')}</span>
        ),
      }),
      column.accessor('action', {
        header: t('auditLog.table.what'),
        cell: ({ getValue }) => {
          const label = auditActionLabel(getValue());
          return label ? t(label) : getValue();
        },
      }),
      column.accessor('subjectEmail', {
        header: t('auditLog.table.participant'),
        cell: ({ row }) => {
          const { subjectEmail, subjectId } = row.original;
          if (!subjectEmail || !subjectId) return subjectId ?? '';
          return (
            <>
              <span style={wrap}>{subjectEmail}</span>{' '}
              <Button
                size="small"
                onClick={() => onTimeline(subjectId)}
                aria-label={t('auditLog.timeline.openFor', { email: subjectEmail })}
              >
                {t('auditLog.timeline.open')}
              </Button>
            </>
          );
        },
      }),
      column.accessor('ip', { header: t('auditLog.table.ip'), cell: ({ getValue }) => getValue() ?? '' }),
      column.display({
        id: 'values',
        header: t('auditLog.table.values'),
        cell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setOpen({ record: row.original, when: when(row.original) })}
            aria-label={t('auditLog.details.openFor', { when: when(row.original) })}
          >
            {t('auditLog.details.open')}
          </Button>
        ),
      }),
    ];
  }, [t, timeZone, onTimeline]);
  const limited = query.data?.moreThanTotal
    ? t('auditLog.table.moreThan', { limit: query.data.totalElements.toLocaleString('en-US') })
    : undefined;
  return (
    <>
      <DataTable
        title={t('auditLog.table.title')}
        columns={columns}
        query={query}
        paging={paging}
        emptyText={t('auditLog.table.empty')}
        caption={[t('auditLog.table.timeZone', { timeZone }), limited].filter(Boolean).join(' ')}
        getRowId={(row) => row.id}
        actions={actions}
      />
      {open && <RecordValuesDialog record={open.record} when={open.when} onClose={() => setOpen(undefined)} />}
    </>
  );
}
