import { Suspense, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Link, Stack, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import { NativeSelect } from '../../components/ui/NativeSelect';

export interface AccountSettingsTab {
  value: string;
  labelKey: string;
  panel: ReactNode;
}

/**
 * Account settings: a side menu of tabs (a dropdown on small screens) and the chosen tab's
 * panel; `?tab=` with any non-empty value opens My Informed Consent. The tabs come from the features that own
 * them.
 */
export default function ProfileSettingsPage({ tabs }: { tabs: AccountSettingsTab[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const [chosen, setChosen] = useState<string>();
  const asked = search.get('tab') ? 'consent' : (chosen ?? tabs[0]?.value);
  const choose = (value: string) => {
    setChosen(value);
    setSearch(value === 'consent' ? { tab: value } : {});
  };
  const current = tabs.find((tab) => tab.value === asked) ?? tabs[0];
  if (!current) return null;
  return (
    <PageHeading title={t('pages.profileSettings')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        {small ? (
          // On a phone, the sections as one labelled select in place of the side tabs.
          <NativeSelect
            label={t('account.sectionPicker')}
            value={current.value}
            options={tabs.map((tab) => ({ value: tab.value, label: t(tab.labelKey) }))}
            onChange={choose}
            fullWidth
          />
        ) : (
          <Tabs
            orientation="vertical"
            value={current.value}
            onChange={(_event, value: string) => choose(value)}
            aria-label={t('account.menuLabel')}
            sx={{ borderRight: 1, borderColor: 'divider', minWidth: 220 }}
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
        )}
        <Box
          role={small ? 'region' : 'tabpanel'}
          id={`panel-${current.value}`}
          aria-labelledby={small ? `heading-${current.value}` : `tab-${current.value}`}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <Typography id={`heading-${current.value}`} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
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
