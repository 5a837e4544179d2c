import { expect, type Page } from '@playwright/test';
import { PATIENT_PASSWORD } from './accounts';
import type { Language } from './fixtures';

// The registration wizard's steps, filled in as a person would.

type Translate = (key: string, values?: Record<string, string>) => string;

/** A text box by its accessible name (the required mark is hidden from it). */
export function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

export function select(page: Page, label: string) {
  return page.getByRole('combobox', { name: label, exact: true });
}

export async function passCriteria(page: Page, t: (key: string) => string) {
  await page.getByLabel(t('registration.criteria.isAdult')).check();
  await page.getByLabel(t('registration.criteria.kidneyDiseaseStatus')).check();
  await page.getByLabel(t('registration.criteria.nkfRegistrationParticipation')).check();
  await page.getByRole('button', { name: t('registration.next') }).click();
}

export async function passAccount(page: Page, t: (key: string) => string, email: string) {
  await field(page, t('registration.fields.email')).fill(email);
  await field(page, t('registration.fields.password')).fill(PATIENT_PASSWORD);
  await page.getByRole('button', { name: t('registration.next') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.personal') })).toBeVisible();
}

export async function fillPersonal(page: Page, t: (key: string) => string, language: Language) {
  await field(page, t('registration.fields.firstName')).fill(language === 'en' ? 'Rose' : 'María José');
  await field(page, t('registration.fields.lastName')).fill(language === 'en' ? "O'Neil" : 'de la Cruz');
  await field(page, t('registration.fields.birthDate')).fill('05171960');
  await expect(field(page, t('registration.fields.birthDate'))).toHaveValue('05/17/1960');
  await select(page, t('registration.fields.gender')).selectOption({ index: 2 });
  await select(page, t('registration.fields.country')).selectOption({ index: 1 });
  await field(page, t('registration.fields.postalCode')).fill('17821');
  await expect(select(page, t('registration.fields.language'))).toHaveValue(language);
}

/**
 * Chooses a health system by its label and leaves the field, which asks whether the person receives care there
 * (the question never comes while the choice changes); answers Yes.
 */
export async function chooseHealthSystem(page: Page, t: Translate, label: string) {
  const healthSystem = select(page, t('registration.fields.healthSystem'));
  await healthSystem.selectOption({ label });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await healthSystem.press('Tab');
  const dialog = page.getByRole('dialog', { name: t('registration.healthSystemDialog.title') });
  await expect(dialog).toContainText(t('registration.healthSystemDialog.body', { name: label }));
  await dialog.getByRole('button', { name: t('registration.healthSystemDialog.yes') }).click();
  await expect(dialog).toBeHidden();
}

/** Ticks the self-hosted captcha and waits for its proof of work to finish. */
export async function solveCaptcha(page: Page) {
  const widget = page.locator('altcha-widget');
  // The widget draws its own box over the native checkbox; a person clicks its label.
  await widget.locator('label').first().click();
  await expect(widget.locator('[data-state="verified"]').first()).toBeAttached({ timeout: 20_000 });
  await expect(widget.getByRole('checkbox')).toBeChecked();
}
