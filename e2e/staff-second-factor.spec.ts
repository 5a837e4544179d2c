import type { Browser, Page } from '@playwright/test';
import { importPayloadKey, sealPayload } from '../packages/shared/src/crypto/payload-envelope';
import { RECOVERY_CODE_PATTERN } from '../packages/shared/src/staff/second-factor';
import { apiLogin, attemptCookieOf, logInWithForm, PASSKEY_ORIGIN, useSignedIn, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, type Language } from './fixtures';
import { startPortalProcess, type PortalProcess } from './server-pair';
import { createStaffMember, enterAppCode, inviteStaffMember, STAFF_PASSWORD } from './staff-accounts';
import { textsIn, type Texts } from './texts';
import { checkAgainstRfc6238, codeAtStep, shownCodeAfter, stepAt } from './totp';

/**
 * Staff members' second factor, as they meet it: an authenticator app set up after the invitation, its recovery
 * codes, a passkey added on Your security and used to sign in without a password, a recovery code that works once,
 * "Confirm it's you" before a dangerous action once the second factor is no longer recent, and a session ended from
 * another browser. Each journey has a staff member of its own, so the shared administrator's sessions and app codes
 * are never touched.
 */

/** Signs out from the profile menu, confirming: the landing page. */
async function signOut(page: Page, t: Texts) {
  await page.getByRole('button', { name: t('shell.profileMenu') }).click();
  await page.getByRole('menuitem', { name: t('shell.logout') }).click();
  await page
    .getByRole('dialog', { name: t('shell.logoutConfirmTitle') })
    .getByRole('button', { name: t('shell.logout') })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

/** Chooses Your security in the profile menu. */
async function openYourSecurityFrom(page: Page, t: Texts) {
  await page.getByRole('button', { name: t('shell.profileMenu') }).click();
  await page.getByRole('menuitem', { name: t('nav.yourSecurity') }).click();
}

/** Opens Your security from the profile menu. */
async function openYourSecurity(page: Page, t: Texts) {
  await openYourSecurityFrom(page, t);
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: t('security.title') })).toBeVisible();
}

