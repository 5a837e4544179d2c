import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, test, type Language } from './fixtures';
import { adminCall, signInAdmin } from './settings-editors';
import { textsIn } from './texts';

const setPeriod = (admin: TokenPair, period: number) => adminCall(admin, 'PUT', '/survey/config/period', { period });

/** Opens the Audit Log tab; a range the wrong way round is named, and nothing is asked of the server. */
async function openAuditLog(page: Page, language: Language) {
  const t = textsIn(language);
  await page.goto('/system-options?tab=audit-log');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.auditLog') })).toBeVisible({
    timeout: 30_000,
  });
  const table = page.getByRole('table', { name: t('auditLog.table.title') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: t('dateRange.from') }).fill('05/02/2031');
  await page.getByRole('textbox', { name: t('dateRange.to') }).fill('05/01/2031');
  await page.getByRole('button', { name: t('dateRange.apply') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('dateRange.reversed'));
  await page.reload();
  return table;
}

// The story in English; the Spanish journey reads the tab, a search and a timeline in Spanish.
test.describe('Audit Log', () => {
  const language: Language = 'en';
  const t = textsIn(language);

  test('the administrator searches the audit log, pages, reads old and new values, exports and opens a timeline', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // A participant with a history of their own: registered, activated, signed in and consented, then four more
    // sign-ins (a code, then the sign-in, each), so their records fill more than one page of ten.
    const participant = await createPatient(language, 'audited');
    for (let i = 0; i < 4; i += 1) await apiLogin(participant.email, participant.password);
    const admin = await apiLogin(ADMIN.email, ADMIN.password);
    const { value: period } = await adminCall<{ value: number }>(admin, 'GET', '/survey/config/period');
    await setPeriod(admin, period + 1);
    await setPeriod(admin, period);

    await signInAdmin(page, baseURL!, language, admin);
    const table = await openAuditLog(page, language);

    // The participant's records: ten on the first page, their registration (the oldest) on the next.
    const search = page.getByRole('search', { name: t('auditLog.search.label') });
    await search.getByRole('textbox', { name: t('auditLog.search.participant') }).fill(participant.email);
    await search.getByRole('button', { name: t('auditLog.search.submit') }).click();
    await expect(page.getByText(/^\D*1\D+10\D+1[1-9]\D*$/).first()).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(table.getByRole('row').nth(1)).toContainText(participant.email);
    await page.getByRole('button', { name: t('admin.table.nextPage') }).click();
    await expect(table.getByRole('row').filter({ hasText: t('auditLog.action.accountRegistered') })).toBeVisible();

    // The participant's timeline, oldest first, on one page.
    await table
      .getByRole('button', { name: t('auditLog.timeline.openFor', { email: participant.email }) })
      .first()
      .click();
    const timeline = page.getByRole('table', { name: t('auditLog.timeline.title', { email: participant.email }) });
    await expect(timeline.getByRole('row').nth(1)).toContainText(t('auditLog.timeline.registered'));
    const ofKind = (kind: string) =>
      timeline.getByRole('row').filter({ has: page.getByRole('cell', { name: t(kind), exact: true }) });
    await expect(ofKind('auditLog.timeline.kinds.consent')).toHaveCount(1);
    await expect(ofKind('auditLog.timeline.kinds.signIn')).toHaveCount(10);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('auditLog.timeline.back') }).click();

    // The administrator's newest setting change: the survey period put back, its old and new values.
    await search.getByRole('button', { name: t('auditLog.search.clear') }).click();
    await search.getByRole('textbox', { name: t('auditLog.search.actor') }).fill(ADMIN.email);
    await search
      .getByRole('combobox', { name: t('auditLog.search.action') })
      .selectOption({ label: t('auditLog.action.settingChanged') });
    await search.getByRole('button', { name: t('auditLog.search.submit') }).click();
    await expect(table.getByRole('row').nth(1)).toContainText(t('auditLog.action.settingChanged'));
    // Journeys running alongside change settings too: the newest change whose values are this journey's.
    const dialog = page.getByRole('dialog', { name: t('auditLog.details.title') });
    const change = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'value' }) });
    const rows = await table.getByRole('row').count();
    for (let row = 1; row < rows; row += 1) {
      await table
        .getByRole('row')
        .nth(row)
        .getByRole('button', { name: new RegExp(t('auditLog.details.openFor', { when: '' })) })
        .click();
      await expect(dialog).toBeVisible();
      const values = await change.getByRole('cell').allTextContents();
      const ours = (await dialog.getByText('survey-period').count()) > 0 && values.join() === `${period + 1},${period}`;
      if (ours) break;
      await dialog.getByRole('button', { name: t('auditLog.details.close') }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(change.getByRole('cell')).toHaveText([String(period + 1), String(period)]);
    await expect(dialog.getByText('survey-period')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('auditLog.details.close') }).click();

    // The search as a CSV file, and the export in the trail.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('auditLog.export.button') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFat,actor,actorId,action,participant,participantId,ip,details\r\n')).toBe(true);
    expect(csv).toContain(`,${ADMIN.email},`);
    expect(csv).toContain(',setting.changed,');
    await search
      .getByRole('combobox', { name: t('auditLog.search.action') })
      .selectOption({ label: t('auditLog.action.auditLogExported') });
    await search.getByRole('button', { name: t('auditLog.search.submit') }).click();
    await expect(table.getByRole('row').nth(1)).toContainText(t('auditLog.action.auditLogExported'));
    await expect(table.getByRole('row').nth(1)).toContainText(ADMIN.email);
  });

  test('reads in Spanish: the tab, a participant’s records and their timeline', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(120_000);
    const sp = textsIn('sp');
    const participant = await createPatient('sp', 'audited');
    await signInAdmin(page, baseURL!, 'sp', await apiLogin(ADMIN.email, ADMIN.password));
    const table = await openAuditLog(page, 'sp');
    const search = page.getByRole('search', { name: sp('auditLog.search.label') });
    await search.getByRole('textbox', { name: sp('auditLog.search.participant') }).fill(participant.email);
    await search.getByRole('button', { name: sp('auditLog.search.submit') }).click();
    await expect(table.getByRole('row').filter({ hasText: sp('auditLog.action.accountRegistered') })).toBeVisible();
    await table
      .getByRole('button', { name: sp('auditLog.timeline.openFor', { email: participant.email }) })
      .first()
      .click();
    const timeline = page.getByRole('table', { name: sp('auditLog.timeline.title', { email: participant.email }) });
    await expect(timeline.getByRole('row').nth(1)).toContainText(sp('auditLog.timeline.registered'));
    await expect(
      timeline
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: sp('auditLog.timeline.kinds.consent'), exact: true }) }),
    ).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
