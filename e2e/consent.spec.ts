import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiLogin, createPatient, logInWithForm, useSignedIn } from './accounts';
import {
  expect,
  expectNoAxeViolations,
  mailsTo,
  setLanguage,
  test,
  today,
  type Language,
  SLOW_STEP_TIMEOUT_MS,
} from './fixtures';
import { drawSignature } from './signing';
import { textsIn } from './texts';

/**
 * Signs in a participant who has not consented: the signing dialog opens on the form's first page; pressing sign
 * with nothing filled names what is missing.
 */
async function openSigning(page: Page, baseURL: string, language: Language) {
  const t = textsIn(language);
  const account = await createPatient(language, 'consent', { consented: false });
  await setLanguage(page, language, baseURL);
  await useSignedIn(page, await apiLogin(account.email, account.password));
  await page.goto('/dashboard');

  const dialog = page.getByRole('dialog', { name: t('consent.sign.title') });
  await expect(dialog).toBeVisible();
  const firstPage = new RegExp(`^${t('consent.sign.pageLabel', { page: '1', pages: 'N' }).replace('N', '\\d+')}$`);
  await expect(dialog.getByRole('region', { name: firstPage })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: t('consent.sign.submit') }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: t('consent.fieldsIncomplete') })).toBeVisible();
  return { account, dialog };
}

/** Signs in a consented participant and opens the withdrawal from the profile menu; it asks for a reason. */
async function openWithdrawal(page: Page, baseURL: string, language: Language) {
  const t = textsIn(language);
  const account = await createPatient(language, 'withdraw');
  await setLanguage(page, language, baseURL);
  await useSignedIn(page, await apiLogin(account.email, account.password));
  await page.goto('/dashboard');

  await page.getByRole('button', { name: t('shell.profileMenu') }).click();
  await page.getByRole('menuitem', { name: t('shell.withdraw') }).click();
  const dialog = page.getByRole('dialog', { name: t('consent.withdraw.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('consent.withdraw.continue') }).click();
  await expect(dialog.getByText(t('consent.reasonRequired'))).toBeVisible();
  await expectNoAxeViolations(page);
  return { account, dialog };
}

// The stories in English; the Spanish journeys read the signing and the withdrawal dialogs in Spanish.
test.describe('Consent', () => {
  const language: Language = 'en';
  const t = textsIn(language);
  const name = 'Rose Walker';

  test('a participant signs the consent with a drawn signature, then views and downloads the copy', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { account, dialog } = await openSigning(page, baseURL!, language);

    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    const nameBox = dialog.getByRole('textbox').first();
    await nameBox.fill(name);
    await drawSignature(page, dialog.getByRole('img', { name: t('consent.sign.padLabel') }));
    await dialog.getByRole('button', { name: t('consent.sign.submit') }).click();
    // The day of signing, taken when it happens: a run that passes midnight (UTC) still expects that day.
    const signedOn = today();

    const thanks = page.getByRole('dialog', { name: t('consent.sign.successTitle') });
    await expect(thanks).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
    await expectNoAxeViolations(page);
    // Closing reloads the page a second later: wait for it before going anywhere else.
    const reloaded = page.waitForEvent('load');
    await thanks.getByRole('button', { name: t('consent.sign.close') }).click();
    await reloaded;
    await expect(page.getByRole('region', { name: t('dashboard.progress.heading') })).toContainText(
      t('dashboard.progress.consentSigned', { date: signedOn }),
      { timeout: SLOW_STEP_TIMEOUT_MS },
    );
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authorize') ?? '{}'));
    const claims = JSON.parse(Buffer.from(stored.access_token.split('.')[1], 'base64url').toString());
    expect(claims.isConsentSigned).toBe(true);

    await expect
      .poll(async () => (await mailsTo(account.email)).length, { timeout: SLOW_STEP_TIMEOUT_MS })
      .toBeGreaterThan(1);

    await page.getByRole('button', { name: t('shell.profileMenu') }).click();
    await page.getByRole('menuitem', { name: t('shell.myInformedConsent') }).click();
    await expect(page).toHaveURL(/\/profile-settings\?tab=consent$/);
    // One row per signed version: the first signing is version 1.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').first()).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText(signedOn);
    const download = row.getByRole('button', { name: t('consent.copy.downloadLabel', { version: '1' }) });
    await expect(download).toBeEnabled();
    await expectNoAxeViolations(page);

    const saved = page.waitForEvent('download');
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe('signed-informed-consent.pdf');
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // Viewing opens the copy in a new tab, cut off from the portal's page: a browser with a PDF viewer shows it
    // there (the headless shell the journeys run in has none, so its tab stays blank); the address it opens is
    // checked beside openBlob.
    const opened = page.context().waitForEvent('page');
    await row.getByRole('button', { name: t('consent.copy.viewLabel', { version: '1' }) }).click();
    expect(await (await opened).evaluate(() => window.opener)).toBeNull();
  });

  test('a participant withdraws with a reason and can no longer log in', async ({ page, baseURL }) => {
    const { account, dialog } = await openWithdrawal(page, baseURL!, language);

    await dialog.getByRole('textbox', { name: t('consent.withdraw.reasonLabel') }).fill('I am moving abroad');
    await dialog.getByRole('button', { name: t('consent.withdraw.continue') }).click();
    const confirm = page.getByRole('dialog', { name: t('consent.withdraw.confirmTitle') });
    await confirm.getByRole('button', { name: t('consent.withdraw.confirm') }).click();

    await expect(page).toHaveURL(/\/login-patient$/);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await logInWithForm(page, language, account.email, account.password);
    await expect(page.getByText(t('error.login.incorrect'))).toBeVisible();
  });

  test('reads in Spanish: the signing dialog and what it says is missing', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(90_000);
    await openSigning(page, baseURL!, 'sp');
  });

  test('reads in Spanish: the withdrawal dialog and its request for a reason', async ({ page, baseURL }) => {
    await openWithdrawal(page, baseURL!, 'sp');
  });
});
