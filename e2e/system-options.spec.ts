import { ADMIN, apiLogin } from './accounts';
import { expect, expectNoAxeViolations, test, PHONE } from './fixtures';
import { signInAdmin } from './settings-editors';
import { textsIn } from './texts';

const TABS = [
  'systemOptions.tabs.accountActivationReminders',
  'systemOptions.tabs.icfReminders',
  'systemOptions.tabs.survey',
  'systemOptions.tabs.downtimeBanner',
  'systemOptions.tabs.withdrawals',
  'systemOptions.tabs.healthSystemVerification',
  'systemOptions.tabs.healthSystemManagement',
  'systemOptions.tabs.emailsInsight',
  'systemOptions.tabs.surveyWindowOpenUsers',
  'systemOptions.tabs.oneTimeSurveys',
  'systemOptions.tabs.securityPolicy',
  'systemOptions.tabs.dataExport',
  'systemOptions.tabs.auditLog',
  'systemOptions.tabs.staff',
  'systemOptions.tabs.participants',
  'systemOptions.tabs.studyNotices',
];

test('System Options on a desktop in English: each tab is an address that links, Back, reload and the keyboard keep', async ({
  page,
  baseURL,
}) => {
  const t = textsIn('en');
  const panel = (key: string) => page.getByRole('heading', { level: 2, name: t(key) });
  await signInAdmin(page, baseURL!, 'en', await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/system-options?tab=icf-reminders');
  await expect(panel('systemOptions.tabs.icfReminders')).toBeVisible();
  const nav = page.getByRole('navigation', { name: t('systemOptions.navLabel') });
  await expect(nav.getByRole('link')).toHaveText(TABS.map((key) => t(key)));
  await expect(nav.getByRole('link', { name: t('systemOptions.tabs.icfReminders') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);

  await nav.getByRole('link', { name: t('systemOptions.tabs.securityPolicy') }).click();
  await expect(page).toHaveURL(/\/system-options\?tab=security-policy$/);
  await expect(panel('systemOptions.tabs.securityPolicy')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t('pages.systemOptions') })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/system-options\?tab=icf-reminders$/);
  await expect(panel('systemOptions.tabs.icfReminders')).toBeVisible();
  await page.reload();
  await expect(panel('systemOptions.tabs.icfReminders')).toBeVisible();

  // From the page's heading, Tab reaches the sidebar's first link, with a visible focus ring, and Enter opens it.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Tab');
  const first = nav.getByRole('link', { name: t('systemOptions.tabs.accountActivationReminders') });
  await expect(first).toBeFocused();
  await expect(first).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: t('systemOptions.tabs.icfReminders') })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/system-options\?tab=account-activation-reminders$/);
  await expect(panel('systemOptions.tabs.accountActivationReminders')).toBeVisible();

  // A tab that does not exist shows the first.
  await page.goto('/system-options?tab=nonsense');
  await expect(panel('systemOptions.tabs.accountActivationReminders')).toBeVisible();
  await expect(first).toHaveAttribute('aria-current', 'page');
});

test('System Options on a phone in Spanish: a labelled select switches tabs, and Back returns', async ({
  page,
  baseURL,
}) => {
  const t = textsIn('sp');
  const panel = (key: string) => page.getByRole('heading', { level: 2, name: t(key) });
  await page.setViewportSize(PHONE);
  await signInAdmin(page, baseURL!, 'sp', await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/system-options');
  await expect(panel('systemOptions.tabs.accountActivationReminders')).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('systemOptions.navLabel') })).toHaveCount(0);
  const picker = page.getByRole('combobox', { name: t('systemOptions.sectionPicker') });
  await expect(picker.getByRole('option')).toHaveText(TABS.map((key) => t(key)));
  await expectNoAxeViolations(page);

  await picker.selectOption({ label: t('systemOptions.tabs.downtimeBanner') });
  await expect(page).toHaveURL(/\/system-options\?tab=downtime-banner$/);
  await expect(panel('systemOptions.tabs.downtimeBanner')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/system-options$/);
  await expect(panel('systemOptions.tabs.accountActivationReminders')).toBeVisible();
  await expect(picker).toHaveValue('account-activation-reminders');
});
