import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, userIdOf } from './accounts';
import { expect, expectNoAxeViolations, test, type Language } from './fixtures';
import { signInAdmin } from './settings-editors';
import { text, textsIn } from './texts';

/** The health system the seed onboards, which these participants choose at registration. */
const HEALTH_SYSTEM = { value: 'geisinger', name: 'Geisinger' };
/** A user ID no participant has. */
const UNKNOWN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';

/** A registered participant who chose the health system, by user ID. */
async function participantOfHealthSystem(language: Language, tag: string): Promise<string> {
  const { email, password } = await createPatient(language, tag, {
    consented: false,
    healthSystem: HEALTH_SYSTEM.value,
  });
  return userIdOf(await apiLogin(email, password));
}

/** The user IDs in the rows of the records table, top to bottom. */
const listedIds = async (table: Locator) =>
  (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split(/\s/)[0]!);
/** The Updated On moments of the rows, top to bottom. */
const listedUpdates = (table: Locator) =>
  table.locator('tbody time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));

/** Presses a sortable header once, and waits for the rows of that order. */
async function sortBy(header: Locator, order: 'ascending' | 'descending' | 'none') {
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', order);
  await expect(header.locator('xpath=ancestor::table')).toHaveAttribute('aria-busy', 'false');
}

async function searchById(page: Page, language: Language, id: string) {
  const box = page.getByRole('textbox', { name: text(language, 'verification.search.userId') });
  await box.fill(id);
  await box.press('Enter');
}

/**
 * Opens the tab and searches: a search needs a valid ID or a health system; an ID typed in upper case is found,
 * Enter searching; an ID no one has finds nothing.
 */
async function openAndSearch(page: Page, baseURL: string, language: Language, single: string) {
  const t = textsIn(language);
  await signInAdmin(page, baseURL, language, await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/system-options?tab=health-system-verification');
  await expect(
    page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.healthSystemVerification') }),
  ).toBeVisible();
  await expect(page.getByText(t('verification.records.searchFirst'))).toBeVisible();
  await expectNoAxeViolations(page);

  // A search needs a valid ID or a health system; an ID typed in upper case is found, Enter searching.
  const box = page.getByRole('textbox', { name: t('verification.search.userId') });
  await expect(box).toHaveAttribute('placeholder', t('verification.search.userIdPlaceholder'));
  await page.getByRole('button', { name: t('verification.search.search'), exact: true }).click();
  const searchError = page.getByRole('alert').filter({ hasText: t('verification.searchNeeded') });
  await expect(searchError).toBeVisible();
  await searchById(page, language, '1234-not-an-id');
  await expect(searchError).toBeVisible();
  await expect(box).toHaveAttribute('aria-describedby', (await searchError.getAttribute('id'))!);
  await expectNoAxeViolations(page);
  await searchById(page, language, single.toUpperCase());
  const records = page.getByRole('table', { name: t('verification.records.title') });
  await expect(records.getByRole('row')).toHaveCount(2);
  const row = records.getByRole('row').filter({ hasText: single });
  await expect(row).toContainText(HEALTH_SYSTEM.name);
  await expect(row).toContainText(t('verification.status.pending'));
  await expect(page.getByText(t('verification.records.count', { count: 1 }))).toBeVisible();
  await searchById(page, language, UNKNOWN_ID);
  await expect(records.getByText(t('verification.records.empty'))).toBeVisible();
  await expect(page.getByText(t('verification.records.none'))).toBeVisible();
  return { box, records, row };
}

// The story in English; the Spanish journey opens the tab and searches in Spanish.
test.describe('Health System Verification', () => {
  test('search, sort, edit one, update many from a CSV, download and undo', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const language: Language = 'en';
    const t = textsIn(language);
    const [single, first, second] = (await Promise.all(
      ['single', 'bulk-a', 'bulk-b'].map((tag) => participantOfHealthSystem(language, `verify-${tag}-${language}`)),
    )) as [string, string, string];
    const { box, records, row } = await openAndSearch(page, baseURL!, language, single);

    // Emptying the box ends the search but keeps the health system; by health system, the headers sort.
    const select = page.getByRole('combobox', { name: t('verification.search.healthSystem') });
    await select.selectOption(HEALTH_SYSTEM.value);
    await box.fill('');
    await expect(page.getByText(t('verification.records.searchFirst'))).toBeVisible();
    await expect(select).toHaveValue(HEALTH_SYSTEM.value);
    await page.getByRole('button', { name: t('verification.search.search'), exact: true }).click();
    await expect(records.getByRole('row').filter({ hasText: first })).toBeVisible();
    const idHeader = records.getByRole('columnheader', { name: t('verification.records.userId') });
    await expect(idHeader).toHaveAttribute('aria-sort', 'none');
    await sortBy(idHeader, 'ascending');
    expect(await listedIds(records)).toEqual((await listedIds(records)).toSorted());
    await sortBy(idHeader, 'descending');
    expect(await listedIds(records)).toEqual((await listedIds(records)).toSorted().toReversed());
    await sortBy(idHeader, 'none');
    const updatedHeader = records.getByRole('columnheader', { name: t('verification.records.updatedOn') });
    await sortBy(updatedHeader, 'ascending');
    expect(await listedUpdates(records)).toEqual((await listedUpdates(records)).toSorted());
    await sortBy(updatedHeader, 'descending');
    expect(await listedUpdates(records)).toEqual((await listedUpdates(records)).toSorted().toReversed());
    await sortBy(updatedHeader, 'none');
    await expectNoAxeViolations(page);

    // One record edited: the status is asked for, saved, and the list reloads when the dialog closes.
    await searchById(page, language, single);
    await row.getByRole('button', { name: t('verification.records.editOne', { userId: single }) }).click();
    const edit = page.getByRole('dialog', { name: t('verification.edit.title') });
    await expect(edit.getByText(t('verification.edit.userId', { userId: single }))).toBeVisible();
    await edit.getByRole('button', { name: t('verification.edit.save') }).click();
    await expect(edit.getByRole('alert').filter({ hasText: t('verification.statusRequired') })).toBeVisible();
    await expectNoAxeViolations(page);
    await edit.getByRole('radio', { name: t('verification.status.verified') }).check();
    await edit.getByRole('button', { name: t('verification.edit.save') }).click();
    await expect(edit.getByRole('status')).toHaveText(t('verification.updated', { count: 1 }));
    await edit.getByRole('button', { name: t('verification.close') }).click();
    await expect(row).toContainText(t('verification.status.verified'));

    // Many from a CSV file: a bad ID and an unknown one are issues, said before the update and left out.
    await page.getByRole('button', { name: t('verification.bulk.open') }).click();
    const bulk = page.getByRole('dialog', { name: t('verification.bulk.title') });
    await expect(bulk.getByRole('link', { name: t('verification.bulk.template') })).toHaveAttribute(
      'download',
      'verification_template.csv',
    );
    await bulk.getByLabel(t('verification.bulk.importCsv')).setInputFiles({
      name: 'ids.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `\uFEFFuserId\r\n${first}\r\n"${second.toUpperCase()}"\r\n=cmd\r\n\r\n${UNKNOWN_ID}\r\n${first}\r\n`,
      ),
    });
    await expect(bulk.getByText(t('verification.bulk.fromFile', { fileName: 'ids.csv' }))).toBeVisible();
    await expect(bulk.getByRole('alert').filter({ hasText: t('verification.idsInvalid') })).toBeVisible();
    await expect(bulk.getByRole('button', { name: t('verification.preview.data', { count: '3' }) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const valid = bulk.getByRole('table', { name: t('verification.preview.dataTitle') });
    await expect(valid.getByRole('row')).toHaveCount(4);
    await bulk.getByRole('button', { name: t('verification.preview.issues', { count: '2' }) }).click();
    const issues = bulk.getByRole('table', { name: t('verification.preview.issuesTitle') });
    await expect(issues.getByRole('row').filter({ hasText: UNKNOWN_ID })).toContainText(
      t('verification.issues.notFound'),
    );
    await expect(issues.getByRole('row').filter({ hasText: '=cmd' })).toContainText(t('verification.issues.invalid'));
    await bulk.getByRole('radio', { name: t('verification.status.rejected') }).check();
    await expectNoAxeViolations(page);
    await bulk.getByRole('button', { name: t('verification.bulk.continue') }).click();
    await expect(
      bulk.getByText(t('verification.bulk.confirmBody', { count: 2, status: t('verification.status.rejected') })),
    ).toBeVisible();
    await expect(bulk.getByText(t('verification.bulk.confirmLeftOut', { count: 2 }))).toBeVisible();
    await bulk.getByRole('button', { name: t('verification.bulk.confirm') }).click();
    await expect(bulk.getByRole('status')).toHaveText(
      t('verification.bulk.result', {
        updated: t('verification.bulk.updated', { count: 2 }),
        leftOut: t('verification.bulk.leftOut', { count: 2 }),
      }),
    );
    await bulk.getByRole('button', { name: t('verification.close') }).click();
    await searchById(page, language, second);
    await expect(records.getByRole('row').filter({ hasText: second })).toContainText(t('verification.status.rejected'));

    // The update in the history: its result file, then its undo, which puts the statuses back.
    const history = page.getByRole('table', { name: t('verification.history.title') });
    const undoButton = page.getByRole('button', { name: t('verification.history.undo') });
    const update = history
      .getByRole('row')
      .filter({ hasText: t('verification.history.sources.bulk') })
      .filter({ hasText: ADMIN.email })
      .filter({ has: undoButton })
      .first();
    await expect(update).toContainText(t('verification.status.rejected'));
    // Requested, applied and left out: the unknown ID and the invalid one.
    await expect(update.getByRole('cell').nth(4)).toHaveText('4');
    await expect(update.getByRole('cell').nth(5)).toHaveText('2');
    await expect(update.getByRole('cell').nth(6)).toHaveText('2');
    const download = page.waitForEvent('download');
    await update.getByRole('button', { name: t('verification.history.download') }).click();
    const file = await (await download).path();
    const result = await readFile(file!, 'utf8');
    expect(result).toContain(`${first},Pending,Rejected,updated`);
    expect(result).toContain(`${second},Pending,Rejected,updated`);
    expect(result).toContain(`${UNKNOWN_ID},,,notFound`);
    // The spreadsheet reads the invalid entry as text, never as a formula.
    expect(result).toContain(`'=cmd,,,invalid`);

    await update.getByRole('button', { name: t('verification.history.undo') }).click();
    const confirm = page.getByRole('dialog', { name: t('verification.history.undoTitle') });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: t('verification.history.undoConfirm') }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: t('verification.undone', {
          restored: t('verification.undoneRestored', { count: 2 }),
          kept: t('verification.undoneKept', { count: 0 }),
        }),
      }),
    ).toBeVisible();
    await expect(
      history
        .getByRole('row')
        .filter({ hasText: t('verification.history.sources.undo') })
        .first(),
    ).toContainText(ADMIN.email);
    await expect(records.getByRole('row').filter({ hasText: second })).toContainText(t('verification.status.pending'));
    await expectNoAxeViolations(page);
  });

  test('reads in Spanish: the tab, its search and its messages', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(90_000);
    await openAndSearch(page, baseURL!, 'sp', await participantOfHealthSystem('sp', 'verify-single-sp'));
  });
});
