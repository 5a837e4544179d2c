import type { Browser, Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, enrolAppByApi, userIdOf } from './accounts';
import { expect, expectNoAxeViolations, test, uniqueEmail, type Language } from './fixtures';
import { signInAdmin } from './settings-editors';
import { invitationFor, STAFF_PASSWORD, staffSignsIn, systemOptionsSidebar } from './staff-accounts';
import { mailText, textsIn } from './texts';

/** The health system the coordinator covers, and the one outside their scope (both in the seed). */
const GEISINGER = { value: 'geisinger', name: 'Geisinger' };
const RIVERSIDE = 'riverside';

/** The tabs a coordinator's role opens, in the sidebar's order. */
const COORDINATOR_TABS = [
  'systemOptions.tabs.withdrawals',
  'systemOptions.tabs.healthSystemVerification',
  'systemOptions.tabs.surveyWindowOpenUsers',
  'systemOptions.tabs.participants',
];

/** The coordinator invited in each language. */
const NAMES: Record<Language, { firstName: string; lastName: string }> = {
  en: { firstName: 'Casey', lastName: 'Morgan' },
  sp: { firstName: 'Carmen', lastName: 'Valdés' },
};

/** A participant who chose a health system at registration, by user ID. */
async function participantOf(language: Language, healthSystem: string) {
  const { email, password } = await createPatient(language, `staff-scope-${healthSystem}`, {
    consented: false,
    healthSystem,
  });
  return userIdOf(await apiLogin(email, password));
}

/**
 * The administrator invites a coordinator for Geisinger through the Invite dialog: a coordinator without a health
 * system is refused under the field first; sent, the invited row is found by the address.
 */
async function inviteCoordinator(page: Page, language: Language, email: string) {
  const t = textsIn(language);
  await page.goto('/system-options');
  await systemOptionsSidebar(page, language)
    .getByRole('link', { name: t('systemOptions.tabs.staff') })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.staff') })).toBeVisible();
  // Checked from the top: the link clicked far down the sidebar scrolled the page, and a button under the sticky
  // header counts as a small target.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t('staff.invite.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('staff.invite.title') });
  await dialog.getByRole('textbox', { name: t('staff.fields.firstName') }).fill(NAMES[language].firstName);
  await dialog.getByRole('textbox', { name: t('staff.fields.lastName') }).fill(NAMES[language].lastName);
  await dialog.getByRole('textbox', { name: t('staff.fields.email') }).fill(email);
  await dialog.getByRole('combobox', { name: t('staff.fields.role') }).selectOption({
    label: t('staff.roles.coordinator'),
  });
  await expect(dialog.getByText(t('staff.roleSummaries.coordinator'))).toBeVisible();
  await dialog
    .getByRole('combobox', { name: t('staff.fields.language') })
    .selectOption({ label: t(`common.languages.${language}`) });
  await dialog.getByRole('button', { name: t('staff.invite.submit') }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: t('staff.errors.healthSystemsRequired') })).toBeVisible();
  await expectNoAxeViolations(page);

  const systems = dialog.getByRole('group', { name: t('staff.fields.healthSystems') });
  await systems.getByRole('checkbox', { name: GEISINGER.name, exact: true }).check();
  await dialog.getByRole('button', { name: t('staff.invite.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: t('staff.messages.invited') })).toBeVisible();

  const row = await findStaffMember(page, language, email);
  await expect(row).toContainText(`${NAMES[language].firstName} ${NAMES[language].lastName}`);
  await expect(row).toContainText(t('staff.roles.coordinator'));
  await expect(row).toContainText(GEISINGER.name);
  await expect(row).toContainText(t('staff.status.invited'));
  await expectNoAxeViolations(page);
}

/** Searches the Staff tab for an address: the one row of that member. */
async function findStaffMember(page: Page, language: Language, email: string) {
  const t = textsIn(language);
  const search = page.getByRole('search', { name: t('staff.search.label') });
  await search.getByRole('textbox', { name: t('staff.search.field') }).fill(email);
  await search.getByRole('button', { name: t('staff.search.submit') }).click();
  const rows = page.getByRole('table', { name: t('staff.table.title') }).getByRole('row');
  await expect(rows).toHaveCount(2);
  return rows.filter({ hasText: email });
}

/**
 * The invitation's link, opened by the coordinator in a browser of their own: the page speaks the invitation's
 * language; a password against the policy is refused with its message, a good one accepts, and the second factor
 * is asked for next.
 */
async function acceptInvitation(browser: Browser, language: Language, email: string, link: string) {
  const t = textsIn(language);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: t('staff.invitation.title') })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: t('staff.invitation.welcome', NAMES[language]) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const password = page.getByRole('textbox', { name: t('staff.invitation.password'), exact: true });
  const confirmation = page.getByRole('textbox', { name: t('staff.invitation.confirmPassword'), exact: true });
  await password.fill('password');
  await confirmation.fill('password');
  await page.getByRole('button', { name: t('staff.invitation.accept') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('error.register.passwordPolicy') })).toBeVisible();
  await expectNoAxeViolations(page);

  await password.fill(STAFF_PASSWORD);
  await confirmation.fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: t('staff.invitation.accept') }).click();
  // Accepted, the invitation asks for a second way to sign in. Its screens are the second-factor journey's
  // (staff-second-factor.spec.ts): here the app is set up through the API, on this browser's login attempt.
  await expect(page.getByRole('heading', { level: 2, name: t('secondFactor.enrol.title') })).toBeVisible();
  const attempt = (await context.cookies()).find((cookie) => cookie.name === 'login_attempt');
  await enrolAppByApi(email, `login_attempt=${attempt?.value ?? ''}`);
  return { context, page };
}

