import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, startQuestionnaireByApi, useSignedIn } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, today, type Language } from './fixtures';
import { textsIn } from './texts';

const TITLES = {
  en: { core: 'About you and your kidney health', qualityOfLife: 'Quality of life' },
  sp: { core: 'Sobre usted y la salud de sus riñones', qualityOfLife: 'Calidad de vida' },
};

async function signInAs(page: Page, baseURL: string, language: Language, account: { email: string; password: string }) {
  await setLanguage(page, language, baseURL);
  const tokens = await apiLogin(account.email, account.password);
  await useSignedIn(page, tokens);
  return tokens;
}

/** A consented participant's home page: the first questionnaire to start, the signed date, the round's deadline. */
async function expectOpenQuestionnaires(page: Page, language: Language) {
  const t = textsIn(language);
  await page.goto('/dashboard');

  const next = page.getByRole('region', { name: t('dashboard.next.startTitle', { title: TITLES[language].core }) });
  await expect(next).toBeVisible();
  const progress = page.getByRole('region', { name: t('dashboard.progress.heading') });
  await expect(progress).toContainText(t('dashboard.progress.consentSigned', { date: today() }));
  await expect(progress).toContainText(
    new RegExp(t('dashboard.progress.roundCount', { submitted: 0, count: 3, date: '\\d\\d/\\d\\d/\\d{4}' })),
  );
  await expectNoAxeViolations(page);
  return { next, progress };
}

/** The administrator's home page: the study in figures, no participant's progress. */
async function expectAdminFigures(page: Page, language: Language) {
  const t = textsIn(language);
  await page.goto('/dashboard');
  const participants = page.getByRole('region', { name: t('dashboard.admin.participants') });
  await expect(participants.getByRole('term').first()).toHaveText(t('dashboard.admin.registered'));
  await expect(page.getByRole('region', { name: t('dashboard.progress.heading') })).toHaveCount(0);
  await expectNoAxeViolations(page);
}

// The stories in English; the Spanish journey reads the home page of a participant and of the administrator.
test.describe('Home dashboard', () => {
  const language: Language = 'en';
  const t = textsIn(language);

  test('a new participant is asked to sign the consent first, and can come back to it', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, language, await createPatient(language, 'home-new', { consented: false }));
    await page.goto('/dashboard');
    // The ceremony opens at once while consent is unsigned; "later" closes it and leaves the step on the home page.
    const ceremony = page.getByRole('dialog', { name: t('consent.sign.title') });
    await expect(ceremony).toBeVisible();
    await ceremony.getByRole('button', { name: t('consent.sign.later') }).click();
    await expect(ceremony).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();
    await expect(page.getByText(t('dashboard.welcome', { name: 'Rose' }))).toBeVisible();
    const progress = page.getByRole('region', { name: t('dashboard.progress.heading') });
    await expect(progress).toContainText(t('dashboard.progress.consentWaiting'));
    await expect(progress).toContainText(t('dashboard.progress.afterConsent'));
    await expectNoAxeViolations(page);

    const next = page.getByRole('region', { name: t('consent.prompt.title') });
    await next.getByRole('button', { name: t('consent.prompt.button') }).click();
    await expect(ceremony).toBeVisible();
  });

  test('a consented participant sees the open questionnaires, their deadline and the signed date', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, language, await createPatient(language, 'home-open'));
    const { next, progress } = await expectOpenQuestionnaires(page, language);

    await progress.getByRole('link', { name: t('dashboard.progress.viewConsent') }).click();
    await expect(page).toHaveURL(/\/profile-settings\?tab=consent$/);
    await page.goBack();
    await next.getByRole('link', { name: t('dashboard.next.startButton') }).click();
    await expect(page).toHaveURL(/\/survey$/);
  });

  test('a questionnaire in progress is the next step, to continue', async ({ page, baseURL }) => {
    const tokens = await signInAs(page, baseURL!, language, await createPatient(language, 'home-started'));
    await startQuestionnaireByApi(tokens, 'quality-of-life');
    await page.goto('/dashboard');
    const next = page.getByRole('region', {
      name: t('dashboard.next.continueTitle', { title: TITLES[language].qualityOfLife }),
    });
    await expect(next.getByRole('link', { name: t('dashboard.next.continueButton') })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the administrator sees the study in figures and the way into System Options', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, language, ADMIN);
    await expectAdminFigures(page, language);
    await page.getByRole('link', { name: t('dashboard.admin.openSystemOptions') }).click();
    await expect(page).toHaveURL(/\/system-options$/);
  });

  test('reads in Spanish: a new participant’s, a consented participant’s and the administrator’s home page', async ({
    page,
    baseURL,
  }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(120_000);
    const sp = textsIn('sp');
    await signInAs(page, baseURL!, 'sp', await createPatient('sp', 'home-new', { consented: false }));
    await page.goto('/dashboard');
    const ceremony = page.getByRole('dialog', { name: sp('consent.sign.title') });
    await ceremony.getByRole('button', { name: sp('consent.sign.later') }).click();
    await expect(page.getByRole('heading', { level: 1, name: sp('pages.dashboard') })).toBeVisible();
    await expect(page.getByText(sp('dashboard.welcome', { name: 'Lucía' }))).toBeVisible();
    const progress = page.getByRole('region', { name: sp('dashboard.progress.heading') });
    await expect(progress).toContainText(sp('dashboard.progress.consentWaiting'));
    await expect(progress).toContainText(sp('dashboard.progress.afterConsent'));
    await expect(page.getByRole('region', { name: sp('consent.prompt.title') })).toBeVisible();
    await expectNoAxeViolations(page);

    await signInAs(page, baseURL!, 'sp', await createPatient('sp', 'home-open'));
    await expectOpenQuestionnaires(page, 'sp');
    await signInAs(page, baseURL!, 'sp', ADMIN);
    await expectAdminFigures(page, 'sp');
  });
});
