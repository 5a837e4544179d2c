import { Suspense, type ReactNode } from 'react';
import { Box, List, ListItem, ListItemButton, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import { PageLoading } from '../../components/ui/PageLoading';
import { NativeSelect } from '../../components/ui/NativeSelect';
import { focusRing, HEADER_CLEARANCE_PX } from '../../components/ui/styles';

/** The administrators' tabs in the sidebar's order; each one's address is `/system-options?tab=<slug>`. */
const SYSTEM_OPTIONS_SLUGS = [
  'account-activation-reminders',
  'icf-reminders',
  'survey',
  'downtime-banner',
  'withdrawals',
  'health-system-verification',
  'health-system-management',
  'emails-insight',
  'survey-window-open-users',
  'one-time-surveys',
  'security-policy',
  'data-export',
  'audit-log',
] as const;
export type SystemOptionsSlug = (typeof SYSTEM_OPTIONS_SLUGS)[number];

export interface SystemOptionsTab {
  slug: SystemOptionsSlug;
  /** The tab's name in the sidebar (its panel's h2 says the same). */
  labelKey: string;
  /** The panel, loaded on demand. */
  panel: ReactNode;
}

const place = (tab: SystemOptionsTab) => SYSTEM_OPTIONS_SLUGS.indexOf(tab.slug);

/**
 * System Options: a sidebar of links, one address per tab (a select on phones), and the chosen tab's panel.
 * No tab, or one that does not exist, shows the first; the tabs come from the features that own them.
 */
export default function SystemOptionsPage({ tabs }: { tabs: SystemOptionsTab[] }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const ordered = [...tabs].sort((a, b) => place(a) - place(b));
  const current = ordered.find((tab) => tab.slug === search.get('tab')) ?? ordered[0];
  const address = (slug: SystemOptionsSlug) => `?tab=${slug}`;
  return (
    <PageHeading title={t('pages.systemOptions')}>
      {current && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          {small ? (
            // On a phone, the sections as one labelled select in place of the side menu.
            <NativeSelect
              label={t('systemOptions.sectionPicker')}
              value={current.slug}
              options={ordered.map((tab) => ({ value: tab.slug, label: t(tab.labelKey) }))}
              onChange={(slug) => void navigate(address(slug as SystemOptionsSlug))}
              fullWidth
            />
          ) : (
            <Box
              component="nav"
              aria-label={t('systemOptions.navLabel')}
              sx={{
                flex: '0 0 260px',
                borderRight: 1,
                borderColor: 'divider',
                // The sidebar stays in view below the header while a long panel scrolls, so no tab hides under it.
                alignSelf: 'flex-start',
                position: 'sticky',
                top: HEADER_CLEARANCE_PX,
                maxHeight: `calc(100vh - ${HEADER_CLEARANCE_PX}px)`,
                overflowY: 'auto',
              }}
            >
              <List disablePadding>
                {ordered.map((tab) => (
                  <ListItem key={tab.slug} disablePadding>
                    <ListItemButton
                      component={RouterLink}
                      to={address(tab.slug)}
                      selected={tab === current}
                      aria-current={tab === current ? 'page' : undefined}
                      sx={{
                        minHeight: 48,
                        borderLeft: 4,
                        borderColor: 'transparent',
                        '&.Mui-selected': { borderColor: 'primary.main', fontWeight: 600 },
                        ...focusRing,
                      }}
                    >
                      {t(tab.labelKey)}
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Suspense fallback={<PageLoading />}>{current.panel}</Suspense>
          </Box>
        </Stack>
      )}
    </PageHeading>
  );
}