/**
 * Signed in, the coordinator's sidebar lists their tabs only; a deep link to another tab says they have no access,
 * with the way to their first tab.
 */
async function coordinatorTabs(page: Page, language: Language, email: string) {
  const t = textsIn(language);
  await staffSignsIn(page, language, { email, password: STAFF_PASSWORD });
  const sidebar = systemOptionsSidebar(page, language);
  await expect(sidebar.getByRole('link')).toHaveText(COORDINATOR_TABS.map((key) => t(key)));
  await expect(page.getByRole('heading', { level: 2, name: t(COORDINATOR_TABS[0]!) })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/system-options?tab=security-policy');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.noAccess.title') })).toBeVisible();
  await expect(page.getByText(t('systemOptions.noAccess.text'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.securityPolicy') })).toHaveCount(0);
  await expect(sidebar.getByRole('link')).toHaveText(COORDINATOR_TABS.map((key) => t(key)));
  await expectNoAxeViolations(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: t('systemOptions.noAccess.goTo', { tab: t(COORDINATOR_TABS[0]!) }) })
    .click();
  await expect(page).toHaveURL(/\/system-options\?tab=withdrawals$/);
  await expect(page.getByRole('heading', { level: 2, name: t(COORDINATOR_TABS[0]!) })).toBeVisible();
}

/**
 * In Health System Verification the coordinator chooses among their own health system only; by it they find
 * their Geisinger participant, while a Riverside participant's ID finds nothing.
 */
async function coordinatorVerification(page: Page, language: Language, ours: string, theirs: string) {
  const t = textsIn(language);
  await systemOptionsSidebar(page, language)
    .getByRole('link', { name: t('systemOptions.tabs.healthSystemVerification') })
    .click();
  await expect(
    page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.healthSystemVerification') }),
  ).toBeVisible();
  const select = page.getByRole('combobox', { name: t('verification.search.healthSystem') });
  await expect(select.getByRole('option')).toHaveText([
    t('verification.search.chooseHealthSystem'),
    t('verification.search.allHealthSystems'),
    GEISINGER.name,
  ]);
  await expectNoAxeViolations(page);

  const box = page.getByRole('textbox', { name: t('verification.search.userId') });
  const records = page.getByRole('table', { name: t('verification.records.title') });
  await select.selectOption(GEISINGER.value);
  await page.getByRole('button', { name: t('verification.search.search'), exact: true }).click();
  await expect(records.getByRole('row').nth(1)).toContainText(GEISINGER.name);
  await box.fill(ours);
  await box.press('Enter');
  await expect(records.getByRole('row')).toHaveCount(2);
  await expect(records.getByRole('row').filter({ hasText: ours })).toContainText(GEISINGER.name);
  await expect(page.getByText(t('verification.records.count', { count: 1 }))).toBeVisible();
  await expectNoAxeViolations(page);

  await select.selectOption({ label: t('verification.search.allHealthSystems') });
  await box.fill(theirs);
  await box.press('Enter');
  await expect(records.getByText(t('verification.records.empty'))).toBeVisible();
  await expect(page.getByText(t('verification.records.none'))).toBeVisible();
  await expectNoAxeViolations(page);
}

// The whole story in each language: the administrator invites, the coordinator accepts and works within scope.
for (const language of ['en', 'sp'] as const) {
  test(`a coordinator invited for Geisinger accepts, signs in and sees only their tabs and participants (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const t = textsIn(language);
    const email = uniqueEmail(`coordinator-${language}`);
    const [ours, theirs] = await Promise.all([
      participantOf(language, GEISINGER.value),
      participantOf(language, RIVERSIDE),
    ]);

    await signInAdmin(page, baseURL!, language, await apiLogin(ADMIN.email, ADMIN.password));
    await inviteCoordinator(page, language, email);

    // The invitation arrives in the language chosen for it.
    const invitation = await invitationFor(email);
    expect(invitation.subject).toBe(mailText(language, 'staffInvitation.subject'));
    expect(invitation.text).toContain(
      mailText(language, 'staffInvitation.greeting', { name: NAMES[language].firstName }),
    );
    expect(invitation.text).toContain(mailText(language, 'staffRoles.coordinator'));
    expect(invitation.link.startsWith(`${baseURL}/accept-invitation#token=`)).toBe(true);

    const coordinator = await acceptInvitation(browser, language, email, invitation.link);
    await coordinatorTabs(coordinator.page, language, email);
    await coordinatorVerification(coordinator.page, language, ours, theirs);
    await coordinator.context.close();

    // Back in the administrator's list, the coordinator is active and has signed in.
    await page.reload();
    const row = await findStaffMember(page, language, email);
    await expect(row).toContainText(t('staff.status.active'));
    await expect(row).not.toContainText(t('staff.table.never'));
  });
}
