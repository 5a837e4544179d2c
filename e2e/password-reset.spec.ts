import { createPatient, logInWithForm, loginCodesTo } from './accounts';
import {
  expect,
  expectNoAxeViolations,
  mailsTo,
  setLanguage,
  test,
  type Language,
  SLOW_STEP_TIMEOUT_MS,
} from './fixtures';
import { textsIn } from './texts';

const NEW_PASSWORD = 'Renal#Path2027';

/** Waits for the reset e-mail to an address and returns the link in it. */
async function resetLinkFor(address: string): Promise<string> {
  const links = async () =>
    (await mailsTo(address))
      .map((mail) => /https?:\/\/[^\s"<>]+\/reset-password\?[^\s"<>]+/.exec(mail.text)?.[0])
      .filter((link): link is string => link !== undefined);
  await expect.poll(async () => (await links()).length, { timeout: SLOW_STEP_TIMEOUT_MS }).toBeGreaterThan(0);
  return (await links()).at(-1)!.replaceAll('&amp;', '&');
}

// The whole reset in both languages (its screens and e-mail read in Spanish too); the broken links in English.
for (const language of ['en', 'sp'] as const) {
  const t = textsIn(language);

  test(`a participant who forgot the password resets it from the e-mailed link and logs in with it (${language})`, async ({
    page,
    baseURL,
  }) => {
    // Registration, two e-mails, a reset and a sign-in with its code: about 25 s, near the 30 s default.
    test.slow();
    const account = await createPatient(language, 'forgot');
    await setLanguage(page, language, baseURL!);
    await page.goto('/login-patient');
    await page.getByRole('link', { name: t('login.forgotPassword') }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectNoAxeViolations(page);

    const email = page.getByRole('textbox', { name: t('login.email') });
    await page.getByRole('button', { name: t('password.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('error.register.emailInvalid') })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // A first try with another address, then "try another address" brings back an empty form.
    await email.fill(`nobody.${account.email}`);
    await page.getByRole('button', { name: t('password.submit') }).click();
    await expect(page.getByText(t('password.resetRequested'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('password.tryAnotherAddress') }).click();
    await expect(email).toHaveValue('');
    await email.fill(account.email);
    await page.getByRole('button', { name: t('password.submit') }).click();
    await expect(page.getByText(t('password.resetRequested'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('password.submit') })).toHaveCount(0);

    const link = await resetLinkFor(account.email);
    await page.goto(link);
    const password = page.getByRole('textbox', { name: t('password.newPassword'), exact: true });
    const confirmation = page.getByRole('textbox', { name: t('password.confirmPassword'), exact: true });
    await expect(password).toBeVisible();
    // The policy checklist sits under the field and ticks off rules as the person types.
    const checklist = page.locator('#password-rules');
    await expect(checklist.getByText(t('registration.password.heading'))).toBeVisible();
    await expect(checklist.getByRole('listitem')).toHaveCount(6);
    await expect(password).toHaveAttribute('aria-describedby', /password-rules/);
    await expectNoAxeViolations(page);
    await password.fill(NEW_PASSWORD);
    await expect(checklist.getByText(`(${t('registration.password.notMet')})`)).toHaveCount(0);
    // The show-password button reveals what was typed, and says so.
    await page
      .getByRole('button', { name: t('registration.fields.showPassword') })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: t('password.newPassword'), exact: true })).toHaveAttribute(
      'type',
      'text',
    );
    await expect(page.getByRole('button', { name: t('registration.fields.hidePassword') })).toHaveCount(1);

    await confirmation.fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: t('password.save') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('error.password.mustMatch') })).toBeVisible();
    await expect(confirmation).toHaveValue('');
    await expectNoAxeViolations(page);
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('password.save') }).click();
    await expect(page.getByText(t('password.resetDone'))).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByRole('main')
      .getByRole('link', { name: t('password.login') })
      .click();
    await expect(page).toHaveURL(/\/login-patient$/);
    const codesBefore = (await loginCodesTo(account.email)).length;
    await logInWithForm(page, language, account.email, NEW_PASSWORD);
    await expect(page.getByRole('heading', { level: 2, name: t('login.verifyTitle') })).toBeVisible();
    await expect.poll(async () => (await loginCodesTo(account.email)).length).toBeGreaterThan(codesBefore);

    // The link worked once; opened again it is dead.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 2, name: t('password.linkExpiredTitle') })).toBeVisible();
  });
}

test.describe('broken reset links', () => {
  const language: Language = 'en';
  const t = textsIn(language);

  test('a reset link without its token or id is expired or invalid too', async ({ page, baseURL }) => {
    await setLanguage(page, language, baseURL!);
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 2, name: t('password.linkExpiredTitle') })).toBeVisible();
    await expect(page.getByRole('link', { name: t('password.askNewLink') })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('a used or unknown reset link says it is expired or invalid and offers a new one', async ({ page, baseURL }) => {
    await setLanguage(page, language, baseURL!);
    await page.goto('/reset-password?token=not-a-real-token&id=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 2, name: t('password.linkExpiredTitle') })).toBeVisible();
    await expect(page.getByText(t('error.password.linkInvalid'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t('password.askNewLink') }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
