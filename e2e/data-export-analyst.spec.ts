import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { localCalendarDate } from '../packages/shared/src/dates';
import { apiLogin, createPatient, submitQuestionnaireByApi, userIdOf } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, type Language } from './fixtures';
import { createStaffMember, staffSignsIn, systemOptionsSidebar } from './staff-accounts';
import { textsIn } from './texts';

/**
 * The de-identified files' headers, as the server's tests document them (apps/server/test/data-export-deidentified.test.ts):
 * a pseudonym in place of the user ID and no administrator ID; the health-status questionnaire asks with choices
 * and number boxes only, so all its questions stay.
 */
const CONSENT_HEADER = 'participantPseudonym,event,date,healthSystem,formLanguage,formVersion,carriedOutBy';
const ANSWERS_HEADER =
  'participantPseudonym,roundNumber,oneTimeSurveyId,startedAt,submittedAt,general-health,' +
  'health-compared-to-last-year,physically-unhealthy-days,mentally-unhealthy-days,activity-limited-days,' +
  'hospital-stays,overall-quality-of-life';
/** Columns that would identify a participant, in any spelling a file might use. */
const IDENTIFYING_COLUMN = /name|e-?mail|birth|postal|zip|user_?id|participant_?id|address|phone/i;
const EMAIL_ADDRESS = /[^\s,"@]+@[^\s,"@]+\.[a-z]{2,}/i;
const PSEUDONYM = '[0-9a-f]{64}';
/** The participant's health-status answers: numbers no other journey gives, so their row is theirs. */
const ANSWERS = {
  'general-health': 'very-good',
  'health-compared-to-last-year': 'about-the-same',
  'physically-unhealthy-days': 17,
  'mentally-unhealthy-days': 23,
  'activity-limited-days': 11,
  'hospital-stays': 42,
  'overall-quality-of-life': 9,
};
const ANSWERS_ROW = new RegExp(`^(${PSEUDONYM}),\\d+,,[^,]+,[^,]+,${Object.values(ANSWERS).join(',')}$`, 'm');

/**
 * The tabs an analyst's role opens, in the sidebar's order: Withdrawals and Survey Window Open Users for their
 * dashboards, Emails Insight for its figures, and Data Export.
 */
const ANALYST_TABS = [
  'systemOptions.tabs.withdrawals',
  'systemOptions.tabs.emailsInsight',
  'systemOptions.tabs.surveyWindowOpenUsers',
  'systemOptions.tabs.dataExport',
];

/** Presses a Download button and answers the saved file's name, its header and the rest (after the byte-order mark). */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const content = await readFile((await file.path())!, 'utf8');
  expect(content.startsWith('\uFEFF'), 'the file starts with a byte-order mark').toBe(true);
  const [header = '', ...records] = content.slice(1).split('\r\n');
  return { name: file.suggestedFilename(), header, body: records.join('\n') };
}

/** A header names no identifying column, and the body holds no e-mail address. */
function expectDeidentified(file: { header: string; body: string }) {
  for (const column of file.header.split(',')) expect(column).not.toMatch(IDENTIFYING_COLUMN);
  expect(file.body).not.toMatch(EMAIL_ADDRESS);
}

test('an analyst downloads the consent register and a questionnaire’s answers, de-identified', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const language: Language = 'en';
  const t = textsIn(language);
  // A participant who signed consent and answered the health-status questionnaire today.
  const [analyst, participant] = await Promise.all([
    createStaffMember('analyst', language, 'analyst'),
    createPatient(language, 'export-deidentified'),
  ]);
  const tokens = await apiLogin(participant.email, participant.password);
  await submitQuestionnaireByApi(tokens, 'health-status', ANSWERS);
  const participantId = userIdOf(tokens);

  await setLanguage(page, language, baseURL!);
  await staffSignsIn(page, language, analyst);
  const sidebar = systemOptionsSidebar(page, language);
  await expect(sidebar.getByRole('link')).toHaveText(ANALYST_TABS.map((key) => t(key)));
  await sidebar.getByRole('link', { name: t('systemOptions.tabs.dataExport') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.dataExport') })).toBeVisible();
  // No choice of identified files: the analyst is told theirs are de-identified.
  await expect(page.getByText(t('dataExport.identity.analystNote'))).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  const picker = page.getByRole('combobox', { name: t('dataExport.instrument') });
  await expect(picker).toBeVisible();
  await expectNoAxeViolations(page);

  const date = localCalendarDate();
  const consents = await download(page, page.getByRole('button', { name: t('dataExport.consentRegister.download') }));
  expect(consents.name).toBe(`consent-register-deidentified-${date}.csv`);
  expect(consents.header).toBe(CONSENT_HEADER);
  expectDeidentified(consents);
  expect(consents.body).toMatch(new RegExp(`^${PSEUDONYM},(consent|reconsent),\\d{4}-\\d{2}-\\d{2}T`, 'm'));
  expect(consents.body).not.toContain(participantId);

  await picker.selectOption('health-status@1');
  const answers = await download(page, page.getByRole('button', { name: t('dataExport.surveyAnswers.download') }));
  expect(answers.name).toBe(`survey-answers-deidentified-health-status-v1-${date}.csv`);
  expect(answers.header).toBe(ANSWERS_HEADER);
  expectDeidentified(answers);
  expect(answers.body).not.toContain(participantId);
  // The participant's answers under their pseudonym, the same one their consent has in the register.
  const pseudonym = ANSWERS_ROW.exec(answers.body)?.[1];
  expect(pseudonym, 'the participant’s answers in the file').toBeDefined();
  expect(consents.body).toMatch(new RegExp(`^${pseudonym},consent,`, 'm'));
  // Checked from the top: scrolled down, a button half under the sticky header counts as a small target.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);
});