for (const language of ['en', 'sp'] as const) {
  const t = textsIn(language);

  test(`an invited coordinator sets up an authenticator app, keeps the recovery codes, and signs in with the app's code (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The code is worked out by the journey's own generator, checked first against the RFC's own example.
    expect(checkAgainstRfc6238()).toBe('94287082');
    const { email, link } = await inviteStaffMember('coordinator', language, `coordinator-app-${language}`, [
      'Geisinger',
    ]);
    await setLanguage(page, language, baseURL!);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: t('staff.invitation.title') })).toBeVisible();
    await page.getByRole('textbox', { name: t('staff.invitation.password'), exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('textbox', { name: t('staff.invitation.confirmPassword'), exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: t('staff.invitation.accept') }).click();

    // The password is set: now the second way to sign in.
    await expect(page.getByRole('heading', { level: 2, name: t('secondFactor.enrol.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('secondFactor.kinds.app'), exact: true }).click();
    await expect(page.getByRole('img', { name: t('secondFactor.app.qrAlt') })).toBeVisible();
    // The setup key, shown in groups of four for typing into the app: what the journey's app is given.
    const key = page.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    await expect(key).toBeVisible();
    await expectNoAxeViolations(page);
    const secret = (await key.innerText()).replace(/\s+/g, '');
    const enrolledStep = stepAt(Date.now());
    await page.getByRole('textbox', { name: t('secondFactor.app.code') }).fill(codeAtStep(secret, enrolledStep));
    await page.getByRole('button', { name: t('secondFactor.app.confirm'), exact: true }).click();

    // Ten recovery codes, shown this once; Continue waits for the box saying they were saved.
    await expect(page.getByRole('heading', { level: 2, name: t('secondFactor.recovery.title') })).toBeVisible();
    const codes = page.getByRole('list', { name: t('secondFactor.recovery.listLabel') }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    for (const code of await codes.allInnerTexts()) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const continueButton = page.getByRole('button', { name: t('secondFactor.recovery.continue') });
    await expect(continueButton).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: t('secondFactor.recovery.saved') }).check();
    await continueButton.click();
    await expect(page).toHaveURL(/\/system-options/);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.systemOptions') })).toBeVisible();

    await signOut(page, t);
    await page.goto('/login-patient');
    await logInWithForm(page, language, email, STAFF_PASSWORD);
    await expect(page.getByRole('heading', { level: 2, name: t('login.factor.appTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
    // The app's code now: the one used to set it up works no more, so if the app still shows it, the next one.
    const { code } = await shownCodeAfter(secret, enrolledStep);
    await page.getByRole('textbox', { name: t('secondFactor.code.app') }).fill(code);
    await page.getByRole('button', { name: t('secondFactor.challenge.verify') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();
  });

  test(`an administrator adds a passkey on Your security and signs in with it alone (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Passkeys belong to the portal's host name: the journey opens it at http://localhost:<port> (its relying party
    // for a loopback address), in Chromium's virtual authenticator, which answers as a device with a fingerprint.
    const origin = PASSKEY_ORIGIN;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const account = await createStaffMember('studyAdmin', language, `passkey-admin-${language}`);
    await setLanguage(page, language, origin);
    await useSignedIn(page, await apiLogin(account.email, account.password), origin);
    await page.goto(`${origin}/dashboard`);
    await openYourSecurity(page, t);
    const methods = page.getByRole('table', { name: t('security.methods.title') });
    await expect(methods.getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('security.methods.addPasskey') }).click();
    const dialog = page.getByRole('dialog', { name: t('security.methods.addPasskey') });
    await dialog.getByRole('textbox', { name: t('secondFactor.passkey.name') }).fill('Laptop');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('secondFactor.passkey.create') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t('secondFactor.messages.factorAdded') })).toBeVisible();
    await expect(methods.getByRole('row')).toHaveCount(3);
    await expect(methods.getByRole('row').filter({ hasText: 'Laptop' })).toContainText(t('secondFactor.kinds.passkey'));
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expectNoAxeViolations(page);

    await signOut(page, t);
    await page.goto(`${origin}/login-patient`);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.login') })).toBeVisible();
    await expectNoAxeViolations(page);
    // No e-mail, no password: the passkey says whose account it is.
    await page.getByRole('button', { name: t('login.passkey') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();
  });

  test(`a recovery code signs in once, and not twice (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const account = await createStaffMember('helpDesk', language, `recovery-${language}`);
    const [recoveryCode] = account.recoveryCodes;
    await setLanguage(page, language, baseURL!);
    const withRecoveryCode = async () => {
      await page.goto('/login-patient');
      await logInWithForm(page, language, account.email, account.password);
      await expect(page.getByRole('heading', { level: 2, name: t('login.factor.appTitle') })).toBeVisible();
      await page.getByRole('button', { name: t('secondFactor.challenge.useRecoveryCode') }).click();
      await expect(page.getByRole('heading', { level: 2, name: t('login.factor.recoveryTitle') })).toBeVisible();
      await page.getByRole('textbox', { name: t('secondFactor.code.recovery') }).fill(recoveryCode!);
      await page.getByRole('button', { name: t('secondFactor.challenge.verify') }).click();
    };

    await withRecoveryCode();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();
    await signOut(page, t);

    await withRecoveryCode();
    await expect(page.getByRole('alert').filter({ hasText: t('secondFactor.errors.codeInvalid') })).toBeVisible();
    await expect(page).toHaveURL(/\/login-patient$/);
    await expectNoAxeViolations(page);
  });

  test(`ending a session on Your security signs that browser out (${language})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const account = await createStaffMember('helpDesk', language, `sessions-${language}`);
    // This browser is signed in through the API; the other, a phone, through the form: its session says so.
    await setLanguage(page, language, baseURL!);
    await useSignedIn(page, await apiLogin(account.email, account.password));
    const phone = await signedInPhone(browser, language, baseURL!, account);

    await page.goto('/dashboard');
    await openYourSecurity(page, t);
    const sessions = page.getByRole('table', { name: t('security.sessions.title') });
    const phoneRow = sessions.getByRole('row').filter({ hasText: 'iPhone' });
    await expect(phoneRow).toContainText('Safari');
    await expect(sessions.getByRole('row').filter({ hasText: t('security.sessions.thisDevice') })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await phoneRow.getByRole('button', { name: t('security.sessions.end') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('secondFactor.messages.sessionEnded') })).toBeVisible();
    await expect(phoneRow).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The phone's next step that asks the portal finds its session ended: back to the login page, signed out.
    await openYourSecurityFrom(phone, t);
    await expect(phone).toHaveURL(/\/login-patient$/);
    await expect
      .poll(() => phone.evaluate(() => localStorage.getItem('authorize')).catch(() => 'navigating'))
      .toBeNull();
    await expect(phone.getByRole('heading', { level: 1, name: t('pages.login') })).toBeVisible();
    await phone.context().close();
  });
}

/** An iPhone's Safari, as its user agent says: a browser of its own, signed in through the form with the app. */
async function signedInPhone(
  browser: Browser,
  language: Language,
  baseURL: string,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phone = await context.newPage();
  await setLanguage(phone, language, baseURL);
  await phone.goto('/login-patient');
  await logInWithForm(phone, language, account.email, account.password);
  await enterAppCode(phone, language, account.email);
  await expect(phone).toHaveURL(/\/dashboard$/);
  return phone;
}

/**
 * Step-up, on a portal of its own whose second factor covers dangerous actions for STEP_UP_WINDOW seconds instead
 * of five minutes (the five minutes themselves are proven by the server's integration tests, with a moved clock):
 * a download goes through at once while the factor is recent, then asks "Confirm it's you", and goes through once
 * the code is given, without being pressed again.
 */
