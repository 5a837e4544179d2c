import { activationLinkFor, expect, expectNoAxeViolations, setLanguage, test, uniqueEmail } from './fixtures';
import { activateThroughLink } from './accounts';
import {
  chooseHealthSystem,
  field,
  fillPersonal,
  passAccount,
  passCriteria,
  solveCaptcha,
} from './registration-wizard';
import { textsIn } from './texts';

for (const language of ['en', 'sp'] as const) {
  test(`a person registers, receives the activation e-mail and activates the account (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = textsIn(language);
    const email = uniqueEmail(`journey-${language}`);
    await setLanguage(page, language, baseURL!);
    await page.goto('/register-patient');
    await expect(page.getByRole('heading', { level: 1, name: t('pages.registerPatient') })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('registration.next') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('error.register.criteria') })).toBeVisible();
    await passCriteria(page, t);

    await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.account') })).toBeVisible();
    await field(page, t('registration.fields.password')).fill('short');
    await expect(page.getByText(t('registration.password.length', { min: '8', max: '15' }))).toBeVisible();
    await expect(page.getByText(t('registration.password.upperCase', { count: 1 }))).toBeVisible();
    await expectNoAxeViolations(page);
    await passAccount(page, t, email);

    await fillPersonal(page, t, language);
    await chooseHealthSystem(page, t, 'Geisinger');
    await page.getByRole('button', { name: t('registration.submit') }).click();
    await expect(page.getByText(t('error.register.healthSystemConsent'))).toBeVisible();
    await page.getByLabel(t('registration.healthSystemConsent', { name: 'Geisinger' })).check();
    await solveCaptcha(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('registration.submit') }).click();

    await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.activate') })).toBeVisible();
    await expect(page.getByText(t('registration.activate.body', { email }))).toBeVisible();
    await expectNoAxeViolations(page);

    const { subject, link } = await activationLinkFor(email);
    expect(subject).toBe(
      language === 'en'
        ? 'Activate your Kidney Research Study account'
        : 'Active su cuenta del Estudio de Investigación Renal',
    );
    await activateThroughLink(page, language, link);

    await page.goto(link);
    await expect(page.getByText(t('registration.linkExpired'))).toBeVisible();
  });
}
