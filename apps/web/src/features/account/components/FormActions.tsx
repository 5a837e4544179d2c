import { Button, Stack } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/ui/SubmitButton';

/** Save and Cancel under each account form; Cancel goes to /. */
export function FormActions({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
      <SubmitButton busy={busy} label={t(busy ? 'account.saving' : 'account.save')} />
      <Button variant="outlined" size="large" onClick={() => void navigate('/')}>
        {t('account.cancel')}
      </Button>
    </Stack>
  );
}
