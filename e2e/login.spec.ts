import {
  apiLogin,
  createPatient,
  logInWithForm,
  loginCodeFor,
  loginCodesTo,
  PATIENT_PASSWORD,
  useSignedIn,
} from './accounts';
import { expect, expectNoAxeViolations, mailsTo, setLanguage, test, type Language } from './fixtures';
import { createStaffMember, enterAppCode } from './staff-accounts';
import { textsIn } from './texts';

/** The subject of the login-code e-mail (apps/server/src/providers/mail/templates). */
const CODE_SUBJECT: Record<Language, string> = {
  en: 'Your Kidney Research Study login code',
  sp: 'Su código de acceso del Estudio de Investigación Renal',
};

// The login screen in both languages; the other stories in English.
for (const language of ['en', 'sp'] as const) {
  const t = textsIn(language);

  test(`a participant logs in with the code from the e-mail and lands on the home page (${language})`, async ({
    page,
    baseURL,
  }) => {
    const account = await createPatient(language, 'login');
    await setLanguage(page, language, baseURL!);
    await page.goto('/login-patient');
    await expect(page.getByRole('heading', { level: 1, name: t('pages.login') })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByText(t('error.login.emailInvalid'))).toBeVisible();
    await expect(page.getByText(t('error.login.passwordRequired'))).toBeVisible();

    const seen = (await loginCodesTo(account.email)).length;
    await logInWithForm(page, language, account.email, account.password);
    await expect(page.getByRole('heading', { level: 2, name: t('login.verifyTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
    const code = await loginCodeFor(account.email, seen);
    expect((await mailsTo(account.email)).at(-1)?.subject).toBe(CODE_SUBJECT[language]);

    const codeBox = page.getByRole('textbox', { name: t('login.code') });
    await page.getByRole('button', { name: t('login.verify') }).click();
    await expect(page.getByText(t('error.loginOTP.empty'))).toBeVisible();
    await codeBox.fill('000000');
    await page.getByRole('button', { name: t('login.verify') }).click();
    await expect(page.getByText(t('error.loginOTP.invalid'))).toBeVisible();

    await codeBox.fill(code);
    await page.getByRole('button', { name: t('login.verify') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authorize') ?? '{}'));
    expect(stored).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    // The account's language is now the page's language too.
    expect((await page.context().cookies()).find((c) => c.name === 'preferredLanguage')?.value).toBe(language);
  });
}

test.describe('login', () => {
  const language: Language = 'en';
  const t = textsIn(language);

  test('a wrong password, then a lockout that even the right password cannot pass', async ({ page, baseURL }) => {
    const account = await createPatient(language, 'lockout');
    await setLanguage(page, language, baseURL!);
    await page.goto('/login-patient');
    // The default security policy locks an account after five consecutive failures.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await logInWithForm(page, language, account.email, `Wrong#Pass${attempt}`);
      await expect(page.getByRole('alert').filter({ hasText: t('error.login.incorrect') })).toBeVisible();
    }
    await logInWithForm(page, language, account.email, PATIENT_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: t('error.login.incorrect') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('login.verifyTitle') })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('what is typed before the app has taken the pre-rendered page over is kept and sent', async ({
    page,
    baseURL,
  }) => {
    await setLanguage(page, language, baseURL!);
    const root = page.locator('#root');
    const email = page.getByRole('textbox', { name: t('login.email') });
    const password = page.getByRole('textbox', { name: t('login.password'), exact: true });
    // Opens the page with the app's start-up held back until the fields have been typed in, as on a slow phone.
    const typeBeforeTakeover = async (open: () => Promise<unknown>, address: string) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/start-portal-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await open();
      await expect(root).toHaveAttribute('aria-busy', 'true');
      await email.fill(address);
      await password.fill('Wrong#Pass1');
      release();
      await expect(root).not.toHaveAttribute('aria-busy');
      await page.unrouteAll();
      await expect(email).toHaveValue(address);
      await expect(password).toHaveValue('Wrong#Pass1');
    };

    // A first visit: the app takes the pre-rendered page over as it is.
    await typeBeforeTakeover(() => page.goto('/login-patient'), 'typed.early@example.org');
    // With something in session storage (a dismissed banner), the app renders the page afresh: what was typed is
    // put back into the new fields.
    await page.evaluate(() => sessionStorage.setItem('downtimeBannerDismissed', 'a window'));
    await typeBeforeTakeover(() => page.reload(), 'typed.again@example.org');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    // The server checked what was typed: no field was found empty.
    await expect(page.getByRole('alert').filter({ hasText: t('error.login.incorrect') })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: t('error.login.emailInvalid') })).toHaveCount(0);
  });

  test('idle for the timeout: the prompt counts down, Stay Logged In keeps the session, then the time-out notice', async ({
    page,
    baseURL,
  }) => {
    // Under the installed clock axe's own timers are fake ones too: each axe pass here takes several times as
    // long as elsewhere (up to 20 s each on a loaded two-core machine).
    test.setTimeout(120_000);
    const account = await createPatient(language, 'idle');
    const tokens = await apiLogin(account.email, account.password);
    await setLanguage(page, language, baseURL!);
    await page.clock.install();
    await useSignedIn(page, tokens);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();

    // 29 minutes without touching anything: the prompt for the last minute (default timeout 30 minutes).
    await page.clock.runFor('29:05');
    const prompt = page.getByRole('dialog', { name: t('session.stillThere') });
    await expect(prompt).toBeVisible();
    // 'Click to stay logged in or you'll be logged out in N seconds', N counting down from 60 (55 by now).
    const countdown = t('session.countdown', { count: 55 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(prompt).toContainText(new RegExp(countdown.replace('55', '[1-5]?\\d')));
    await expectNoAxeViolations(page);
    // Staying trades the refresh token for a new pair; the clock moves on only once the new pair is stored, as
    // no person is idle for half an hour within the moment that takes.
    const storedRefreshToken = () =>
      page.evaluate(
        () => (JSON.parse(localStorage.getItem('authorize') ?? '{}') as { refresh_token?: string }).refresh_token,
      );
    const before = await storedRefreshToken();
    await prompt.getByRole('button', { name: t('session.stayLoggedIn') }).click();
    await expect(prompt).toBeHidden();
    await expect.poll(storedRefreshToken).not.toBe(before);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.clock.runFor('29:10');
    await expect(prompt).toBeVisible();
    await page.clock.runFor('01:00');
    await expect(page).toHaveURL(/\/login-patient\?rsn=iact$/);
    const notice = page.getByRole('dialog', { name: t('session.timedOutTitle') });
    await expect(notice).toContainText(t('session.timedOut'));
    await expect(notice).toContainText(t('session.logInToContinue'));
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: t('session.ok') }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('authorize'))).toBeNull();
  });
});

// A study administrator of the journey's own: the shared administrator's app codes are spent by no journey.
test('an administrator logs in with the code of their authenticator app and reaches System Options', async ({
  page,
}) => {
  const account = await createStaffMember('studyAdmin', 'en', 'staff-login');
  await page.goto('/login-patient');
  await logInWithForm(page, 'en', account.email.toUpperCase(), account.password);
  await enterAppCode(page, 'en', account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await loginCodesTo(account.email), 'no e-mailed code for staff').toEqual([]);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'System Options' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Options' })).toBeVisible();
});

test('a session ended elsewhere signs this browser out cleanly on its next page', async ({ page }) => {
  const account = await createPatient('en', 'elsewhere');
  await useSignedIn(page, await apiLogin(account.email, account.password));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // Logging out in another browser ends every session of the account.
  await apiLogin(account.email, account.password).then((other) =>
    fetch(`${new URL(page.url()).origin}/common-server/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.access_token}` },
    }),
  );
  await page.goto('/education');
  await expect(page).toHaveURL(/\/login-patient$/);
  // The sign-out may still be settling (a second navigation to the same page): storage is read again until the
  // page stays put long enough to answer.
  const stored = () => page.evaluate(() => localStorage.getItem('authorize')).catch(() => 'still navigating');
  await expect.poll(stored).toBeNull();
});

test('two tabs refreshing at the same moment share the new token instead of logging each other out', async ({
  context,
}) => {
  const account = await createPatient('en', 'tabs');
  await context.clock.install();
  const first = await context.newPage();
  await useSignedIn(first, await apiLogin(account.email, account.password));
  const second = await context.newPage();
  const refreshes: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/common-server/refresh-token')) refreshes.push(request.url());
  });
  for (const page of [first, second]) {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  }
  const stored = () => first.evaluate(() => JSON.parse(localStorage.getItem('authorize') ?? '{}').refresh_token);
  const before = await stored();
  // Both tabs' timers come due together, a minute before the five-minute token expires.
  await context.clock.runFor('04:05');
  await expect.poll(stored).not.toBe(before);
  expect(refreshes).toHaveLength(1);
  // Both tabs keep working with the one new token: the server still accepts it everywhere.
  for (const page of [first, second]) {
    await page.goto('/education');
    await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    await expect(page).toHaveURL(/\/education$/);
  }
});
