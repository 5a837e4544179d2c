import { Suspense, type ReactNode } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemButton, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { Permission } from '@portal/shared/staff/roles';
import { AdminPanel } from '../../components/admin/AdminPanel';
import { PageHeading } from '../../components/ui/PageHeading';
import { PageLoading } from '../../components/ui/PageLoading';
import { NativeSelect } from '../../components/ui/NativeSelect';
import { focusRing, HEADER_CLEARANCE_PX } from '../../components/ui/styles';
import { useCan } from '../../lib/staff-access';

/**
 * Every System Options tab in the sidebar's order, whether the app gives it yet or not; each one's address is
 * `/system-options?tab=<slug>`.
 */
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
  'staff',
  'participants',
  'study-notices',
] as const;
export type SystemOptionsSlug = (typeof SYSTEM_OPTIONS_SLUGS)[number];

export interface SystemOptionsTab {
  slug: SystemOptionsSlug;
  /** The tab's name in the sidebar (its panel's h2 says the same). */
  labelKey: string;
  /** What the staff member's role must allow for the tab to be listed and opened: any one of these. */
  permissions: readonly Permission[];
  /** The panel, loaded on demand. */
  panel: ReactNode;
}

const place = (tab: SystemOptionsTab) => SYSTEM_OPTIONS_SLUGS.indexOf(tab.slug);
const address = (slug: SystemOptionsSlug) => `?tab=${slug}`;

/**
 * System Options: a sidebar of links to the tabs the staff member's role allows, one address per tab (a select on
 * phones), and the chosen tab's panel. No tab, or one that does not exist, shows the first they may open; a tab
 * their role does not allow says so, with the way to that first tab. The tabs come from the features that own them.
 */
export default function SystemOptionsPage({ tabs }: { tabs: SystemOptionsTab[] }) {
  const { t } = useTranslation();
  const can = useCan();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const opens = (tab: SystemOptionsTab) => tab.permissions.some(can);
  const ordered = tabs.filter(opens).sort((a, b) => place(a) - place(b));
  const asked = tabs.find((tab) => tab.slug === search.get('tab'));
  // A tab the role does not allow is named as such, rather than swapped without a word for another one.
  const current = asked && !opens(asked) ? undefined : (asked ?? ordered[0]);
  return (
    <PageHeading title={t('pages.systemOptions')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        {ordered.length > 0 &&
          (small ? (
            // On a phone, the sections as one labelled select in place of the side menu.
            <NativeSelect
              label={t('systemOptions.sectionPicker')}
              value={current?.slug ?? ''}
              placeholder={current ? undefined : t('systemOptions.choose')}
              options={ordered.map((tab) => ({ value: tab.slug, label: t(tab.labelKey) }))}
              onChange={(slug) => {
                if (slug) void navigate(address(slug as SystemOptionsSlug));
              }}
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
          ))}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {current ? (
            <Suspense fallback={<PageLoading />}>{current.panel}</Suspense>
          ) : (
            <NoAccess firstTab={ordered[0]} />
          )}
        </Box>
      </Stack>
    </PageHeading>
  );
}

/**
 * In place of a panel the role does not allow: what happened, and the way to the first tab the role may open (or
 * home, for a staff member whose role opens none).
 */
function NoAccess({ firstTab }: { firstTab?: SystemOptionsTab }) {
  const { t } = useTranslation();
  return (
    <AdminPanel title={t('systemOptions.noAccess.title')}>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t(firstTab ? 'systemOptions.noAccess.text' : 'systemOptions.noAccess.noTabs')}
      </Alert>
      {firstTab ? (
        <Button variant="contained" size="large" component={RouterLink} to={address(firstTab.slug)} sx={focusRing}>
          {t('systemOptions.noAccess.goTo', { tab: t(firstTab.labelKey) })}
        </Button>
      ) : (
        <Button variant="contained" size="large" component={RouterLink} to="/dashboard" sx={focusRing}>
          {t('systemOptions.noAccess.home')}
        </Button>
      )}
    </AdminPanel>
  );
}
