import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, logInWithForm } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, today, type Language } from './fixtures';
import { signInAdmin } from './settings-editors';
import { textsIn } from './texts';

// One pending list serves the whole portal, so the journeys run one after the other.
test.describe.configure({ mode: 'serial' });

/** Records a request through the modal's form as an administrator would: form, confirmation, success. */
async function recordRequest(page: Page, language: Language, email: string, reason: string) {
  const t = textsIn(language);
  const dialog = page.getByRole('dialog', { name: t('withdrawals.manual.title') });
  await dialog.getByRole('textbox', { name: t('withdrawals.manual.emailLabel') }).fill(email);
  await dialog.getByRole('textbox', { name: t('withdrawals.manual.reasonLabel') }).fill(reason);
  await dialog.getByRole('button', { name: t('withdrawals.manual.continue') }).click();
  await expect(dialog.getByRole('heading', { name: t('withdrawals.manual.confirmTitle') })).toBeVisible();
  await dialog.getByRole('button', { name: t('withdrawals.manual.confirm') }).click();
  await expect(dialog.getByRole('status').filter({ hasText: t('withdrawals.manual.recorded') })).toBeVisible();
}

/** Opens the Withdrawals tab: its chart, and its list newest first. */
async function openWithdrawals(page: Page, language: Language) {
  const t = textsIn(language);
  await page.goto('/system-options?tab=withdrawals');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.withdrawals') })).toBeVisible();
  await expect(page.getByRole('figure', { name: t('withdrawals.dashboard.title') })).toBeVisible();
  const withdrawn = page.getByRole('table', { name: t('withdrawals.list.title') });
  await expect(withdrawn.getByRole('columnheader', { name: t('withdrawals.list.withdrawalDate') })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expectNoAxeViolations(page);
  return withdrawn;
}

/**
 * Opens the modal on its form, which says the hold; the Pending Requests are one press away, and empty; back on
 * the form, its rules.
 */
async function openRequestForm(page: Page, language: Language) {
  const t = textsIn(language);
  await page.getByRole('button', { name: t('withdrawals.manual.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('withdrawals.manual.title') });
  await expect(dialog.getByText(t('withdrawals.manual.holdSeconds', { count: 20 }))).toBeVisible();
  await dialog.getByRole('button', { name: t('withdrawals.manual.showPending') }).click();
  await expect(dialog.getByText(t('withdrawals.pending.empty'))).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: t('withdrawals.manual.showForm') }).click();

  // The form's rules.
  await dialog.getByRole('button', { name: t('withdrawals.manual.continue') }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: t('withdrawals.manual.emailInvalid') })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: t('consent.reasonRequired') })).toBeVisible();
  await expectNoAxeViolations(page);
  return dialog;
}

