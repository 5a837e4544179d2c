import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { TUserDetails } from '@portal/shared/auth/user-details';
import { DetailsList } from '../../../components/ui/DetailsList';

/** What the participant sees but cannot change here: names, e-mail, phone and zip code. */
export function ReadOnlyDetails({ user }: { user: TUserDetails }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    ['account.profile.firstName', user.firstName],
    ['account.profile.lastName', user.lastName],
    ['account.profile.email', user.email],
    ['account.profile.phone', user.phoneNumber],
    ['account.profile.zip', user.zipCode],
  ];
  return (
    <Box sx={{ mb: 3 }}>
      <DetailsList
        details={rows.map(([label, value]) => ({ label: t(label), value: value || t('account.profile.notProvided') }))}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('account.profile.readOnlyNote')}
      </Typography>
    </Box>
  );
}
