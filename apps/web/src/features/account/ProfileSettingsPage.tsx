import { Suspense, type ReactNode } from 'react';
import { Box, CircularProgress, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';

export interface AccountSettingsTab {
  value: string;
  labelKey: string;
  panel: ReactNode;
}

/**
 * Account settings (spec section 2): a side menu of tabs and the chosen tab's panel; `?tab=` with any
 * non-empty value opens My Informed Consent. The tabs come from the features that own them.
 */
export default function ProfileSettingsPage({ tabs }: { tabs: AccountSettingsTab[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') ? 'consent' : tabs[0]?.value;
  const current = tabs.find((tab) => tab.value === asked) ?? tabs[0];
  if (!current) return null;
  return (
    <PageHeading title={t('pages.profileSettings')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Tabs
          orientation="vertical"
          value={current.value}
          onChange={(_event, value: string) => setSearch(value === 'consent' ? { tab: value } : {})}
          aria-label={t('account.menuLabel')}
          sx={{ borderRight: { md: 1 }, borderColor: 'divider', minWidth: 220 }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              label={t(tab.labelKey)}
              id={`tab-${tab.value}`}
              aria-controls={`panel-${tab.value}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`panel-${current.value}`} aria-labelledby={`tab-${current.value}`} sx={{ flex: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
            {t(current.labelKey)}
          </Typography>
          <Suspense fallback={<CircularProgress aria-label={t('common.loading')} />}>{current.panel}</Suspense>
        </Box>
      </Stack>
      <Link component={RouterLink} to="/dashboard" sx={{ display: 'inline-block', mt: 4 }}>
        {t('account.exitHome')}
      </Link>
    </PageHeading>
  );
}
