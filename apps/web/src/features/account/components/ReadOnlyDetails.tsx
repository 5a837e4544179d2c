import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@portal/shared/auth/user-details';

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
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t(label)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } }}>
              {value || t('account.profile.notProvided')}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('account.profile.readOnlyNote')}
      </Typography>
    </Box>
  );
}