// The story in English; the Spanish journey reads the tab, the modal and its form's rules in Spanish.
test.describe('Withdrawals', () => {
  test('a manual request goes from the form to pending to carried out, a deleted one never', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const language: Language = 'en';
    const t = textsIn(language);
    const leaving = await createPatient(language, 'leaving', { consented: false });
    const staying = await createPatient(language, 'staying', { consented: false });
    await signInAdmin(page, baseURL!, language, await apiLogin(ADMIN.email, ADMIN.password));
    const withdrawn = await openWithdrawals(page, language);

    // The dashboard full screen, in its own tab with its own token.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: t('dashboards.openFullScreen') }).click(),
    ]);
    await expect(tab).toHaveURL(/\/dashboards\/withdrawals#token=/);
    await expect(tab.getByRole('heading', { level: 2, name: t('dashboards.titles.withdrawals') })).toBeVisible();
    await expect(tab.getByRole('figure', { name: t('withdrawals.dashboard.title') })).toBeVisible();
    await tab.getByRole('textbox', { name: t('dateRange.from') }).fill('01/01/2026');
    await tab.getByRole('textbox', { name: t('dateRange.to') }).fill('12/31/2025');
    await tab.getByRole('button', { name: t('dateRange.apply') }).click();
    await expect(tab.getByRole('alert')).toHaveText(t('dateRange.reversed'));
    await expectNoAxeViolations(tab);
    await tab.getByRole('textbox', { name: t('dateRange.to') }).fill('01/31/2026');
    await tab.getByRole('button', { name: t('dateRange.apply') }).click();
    // January 2026, long before any journey ran: nothing withdrew then.
    await expect(tab.getByRole('figure', { name: t('withdrawals.dashboard.title') })).toContainText(
      t('withdrawals.dashboard.empty'),
    );
    await tab.close();

    const dialog = await openRequestForm(page, language);
    // An address that matches no participant: said at once, nothing queued.
    await dialog.getByRole('textbox', { name: t('withdrawals.manual.emailLabel') }).fill('nobody.here@example.org');
    await dialog.getByRole('textbox', { name: t('withdrawals.manual.reasonLabel') }).fill('Wrong address');
    await dialog.getByRole('button', { name: t('withdrawals.manual.continue') }).click();
    await dialog.getByRole('button', { name: t('withdrawals.manual.confirm') }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: t('withdrawals.manual.noParticipant') })).toBeVisible();

    // A mistaken request is deleted while it is pending.
    await recordRequest(page, language, staying.email, 'Recorded by mistake');
    await dialog.getByRole('button', { name: t('withdrawals.manual.showPending') }).click();
    const pending = dialog.getByRole('table', { name: t('withdrawals.pending.title') });
    await expect(pending.getByRole('row').filter({ hasText: staying.email })).toContainText('Recorded by mistake');
    await dialog.getByRole('button', { name: t('withdrawals.pending.deleteLabel', { email: staying.email }) }).click();
    const confirm = page.getByRole('dialog', { name: t('withdrawals.pending.deleteTitle') });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: t('withdrawals.pending.deleteConfirm') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: t('withdrawals.manual.deleted') })).toBeVisible();
    await expect(dialog.getByText(t('withdrawals.pending.empty'))).toBeVisible();

    // The request asked for by phone is pending, then carried out when the hold ends.
    await dialog.getByRole('button', { name: t('withdrawals.manual.showForm') }).click();
    const reason = 'Called the study line';
    await recordRequest(page, language, leaving.email, reason);
    await dialog.getByRole('button', { name: t('withdrawals.manual.showPending') }).click();
    await expect(pending.getByRole('row').filter({ hasText: leaving.email })).toContainText(ADMIN.email);
    await dialog.getByRole('button', { name: t('withdrawals.manual.close') }).click();

    const row = withdrawn.getByRole('row').filter({ hasText: leaving.email });
    // The list looks again every ten seconds, so the withdrawal appears without a reload.
    await expect(row).toBeVisible({ timeout: 70_000 });
    await expect(row).toContainText(reason);
    await expect(row).toContainText(today());
    await expect(row).toContainText(t('withdrawals.list.byAdmin', { email: ADMIN.email }));
    await expect(withdrawn.getByRole('row').filter({ hasText: staying.email })).toHaveCount(0);
    await page.getByRole('button', { name: t('withdrawals.manual.open') }).click();
    await dialog.getByRole('button', { name: t('withdrawals.manual.showPending') }).click();
    await expect(dialog.getByText(t('withdrawals.pending.empty'))).toBeVisible();

    // The participant can no longer sign in; the one whose request was deleted still can.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await setLanguage(visitor, language, baseURL!);
    await visitor.goto('/login-patient');
    await logInWithForm(visitor, language, leaving.email, leaving.password);
    await expect(visitor.getByRole('alert').filter({ hasText: t('error.login.incorrect') })).toBeVisible();
    await context.close();
    await apiLogin(staying.email, staying.password);
  });

  test('reads in Spanish: the tab, the request modal and its form’s rules', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(120_000);
    await signInAdmin(page, baseURL!, 'sp', await apiLogin(ADMIN.email, ADMIN.password));
    await openWithdrawals(page, 'sp');
    await openRequestForm(page, 'sp');
  });
});
