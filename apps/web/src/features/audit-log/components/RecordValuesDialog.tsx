import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TAuditRecord } from '@portal/shared/audit-log/audit-log';
import { DetailsList } from '../../../components/ui/DetailsList';
import { recordValues, valueText } from './record-values';

/** One record's values: each value it changed, old and new, then whatever else it noted. */
export function RecordValuesDialog({ record, when, onClose }: { record: TAuditRecord; when: string; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { changes, others } = recordValues(record.action, record.details);
  const shown = (value: unknown) => valueText(value) ?? t('auditLog.details.notRecorded');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('auditLog.details.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{when}</Typography>
        {changes.length > 0 && (
          <Table size="small" aria-labelledby={titleId} sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('auditLog.details.field')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('auditLog.details.old')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('auditLog.details.new')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((change) => (
                <TableRow key={change.field}>
                  <TableCell component="th" scope="row">
                    {change.field}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(change.old)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(change.new)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {others.length > 0 && (
          <DetailsList details={others.map(({ field, value }) => ({ label: field, value: shown(value) }))} />
        )}
        {changes.length === 0 && others.length === 0 && <Typography>{t('auditLog.details.none')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('auditLog.details.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
