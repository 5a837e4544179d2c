import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { localCalendarDate } from '../packages/shared/src/dates';
import { ADMIN, apiLogin, createPatient } from './accounts';
import { expect, expectNoAxeViolations, test, today, type Language } from './fixtures';
import { signInAdmin } from './settings-editors';
import { textsIn } from './texts';

const ANSWERS_HEADER =
  'participantId,roundNumber,oneTimeSurveyId,startedAt,submittedAt,general-health,health-compared-to-last-year,' +
  'physically-unhealthy-days,mentally-unhealthy-days,activity-limited-days,hospital-stays,overall-quality-of-life';
const DICTIONARY_LINES = [
  'code,labelEn,labelSp,type,answersEn,answersSp',
  'general-health,Would you say that in general your health is:,"En general, diría que su salud es:",radiogroup,' +
    'excellent=Excellent | very-good=Very good | good=Good | fair=Fair | poor=Poor,' +
    'excellent=Excelente | very-good=Muy buena | good=Buena | fair=Regular | poor=Mala',
];
const CONSENT_HEADER = 'participantId,event,date,healthSystem,formLanguage,formVersion,carriedOutBy,administratorId';
const VERIFICATION_HEADER = 'participantId,healthSystem,status,consentedAt,updatedAt,lastChange';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Presses a Download button and answers the saved file's name and its records (after the byte-order mark). */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const content = await readFile((await file.path())!, 'utf8');
  expect(content.startsWith('\uFEFF'), 'the file starts with a byte-order mark').toBe(true);
  return { name: file.suggestedFilename(), records: content.slice(1).split('\r\n') };
}

/** Opens the Data Export tab: its instrument picker, and every date to start with. */
async function openDataExport(page: Page, language: Language) {
  const t = textsIn(language);
  await page.goto('/system-options?tab=data-export');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.dataExport') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('systemOptions.tabs.dataExport') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const picker = page.getByRole('combobox', { name: t('dataExport.instrument') });
  await expect(picker).toBeVisible();
  await expect(page.getByText(t('dataExport.range.all'))).toBeVisible();
  await expectNoAxeViolations(page);
  return picker;
}

// The story in English; the Spanish journey reads the tab in Spanish.
test.describe('Data Export', () => {
  test('an administrator downloads each export as a CSV file', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const language: Language = 'en';
    const t = textsIn(language);
    // A participant who signed consent: the consent register has at least one signature.
    await createPatient(language, 'export');
    await signInAdmin(page, baseURL!, language, await apiLogin(ADMIN.email, ADMIN.password));
    const picker = await openDataExport(page, language);

    const date = localCalendarDate();
    await picker.selectOption('health-status@1');
    const answers = await download(page, page.getByRole('button', { name: t('dataExport.surveyAnswers.download') }));
    expect(answers.name).toBe(`survey-answers-health-status-v1-${date}.csv`);
    expect(answers.records[0]).toBe(ANSWERS_HEADER);

    const dictionary = await download(
      page,
      page.getByRole('button', { name: t('dataExport.dataDictionary.download') }),
    );
    expect(dictionary.name).toBe(`data-dictionary-health-status-v1-${date}.csv`);
    expect(dictionary.records.slice(0, 2)).toEqual(DICTIONARY_LINES);

    // This year's consents: the participant made above signed today.
    await page.getByRole('button', { name: t('dateRange.apply') }).click();
    await expect(
      page.getByText(t('dataExport.range.some', { from: `01/01/${date.slice(0, 4)}`, to: today() })),
    ).toBeVisible();
    const consents = await download(page, page.getByRole('button', { name: t('dataExport.consentRegister.download') }));
    expect(consents.name).toBe(`consent-register-${date}.csv`);
    expect(consents.records[0]).toBe(CONSENT_HEADER);
    expect(consents.records[1]).toMatch(new RegExp(`^${UUID},(consent|reconsent),\\d{4}-\\d{2}-\\d{2}T`));
    await page.getByRole('button', { name: t('dataExport.range.clear') }).click();
    await expect(page.getByText(t('dataExport.range.all'))).toBeVisible();

    const verifications = await download(
      page,
      page.getByRole('button', { name: t('dataExport.verificationRegister.download') }),
    );
    expect(verifications.name).toBe(`verification-register-${date}.csv`);
    expect(verifications.records[0]).toBe(VERIFICATION_HEADER);
    // Checked from the top: scrolled down, a button half under the sticky header counts as a small target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
  });

  test('reads in Spanish: the tab, its downloads and a chosen range', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(90_000);
    const sp = textsIn('sp');
    await signInAdmin(page, baseURL!, 'sp', await apiLogin(ADMIN.email, ADMIN.password));
    await openDataExport(page, 'sp');
    for (const key of ['surveyAnswers', 'dataDictionary', 'consentRegister', 'verificationRegister'])
      await expect(page.getByRole('button', { name: sp(`dataExport.${key}.download`) })).toBeVisible();
    await page.getByRole('button', { name: sp('dateRange.apply') }).click();
    await expect(
      page.getByText(sp('dataExport.range.some', { from: `01/01/${localCalendarDate().slice(0, 4)}`, to: today() })),
    ).toBeVisible();
  });
});