test.describe('step-up', () => {
  // Both languages use the one portal started for them, one after the other.
  test.describe.configure({ mode: 'default' });
  const STEP_UP_WINDOW = 10;
  const ADMIN = {
    email: 'step-up.admin@example.org',
    password: 'StepUp#Admin1',
    appSecret: 'STEPUPJOURNEYADMINAPPSECRETKEY23',
  };
  let portal: PortalProcess;
  /** The time step of the administrator's app code used last (each code works once). */
  let spentStep = 0;
  /** The administrator's recovery codes not used yet: the journeys' sign-ins and step-ups through the API. */
  let recoveryCodes: string[] = [];

  /** A call of the step-up portal's API; a file's body (not JSON) is read as nothing. */
  const portalCall = async <T>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${portal.url}/common-server${path}`, init);
    const type = response.headers.get('content-type') ?? '';
    const body = (type.includes('json') ? await response.json() : (await response.arrayBuffer(), {})) as T;
    return { status: response.status, headers: response.headers, body };
  };

  /** The administrator's app code as the app shows it, once the one used last has gone. */
  const appCode = async () => {
    const { code, step } = await shownCodeAfter(ADMIN.appSecret, spentStep);
    spentStep = step;
    return code;
  };

  /** The administrator signs in through the API: the password, then `otp` (an app or recovery code). */
  async function signIn(otp: string): Promise<TokenPair> {
    const config = await portalCall<{ data: { payloadKey: string } }>('/client-config');
    const key = await importPayloadKey(config.body.data.payloadKey);
    const login = await portalCall<{ status: boolean }>('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(await sealPayload(key, { email: ADMIN.email, password: ADMIN.password })),
    });
    expect(login.body.status, 'password of the step-up portal’s administrator').toBe(true);
    const factor = await portalCall<{ status: boolean; data: { accessTokenResponse: TokenPair } }>('/login/otp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: attemptCookieOf(login.headers) },
      body: JSON.stringify({ otp, username: ADMIN.email }),
    });
    expect(factor.body.status, 'second factor of the step-up portal’s administrator').toBe(true);
    return factor.body.data.accessTokenResponse;
  }

  /** One of the administrator's recovery codes, used now. */
  const recoveryCode = () => {
    const code = recoveryCodes.shift();
    if (!code) throw new Error('no recovery code left');
    return code;
  };

  // The portal, and recovery codes made with the app's first sign-in: the journeys' own sign-ins and step-ups go
  // through the API with those, so the app's codes are left for the dialog, as a person would type them.
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    portal = await startPortalProcess({
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_TOTP_SECRET: ADMIN.appSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      STEP_UP_WINDOW_S: String(STEP_UP_WINDOW),
    });
    const made = await portalCall<{ data: { recoveryCodes: string[] } }>('/staff-security/recovery-codes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await signIn(await appCode())).access_token}` },
    });
    expect(made.status, 'recovery codes of the step-up portal’s administrator').toBe(200);
    recoveryCodes = made.body.data.recoveryCodes;
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  for (const language of ['en', 'sp'] as const) {
    const t = textsIn(language);

    test(`a download goes through while the second factor is recent, then asks "Confirm it's you" first (${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const tokens = await signIn(recoveryCode());
      const bearer = { Authorization: `Bearer ${tokens.access_token}` };

      await setLanguage(page, language, portal.url);
      await useSignedIn(page, tokens, portal.url);
      await page.goto(`${portal.url}/system-options?tab=data-export`);
      await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.dataExport') })).toBeVisible();
      const download = page.getByRole('button', { name: t('dataExport.verificationRegister.download') });
      await expect(download).toBeVisible();
      await expectNoAxeViolations(page);

      // The factor given just now (as the sign-in gave it): the file comes at once, nothing is asked.
      const stepUp = await portalCall<{ status: boolean }>('/staff-security/step-up', {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ otp: recoveryCode() }),
      });
      expect(stepUp.body.status, 'step-up through the API').toBe(true);
      const [first] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(first.suggestedFilename()).toMatch(/^verification-register-.*\.csv$/);
      const confirm = page.getByRole('dialog', { name: t('secondFactor.stepUp.title') });
      await expect(confirm).toHaveCount(0);

      // Once the window has passed, the server asks for the factor again: the same download is refused so.
      await expect
        .poll(
          async () =>
            (
              await portalCall<{ data?: { errorCode?: string } }>('/data-export/verification-register', {
                headers: bearer,
              })
            ).body.data?.errorCode,
          { intervals: [1_000], timeout: (STEP_UP_WINDOW + 20) * 1000 },
        )
        .toBe('STEP_UP_REQUIRED');

      const second = page.waitForEvent('download');
      await download.click();
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(t('secondFactor.errors.stepUpRequired'));
      await expectNoAxeViolations(page);
      await confirm.getByRole('textbox', { name: t('secondFactor.code.app') }).fill(await appCode());
      await confirm.getByRole('button', { name: t('secondFactor.challenge.verify') }).click();
      await expect(confirm).toBeHidden();
      // Confirmed, the download is made again by itself: the file comes without a second press.
      expect((await second).suggestedFilename()).toMatch(/^verification-register-.*\.csv$/);
    });
  }
});
