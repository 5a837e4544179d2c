import { Alert, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { TFormChange, TReconsent } from '@portal/shared/consent/ceremony';

/** How each kind of change is told; a field change names the field. */
const CHANGE_TEXTS: Record<TFormChange['kind'], string> = {
  document: 'consent.reconsent.document',
  fieldAdded: 'consent.reconsent.fieldAdded',
  fieldChanged: 'consent.reconsent.fieldChanged',
  fieldRemoved: 'consent.reconsent.fieldRemoved',
  formReplaced: 'consent.reconsent.formReplaced',
};

/** Above the form of a participant asked to sign again: the version they signed, when, and what changed since. */
export function ReconsentNotice({ reconsent }: { reconsent: TReconsent }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" role="note">
      <Typography>
        {t('consent.reconsent.notice', { version: String(reconsent.signedVersion), date: reconsent.signedDate })}
      </Typography>
      {reconsent.changes.length > 0 && (
        <List dense aria-label={t('consent.reconsent.changesLabel')} sx={{ listStyleType: 'disc', pl: 3 }}>
          {reconsent.changes.map((change, index) => (
            <ListItem key={index} disableGutters sx={{ display: 'list-item' }}>
              {t(CHANGE_TEXTS[change.kind], { field: change.field ?? '' })}
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}
