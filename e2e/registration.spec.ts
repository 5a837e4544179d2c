import type { Page } from '@playwright/test';
import {
  activationLinkFor,
  expect,
  expectNoAxeViolations,
  setLanguage,
  test,
  uniqueEmail,
  type Language,
} from './fixtures';
import { activateThroughLink } from './accounts';
import { text } from './texts';

const PASSWORD = 'Kidney#2026';

/** A text box by its accessible name (the required mark is hidden from it). */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

function select(page: Page, label: string) {
  return page.getByRole('combobox', { name: label, exact: true });
}

async function passCriteria(page: Page, t: (key: string) => string) {
  await page.getByLabel(t('registration.criteria.isAdult')).check();
  await page.getByLabel(t('registration.criteria.kidneyDiseaseStatus')).check();
  await page.getByLabel(t('registration.criteria.nkfRegistrationParticipation')).check();
  await page.getByRole('button', { name: t('registration.next') }).click();
}

async function passAccount(page: Page, t: (key: string) => string, email: string) {
  await field(page, t('registration.fields.email')).fill(email);
  await field(page, t('registration.fields.password')).fill(PASSWORD);
  await page.getByRole('button', { name: t('registration.next') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.personal') })).toBeVisible();
}

async function fillPersonal(page: Page, t: (key: string) => string, language: Language) {
  await field(page, t('registration.fields.firstName')).fill(language === 'en' ? 'Rose' : 'María José');
  await field(page, t('registration.fields.lastName')).fill(language === 'en' ? "O'Neil" : 'de la Cruz');
  await field(page, t('registration.fields.birthDate')).fill('05171960');
  await expect(field(page, t('registration.fields.birthDate'))).toHaveValue('05/17/1960');
  await select(page, t('registration.fields.gender')).selectOption({ index: 2 });
  await select(page, t('registration.fields.country')).selectOption({ index: 1 });
  await field(page, t('registration.fields.postalCode')).fill('17821');
  await expect(select(page, t('registration.fields.language'))).toHaveValue(language);
}

/** Ticks the self-hosted captcha and waits for its proof of work to finish. */
async function solveCaptcha(page: Page) {
  const widget = page.locator('altcha-widget');
  // The widget draws its own box over the native checkbox; a person clicks its label.
  await widget.locator('label').first().click();
  await expect(widget.locator('[data-state="verified"]').first()).toBeAttached({ timeout: 20_000 });
  await expect(widget.getByRole('checkbox')).toBeChecked();
}

for (const language of ['en', 'sp'] as const) {
  test(`a person registers, receives the activation e-mail and activates the account (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = (key: string, values?: Record<string, string>) => text(language, key, values);
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
    await expectNoAxeViolations(page);
    await passAccount(page, t, email);

    await fillPersonal(page, t, language);
    await select(page, t('registration.fields.healthSystem')).selectOption('geisinger');
    const dialog = page.getByRole('dialog', { name: t('registration.healthSystemDialog.title') });
    await expect(dialog).toContainText(t('registration.healthSystemDialog.body', { name: 'Geisinger' }));
    await dialog.getByRole('button', { name: t('registration.healthSystemDialog.yes') }).click();
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
