import type { Page } from '@playwright/test';
import type { StaffRole } from '../packages/shared/src/staff/roles';
import { ADMIN, apiLogin, call, loginCodesTo, logInWithForm } from './accounts';
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

/**
 * A staff member of `role` made as the study administrator makes one, through the API: invited (with no health
 * systems, so not a coordinator) in `language`, and the e-mailed invitation accepted with a password.
 */
export async function createStaffMember(
  role: Exclude<StaffRole, 'coordinator'>,
  language: Language,
  tag: string,
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag);
  const admin = await apiLogin(ADMIN.email, ADMIN.password);
  await adminCall(admin, 'POST', '/staff/invitation', {
    firstName: language === 'en' ? 'Jordan' : 'Marisol',
    lastName: language === 'en' ? 'Reyes' : 'Ortega',
    email,
    role,
    healthSystemIds: [],
    language,
  });
  const token = new URL((await invitationFor(email)).link).hash.replace(/^#token=/, '');
  const accepted = await call<{ status: boolean }>('/staff-invitation/accept', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: STAFF_PASSWORD }),
  });
  expect(accepted.body.status, 'invitation accepted through the API').toBe(true);
  return { email, password: STAFF_PASSWORD };
}

/**
 * Signs a staff member in through the login form, as they would: the password alone opens the portal, no code is
 * e-mailed; then System Options from the main navigation.
 */
export async function staffSignsIn(page: Page, language: Language, account: { email: string; password: string }) {
  await page.goto('/login-patient');
  await logInWithForm(page, language, account.email, account.password);
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
