import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, useSignedIn } from './accounts';
import { expect, expectNoAxeViolations, mailsTo, setLanguage, test, type Language } from './fixtures';
import { sendOneTimeSurveySoon } from './one-time-survey-api';
import { signInAdmin } from './settings-editors';
import { textsIn, type Texts } from './texts';

/** The one-time survey's form: one question, in English and Spanish, as its SurveyJS definition says. */
const FORM = {
  pages: [
    {
      name: 'diet',
      elements: [
        {
          type: 'radiogroup',
          name: 'salt',
          title: {
            default: 'How often do you add salt to your food?',
            es: '¿Con qué frecuencia añade sal a su comida?',
          },
          choices: [
            { value: 'never', text: { default: 'Never', es: 'Nunca' } },
            { value: 'sometimes', text: { default: 'Sometimes', es: 'A veces' } },
          ],
        },
      ],
    },
  ],
};
const WORDS = {
  en: { question: 'How often do you add salt to your food?', never: 'Never' },
  sp: { question: '¿Con qué frecuencia añade sal a su comida?', never: 'Nunca' },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a date-time box takes it (`YYYY-MM-DDTHH:mm`), in the browser's (and this machine's) time zone. */
const localInput = (at: Date) =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** Chooses a file through the button that opens the file picker, as a person does. */
async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; content: string }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.content) });
}

/** Signs the administrator in and opens the One-time Surveys tab, on its list. */
async function openOneTimeSurveys(page: Page, baseURL: string, language: Language, t: Texts) {
  await signInAdmin(page, baseURL, language, await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/system-options?tab=one-time-surveys');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.oneTimeSurveys') })).toBeVisible();
  await expect(page.getByRole('tab', { name: t('oneTimeSurveys.tabs.list'), selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: t('oneTimeSurveys.listTitle') })).toBeVisible();
  await expectNoAxeViolations(page);
}

/**
 * Creates a survey in the editor up to its participants: the names, the form uploaded and previewed in both
 * languages, the dates; then the participants from a CSV file with a byte order mark, a header, a blank line, a
 * repeat and a stranger, whom saving refuses until removed.
 */
