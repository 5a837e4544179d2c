import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, useSignedIn } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, today, type Language, PHONE } from './fixtures';
import { QUESTIONNAIRE_WORDS as FORMS } from './questionnaire-words';
import { text, textsIn } from './texts';

/** Signs a fresh participant in, in their language, and opens the Surveys screen. */
async function openSurveys(
  page: Page,
  baseURL: string,
  language: Language,
  tag: string,
  options = { consented: true },
) {
  const account = await createPatient(language, tag, options);
  await setLanguage(page, language, baseURL);
  await useSignedIn(page, await apiLogin(account.email, account.password));
  await page.goto('/survey');
  return account;
}

/** Picks an answer the way a person does: by its visible label under the question. */
const answerChoice = (
  page: Page,
  question: string | RegExp,
  choice: string,
  role: 'radiogroup' | 'group' = 'radiogroup',
) => page.getByRole(role, { name: question }).getByText(choice, { exact: true }).click();

/** A 0 to 10 rating: a row of choices on a desktop, the engine's own dropdown on a phone, where they do not fit. */
async function rate(page: Page, question: RegExp, value: string, phone: boolean) {
  if (!phone) return answerChoice(page, question, value);
  await page.getByRole('combobox', { name: question }).click();
  await page.getByRole('option', { name: value, exact: true }).click();
}

for (const [language, phone] of [
  ['en', false],
  ['sp', true],
] as const) {
  const t = textsIn(language);
  const form = FORMS[language];
  const where = `${language}, ${phone ? 'phone' : 'desktop'}`;

  test(`a questionnaire is started, answered in part, reloaded, continued, submitted and found in past surveys (${where})`, async ({
    page,
    baseURL,
  }) => {
    // The whole life of a questionnaire with four axe passes: on two shared cores it has taken over a minute.
    test.setTimeout(150_000);
    if (phone) await page.setViewportSize(PHONE);
    const account = await createPatient(language, 'survey');
    await setLanguage(page, language, baseURL!);
    await useSignedIn(page, await apiLogin(account.email, account.password));

    // The home page's next step is the first questionnaire; elsewhere a notice says one waits.
    await page.goto('/education');
    const notice = page.getByRole('region', { name: t('survey.notice.title') });
    await expect(notice.getByText(t('survey.notice.general'))).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: t('survey.notice.title') })).toHaveCount(0);
    const next = page.getByRole('region', { name: t('dashboard.next.startTitle', { title: form.core }) });
    await next.getByRole('link', { name: t('dashboard.next.startButton') }).click();
    await expect(page).toHaveURL(/\/survey$/);

    // The welcome tour on the first visit: a step forward, then skipped.
    await expect(page.getByRole('dialog', { name: t('survey.tour.welcomeTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('survey.tour.next') }).click();
    await expect(page.getByRole('dialog', { name: t('survey.tour.currentTitle') })).toBeVisible();
    await page.getByRole('button', { name: t('survey.tour.skip') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect(page.getByRole('tab', { name: t('survey.tabs.current'), selected: true })).toBeVisible();
    const card = page.getByRole('listitem', { name: form.healthStatus });
    await expect(card.getByText(t('survey.status.open'))).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: t('survey.start') }).click();

    // The first page, answered; the second, answered in part.
    await expect(page).toHaveURL(/\/survey\?survey=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: form.healthStatus })).toBeVisible();
    await expectNoAxeViolations(page);
    await answerChoice(page, form.generalHealth, form.good);
    await answerChoice(page, form.comparedToLastYear, form.aboutTheSame);
    await page.getByRole('button', { name: form.next }).click();
    await expect(page.getByRole('heading', { level: 3, name: form.recentDays })).toBeVisible();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/survey/response/'));
    await page.getByRole('spinbutton', { name: form.physicalDays }).fill('3');
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: t('survey.runner.saved') })).toBeVisible();

    // A reload opens the same page with the answers kept.
    await page.reload();
    await expect(page.getByRole('heading', { level: 3, name: form.recentDays })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: form.physicalDays })).toHaveValue('3');
    await page.getByRole('spinbutton', { name: form.mentalDays }).fill('0');
    await page.getByRole('spinbutton', { name: form.limitedDays }).fill('1');
    await page.getByRole('button', { name: form.next }).click();
    await rate(page, form.overall, '7', phone);
    await page.getByRole('button', { name: t('survey.runner.submit') }).click();

    await expect(page.getByRole('heading', { level: 2, name: t('survey.runner.thanksTitle') })).toBeFocused();
    await expect(page.getByText(t('survey.submitted'))).toBeVisible();
    await page
      .getByRole('link', { name: t('survey.runner.back') })
      .first()
      .click();

    // Submitted: in past surveys with today's date, and read-only.
    await expect(
      page.getByRole('listitem', { name: form.healthStatus }).getByText(t('survey.status.submitted')),
    ).toBeVisible();
    await page.getByRole('tab', { name: t('survey.tabs.past') }).click();
    const row = page.getByRole('row', { name: new RegExp(form.healthStatus) });
    await expect(row.getByRole('cell', { name: t('survey.pastStatus.submitted') })).toBeVisible();
    await expect(row.getByRole('cell', { name: today() })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: t('survey.view') }).click();
    await expect(page.getByText(t('survey.runner.submittedOn', { date: today() }))).toBeVisible();
    await expect(page.getByRole('radio', { name: form.good, exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: form.fair, exact: true })).toHaveAttribute('readonly');
    await expect(page.getByRole('button', { name: t('survey.runner.submit') })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
}

test('switching language keeps the answers; Continue carries on and the tour is not shown again', async ({
  page,
  baseURL,
}) => {
  const en = FORMS.en;
  const sp = FORMS.sp;
  await openSurveys(page, baseURL!, 'en', 'survey-language');
  await page.getByRole('button', { name: text('en', 'survey.tour.skip') }).click();
  await page.getByRole('listitem', { name: en.core }).getByRole('button', { name: 'Start' }).click();
  await answerChoice(page, en.cause, en.diabetes, 'group');
  await answerChoice(page, en.stage, en.stage4);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('Español');
  // The page reloads in Spanish and loads the form engine anew, on a machine shared with another journey.
  await expect(page.getByRole('heading', { level: 2, name: sp.core })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: sp.cause }).getByRole('checkbox', { name: sp.diabetes })).toBeChecked();
  await expect(page.getByRole('radio', { name: sp.stage4, exact: true })).toBeChecked();

  // Skip logic: dialysis brings its own page.
  await answerChoice(page, sp.treatment, sp.dialysis);
  await page.getByRole('button', { name: sp.next }).click();
  await expect(page.getByRole('heading', { level: 3, name: sp.dialysis })).toBeVisible();

  await page.getByRole('link', { name: text('sp', 'survey.runner.back') }).click();
  const card = page.getByRole('listitem', { name: sp.core });
  await expect(card.getByText(text('sp', 'survey.status.started'))).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await card.getByRole('button', { name: text('sp', 'survey.continue') }).click();
  await expect(page.getByRole('heading', { level: 3, name: sp.dialysis })).toBeVisible();
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByRole('radio', { name: sp.dialysis, exact: true })).toBeChecked();
});

test('surveys wait for consent, and administrators have none', async ({ page, baseURL }) => {
  await openSurveys(page, baseURL!, 'sp', 'survey-unsigned', { consented: false });
  await expect(page.getByText(text('sp', 'survey.error.consentRequired'))).toBeVisible();
  await expect(page.getByRole('link', { name: text('sp', 'survey.signConsent') })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await useSignedIn(page, await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/survey');
  await expect(page).toHaveURL(/\/system-options$/);
});
