import { ADMIN, apiLogin, createPatient, logInWithForm, useSignedIn, type TokenPair } from './accounts';
import { expect, setLanguage, test, SLOW_STEP_TIMEOUT_MS } from './fixtures';
import { PORTAL_PORT } from './ports';
import { createStaffMember, enterAppCode } from './staff-accounts';
import { text } from './texts';

const DOWNTIME_URL = `http://127.0.0.1:${PORTAL_PORT}/common-server/downtime`;

/** Saves the downtime window as an administrator would (POST /downtime). */
async function scheduleDowntime(admin: TokenPair, enable: boolean, startsInMs: number) {
  const start = Date.now() + startsInMs;
  const response = await fetch(DOWNTIME_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access_token}` },
    body: JSON.stringify({
      enableDowntime: enable,
      message: { en: 'The portal is closed for maintenance.', sp: 'El portal está cerrado por mantenimiento.' },
      effectiveStartDate: new Date(start).toISOString(),
      effectiveEndDate: new Date(start + 3_600_000).toISOString(),
      reminderDaysInAdvance: 0,
    }),
  });
  expect(response.status, 'POST /downtime').toBe(200);
}

test.describe.configure({ mode: 'serial' });

test.describe('downtime', () => {
  let admin: TokenPair;
  test.beforeAll(async () => {
    admin = await apiLogin(ADMIN.email, ADMIN.password);
  });
  test.afterAll(async () => {
    await scheduleDowntime(admin, false, 60_000);
  });

  test('a signed-in participant is signed out when downtime starts, and cannot log in during it; the administrator can', async ({
    browser,
    baseURL,
  }) => {
    const accounts = { en: await createPatient('en', 'downtime'), sp: await createPatient('sp', 'downtime') };
    // An administrator of the journey's own, who signs in with their app's code.
    const administrator = await createStaffMember('studyAdmin', 'en', 'downtime-admin');
    const pages = {} as Record<'en' | 'sp', import('@playwright/test').Page>;
    for (const language of ['en', 'sp'] as const) {
      const page = await (await browser.newContext()).newPage();
      await setLanguage(page, language, baseURL!);
      await useSignedIn(page, await apiLogin(accounts[language].email, accounts[language].password));
      pages[language] = page;
    }
    await scheduleDowntime(admin, true, 8_000);
    for (const language of ['en', 'sp'] as const) {
      await pages[language].goto('/dashboard');
      await expect(
        pages[language].getByRole('heading', { level: 1, name: text(language, 'pages.dashboard') }),
      ).toBeVisible();
    }
    for (const language of ['en', 'sp'] as const) {
      const page = pages[language];
      // At the start (compared as instants, in UTC) the participant is signed out to the login page.
      await expect(page).toHaveURL(/\/login-patient$/, { timeout: SLOW_STEP_TIMEOUT_MS });
      expect(await page.evaluate(() => localStorage.getItem('authorize'))).toBeNull();
      await logInWithForm(page, language, accounts[language].email, accounts[language].password);
      await expect(page.getByRole('alert').filter({ hasText: text(language, 'error.systemDown') })).toBeVisible();
    }

    const adminPage = pages.en;
    await logInWithForm(adminPage, 'en', administrator.email, administrator.password);
    await enterAppCode(adminPage, 'en', administrator.email);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await expect(adminPage.getByText('The portal is closed for maintenance.')).toBeVisible();
  });
});