async function fillNewSurvey(
  page: Page,
  t: Texts,
  survey: { name: { en: string; sp: string }; send: Date; participant: string; stranger: string },
) {
  await page.getByRole('button', { name: t('oneTimeSurveys.create') }).click();
  await expect(page.getByRole('heading', { level: 3, name: t('oneTimeSurveys.editor.createTitle') })).toBeFocused();
  await page.getByRole('textbox', { name: t('oneTimeSurveys.fields.nameEn') }).fill(survey.name.en);
  await page.getByRole('textbox', { name: t('oneTimeSurveys.fields.nameSp') }).fill(survey.name.sp);
  await chooseFile(page, t('oneTimeSurveys.definition.upload'), {
    name: 'salt.json',
    mimeType: 'application/json',
    content: JSON.stringify(FORM),
  });
  await expect(
    page.getByText(
      t('oneTimeSurveys.definition.read', {
        questions: t('oneTimeSurveys.definition.questions', { count: 1 }),
        pages: t('oneTimeSurveys.definition.pages', { count: 1 }),
      }),
    ),
  ).toBeVisible();
  const preview = page.getByRole('region', { name: t('oneTimeSurveys.preview.title') });
  await expect(preview.getByText(WORDS.en.question)).toBeVisible({ timeout: 30_000 });
  await preview.getByRole('button', { name: 'Español' }).click();
  await expect(preview.getByText(WORDS.sp.question)).toBeVisible();

  const end = new Date(survey.send.getTime() + 7 * 86_400_000);
  const moment = (key: string) => page.getByLabel(new RegExp(`^${t(key)}`));
  await moment('oneTimeSurveys.fields.sendDate').fill(localInput(survey.send));
  await moment('oneTimeSurveys.fields.startDate').fill(localInput(survey.send));
  await moment('oneTimeSurveys.fields.endDate').fill(localInput(end));

  await chooseFile(page, t('oneTimeSurveys.participants.upload'), {
    name: 'participants.csv',
    mimeType: 'text/csv',
    content: `\uFEFFemail\r\n${survey.participant}\r\n\r\n${survey.stranger}\r\n${survey.participant.toUpperCase()}\r\n`,
  });
  await expect(
    page.getByText(t('oneTimeSurveys.participants.fromFile', { fileName: 'participants.csv' })),
  ).toBeVisible();
  await expect(
    page.getByText(
      [
        t('oneTimeSurveys.participants.count', { count: '2' }),
        t('oneTimeSurveys.participants.headerDropped'),
        t('oneTimeSurveys.participants.duplicatesDropped', { count: '1' }),
      ].join(' '),
    ),
  ).toBeVisible();

  // Save checks the rows first: the stranger blocks saving until removed.
  await page.getByRole('button', { name: t('oneTimeSurveys.editor.save') }).click();
  const unmatched = page.getByRole('table', { name: t('oneTimeSurveys.unmatched.title') });
  await expect(
    unmatched.getByRole('row', { name: `4 ${survey.stranger} ${t('oneTimeSurveys.unmatched.notFound')}` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
}

// The story in English; the Spanish journey reads the tab and the editor, up to its refusal of a stranger, in Spanish.
test.describe('One-time surveys', () => {
  const language: Language = 'en';
  const t = textsIn(language);
  const words = WORDS[language];

  test('a one-time survey made from a CSV file is sent, answered, and its rate and participant move', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const participant = await createPatient(language, 'one-time-en');
    const tag = Date.now().toString(36);
    const name = { en: `Salt check-in ${tag}`, sp: `Consulta sobre la sal ${tag}` };
    const shownName = name.en;
    await openOneTimeSurveys(page, baseURL!, language, t);

    const send = new Date(Date.now() + 86_400_000);
    await fillNewSurvey(page, t, { name, send, participant: participant.email, stranger: `nobody.${tag}@example.org` });
    await page.getByRole('button', { name: t('oneTimeSurveys.unmatched.remove', { count: 1 }) }).click();
    await expect(page.getByText(t('oneTimeSurveys.participants.matched', { count: '1' }))).toBeVisible();
    await page.getByRole('button', { name: t('oneTimeSurveys.editor.save') }).click();
    await expect(page.getByText(t('oneTimeSurveys.editor.saved'))).toBeVisible();

    const list = page.getByRole('table', { name: t('oneTimeSurveys.listTitle') });
    const row = list.getByRole('row').filter({ hasText: shownName });
    await expect(row.getByRole('cell').nth(4)).toHaveText(t('oneTimeSurveys.state.upcoming'));
    await expect(row.getByRole('cell').nth(5)).toHaveText('1');

    // On the send date the participant is invited by e-mail, and answers on the Surveys page. The send date moves
    // to a few seconds from now, so the scheduler's next run sends the invitations (it runs every 5 s here).
    await sendOneTimeSurveySoon(await apiLogin(ADMIN.email, ADMIN.password), shownName);
    await expect
      .poll(async () => (await mailsTo(participant.email)).some((mail) => mail.subject.includes(shownName)), {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toBe(true);
    const context = await browser.newContext({ baseURL });
    const patientPage = await context.newPage();
    await setLanguage(patientPage, language, baseURL!);
    await useSignedIn(patientPage, await apiLogin(participant.email, participant.password));
    await patientPage.goto('/survey');
    await patientPage.getByRole('button', { name: t('survey.tour.skip') }).click();
    await patientPage.getByRole('tab', { name: t('survey.tabs.oneTime') }).click();
    await patientPage
      .getByRole('listitem', { name: shownName })
      .getByRole('button', { name: t('survey.start') })
      .click();
    await patientPage.getByRole('radiogroup', { name: words.question }).getByText(words.never, { exact: true }).click();
    await patientPage.getByRole('button', { name: t('survey.runner.submit') }).click();
    await expect(patientPage.getByRole('heading', { level: 2, name: t('survey.runner.thanksTitle') })).toBeFocused();
    await context.close();

    // Analytics: the survey's submission rate is now 100 of 100.
    await page.getByRole('tab', { name: t('oneTimeSurveys.tabs.analytics') }).click();
    await expect(page.getByRole('term').filter({ hasText: t('oneTimeSurveys.stats.total') })).toBeVisible();
    await page.getByText(t('admin.chart.showTable')).click();
    const rates = page.getByRole('table', { name: t('oneTimeSurveys.stats.chartTitle') });
    await expect(rates.getByRole('row', { name: `${shownName} 100` })).toBeVisible();
    await expectNoAxeViolations(page);

    // The detail view: the participant submitted, and no one failed.
    await page.getByRole('tab', { name: t('oneTimeSurveys.tabs.list') }).click();
    await page.getByRole('button', { name: t('oneTimeSurveys.viewNamed', { name: shownName }) }).click();
    await expect(page.getByRole('heading', { level: 3, name: shownName })).toBeFocused();
    const users = page.getByRole('table', { name: t('oneTimeSurveys.usersTitle') });
    await expect(users.getByRole('row').filter({ hasText: participant.email })).toContainText(
      t('oneTimeSurveys.progress.submitted'),
    );
    await expect(page.getByRole('table', { name: t('oneTimeSurveys.failuresTitle') })).toContainText(
      t('oneTimeSurveys.noFailures'),
    );
    await expect(page.getByText(t('error.oneTime.formLocked'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('oneTimeSurveys.backToSurveys') }).click();
    await expect(list).toBeVisible();
  });

  test('reads in Spanish: the tab, the editor and its refusal of an address that is not in the study', async ({
    page,
    baseURL,
  }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(120_000);
    const sp = textsIn('sp');
    const participant = await createPatient('sp', 'one-time-sp');
    const tag = Date.now().toString(36);
    await openOneTimeSurveys(page, baseURL!, 'sp', sp);
    // Nothing is saved: the stranger blocks saving, and the journey ends there.
    await fillNewSurvey(page, sp, {
      name: { en: `Salt check-in ${tag}`, sp: `Consulta sobre la sal ${tag}` },
      send: new Date(Date.now() + 86_400_000),
      participant: participant.email,
      stranger: `nobody.${tag}@example.org`,
    });
  });
});
