import type { Page } from '@playwright/test';
import type { StaffRole } from '../packages/shared/src/staff/roles';
import {
  ADMIN,
  apiLogin,
  appCodeOf,
  attemptCookieOf,
  call,
  enrolAppByApi,
  loginCodesTo,
  logInWithForm,
  type TokenPair,
} from './accounts';
import { expect, mailsTo, SLOW_STEP_TIMEOUT_MS, uniqueEmail, type Language } from './fixtures';
import { adminCall } from './settings-editors';
import { text } from './texts';

/** A password that meets the study's security policy, for staff who accept their invitation. */
export const STAFF_PASSWORD = 'Staff#Pass26';

/** Waits for the n-th e-mail to an address and returns it with the invitation link in it. */
export async function invitationFor(address: string, nth = 1) {
  await expect
    .poll(async () => (await mailsTo(address)).length, { timeout: SLOW_STEP_TIMEOUT_MS })
    .toBeGreaterThanOrEqual(nth);
  const mail = (await mailsTo(address))[nth - 1]!;
  const link = /https?:\/\/[^\s"<>]+\/accept-invitation#token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error('The e-mail holds no invitation link.');
  return { ...mail, link };
}

/** The id of a health system, by its name, read from Health System Management's overview as the Invite dialog does. */
async function healthSystemIdOf(admin: TokenPair, name: string): Promise<string> {
  for (let page = 0; ; page += 1) {
    const { content } = await adminCall<{ content: { id: string; name: string }[] }>(
      admin,
      'GET',
      `/health-system/overview?page=${page}&size=25`,
    );
    const found = content.find((system) => system.name === name);
    if (found) return found.id;
    if (content.length === 0) throw new Error(`no health system named ${name}`);
  }
}

/**
 * The study administrator invites a staff member of `role` through the API, in `language`, for the health systems
 * named (a coordinator's scope); answers the address and the e-mailed invitation link.
 */
export async function inviteStaffMember(
  role: StaffRole,
  language: Language,
  tag: string,
  healthSystems: string[] = [],
): Promise<{ email: string; link: string }> {
  const email = uniqueEmail(tag);
  const admin = await apiLogin(ADMIN.email, ADMIN.password);
  const healthSystemIds = await Promise.all(healthSystems.map((name) => healthSystemIdOf(admin, name)));
  await adminCall(admin, 'POST', '/staff/invitation', {
    firstName: language === 'en' ? 'Jordan' : 'Marisol',
    lastName: language === 'en' ? 'Reyes' : 'Ortega',
    email,
    role,
    healthSystemIds,
    language,
  });
  return { email, link: (await invitationFor(email)).link };
}

/**
 * A staff member of `role` made as the study administrator makes one, through the API: invited (with no health
 * systems, so not a coordinator) in `language`, the e-mailed invitation accepted with a password, and an
 * authenticator app set up as the acceptance asks; the journeys keep the app's secret for the member's sign-ins
 * (apiLogin, staffSignsIn). Answers the account and its ten recovery codes.
 */
export async function createStaffMember(
  role: Exclude<StaffRole, 'coordinator'>,
  language: Language,
  tag: string,
): Promise<{ email: string; password: string; recoveryCodes: string[] }> {
  const { email, link } = await inviteStaffMember(role, language, tag);
  const token = new URL(link).hash.replace(/^#token=/, '');
  const accepted = await call<{ status: boolean; data?: { enrolmentRequired?: boolean } }>('/staff-invitation/accept', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: STAFF_PASSWORD }),
  });
  expect(accepted.body.status, 'invitation accepted through the API').toBe(true);
  expect(accepted.body.data?.enrolmentRequired, 'the acceptance asks for a second factor').toBe(true);
  const { recoveryCodes } = await enrolAppByApi(email, attemptCookieOf(accepted.headers));
  return { email, password: STAFF_PASSWORD, recoveryCodes };
}

/**
 * The second step of a staff member's sign-in on the login form, after the password: the authentication code of
 * their app (one the journeys hold, not spent yet), then Verify.
 */
export async function enterAppCode(page: Page, language: Language, email: string) {
  await expect(page.getByRole('heading', { level: 2, name: text(language, 'login.factor.appTitle') })).toBeVisible();
  await page.getByRole('textbox', { name: text(language, 'secondFactor.code.app') }).fill(await appCodeOf(email));
  await page.getByRole('button', { name: text(language, 'secondFactor.challenge.verify') }).click();
}

/**
 * Signs a staff member in through the login form, as they would: the password, then their app's code (no code is
 * e-mailed); then System Options from the main navigation.
 */
export async function staffSignsIn(page: Page, language: Language, account: { email: string; password: string }) {
  await page.goto('/login-patient');
  await logInWithForm(page, language, account.email, account.password);
  await enterAppCode(page, language, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await loginCodesTo(account.email), 'no login code for staff').toEqual([]);
  await page
    .getByRole('navigation', { name: text(language, 'shell.mainNavigation') })
    .getByRole('link', { name: text(language, 'nav.systemOptions') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: text(language, 'pages.systemOptions') })).toBeVisible();
}

/** The System Options sidebar: its links are the tabs the staff member's role opens, in order. */
export const systemOptionsSidebar = (page: Page, language: Language) =>
  page.getByRole('navigation', { name: text(language, 'systemOptions.navLabel') });
