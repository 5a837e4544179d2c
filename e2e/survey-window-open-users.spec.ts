import type { Locator, Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, startQuestionnaireByApi, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, today, type Language } from './fixtures';
import { adminCall, signInAdmin } from './settings-editors';
import { textsIn } from './texts';

/** The round's questionnaires as their own definitions name them, in round order. */
const QUESTIONNAIRES = {
  en: ['About you and your kidney health', 'Quality of life', 'Health status'],
  sp: ['Sobre usted y la salud de sus riñones', 'Calidad de vida', 'Estado de salud'],
} as const;
const NAMES = { en: 'Rose Walker', sp: 'Lucía Ramírez' } as const;

interface Counts {
  openWindows: number;
  notStarted: number;
  started: number;
  submitted: number;
}
interface CompletionDay {
  date: string;
  openWindows: number;
  submitted: number;
}

/**
 * What the screen shows equals what the API says at that moment. Other journeys make participants meanwhile,
 * so a figure that moved between the two readings is read again after a reload.
 */
async function expectSameAsApi(page: Page, onScreen: () => Promise<string[]>, fromApi: () => Promise<string[]>) {
  let first = true;
  await expect(async () => {
    if (!first) await page.reload();
    first = false;
    const shown = await onScreen();
    expect(shown).toEqual(await fromApi());
  }).toPass({ timeout: 30_000 });
}

/** The four figures, once they are on the screen (after a reload they come a moment later). */
async function figuresOf(counts: Locator) {
  await expect(counts.getByRole('definition')).toHaveCount(4);
  return counts.getByRole('definition').allTextContents();
}

/**
 * Opens the tab: the newest windows first, the participant just made on the first page, started on the first
 * questionnaire; and the counts, labelled.
 */
async function openWindowsOf(page: Page, language: Language, email: string) {
  const t = textsIn(language);
  await page.goto('/system-options?tab=survey-window-open-users');
  await expect(
    page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.surveyWindowOpenUsers') }),
  ).toBeVisible({ timeout: 30_000 });

  const table = page.getByRole('table', { name: t('surveyWindow.table.title') });
  const opened = table.getByRole('columnheader', { name: t('surveyWindow.table.opensAt') });
  await expect(table.getByRole('columnheader', { name: t('surveyWindow.table.closesAt') })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await opened.getByRole('button').click();
  await expect(opened).toHaveAttribute('aria-sort', 'ascending');
  await opened.getByRole('button').click();
  await expect(opened).toHaveAttribute('aria-sort', 'descending');
  const row = table.getByRole('row').filter({ hasText: email });
  const [core, qualityOfLife, healthStatus] = QUESTIONNAIRES[language];
  await expect(row.getByRole('cell')).toHaveText([
    NAMES[language],
    email,
    '1',
    today(),
    /^\d{2}\/\d{2}\/\d{4}$/,
    new RegExp(`^${core}`),
  ]);
  await expect(row.getByRole('listitem')).toHaveText([
    `${core}: ${t('survey.status.started')}`,
    `${qualityOfLife}: ${t('survey.status.open')}`,
    `${healthStatus}: ${t('survey.status.open')}`,
  ]);

  const counts = page.getByRole('region', { name: t('surveyWindow.counts.title') });
  await expect(counts.getByRole('term')).toHaveText([
    t('surveyWindow.counts.openWindows'),
    t('surveyWindow.counts.notStarted'),
    t('surveyWindow.counts.started'),
    t('surveyWindow.counts.submitted'),
  ]);
  return counts;
}

/** A participant whose survey window is open, started on its first questionnaire. */
async function participantInWindow(language: Language) {
  const participant = await createPatient(language, 'window');
  await startQuestionnaireByApi(await apiLogin(participant.email, participant.password), 'core');
  return participant;
}

// The story in English; the Spanish journey reads the tab, a participant's progress and the counts in Spanish.
test.describe('Survey Window Open Users', () => {
  const language: Language = 'en';
  const t = textsIn(language);

  test("the administrator sees an open survey window with its progress, the counts and the day's figures", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const participant = await participantInWindow(language);
    const admin: TokenPair = await apiLogin(ADMIN.email, ADMIN.password);
    await signInAdmin(page, baseURL!, language, admin);

    const counts = await openWindowsOf(page, language, participant.email);
    // The counts as the API counts them.
    await expectSameAsApi(
      page,
      () => figuresOf(counts),
      async () => {
        const api = await adminCall<Counts>(admin, 'GET', '/survey/report/count');
        return [api.openWindows, api.notStarted, api.started, api.submitted].map(String);
      },
    );
    const [open, , started] = (await figuresOf(counts)).map(Number);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(started).toBeGreaterThanOrEqual(1);

    // The built-in dashboard: its figures as a table, today last, as the API counts them.
    const chart = page.getByRole('figure', { name: t('surveyWindow.chart.title', { count: 30 }) });
    await expect(chart.getByRole('img', { name: new RegExp(`${today()}:`) })).toBeVisible();
    await chart.getByText(t('admin.chart.showTable')).click();
    const lastDay = chart.getByRole('row').last();
    await expect(lastDay.getByRole('rowheader')).toHaveText(today());
    await expectSameAsApi(
      page,
      async () => {
        if (!(await chart.getByRole('row').last().isVisible()))
          await chart.getByText(t('admin.chart.showTable')).click();
        return chart.getByRole('row').last().locator('td').allTextContents();
      },
      async () => {
        const api = await adminCall<{ days: CompletionDay[] }>(admin, 'GET', '/survey/report/completion?days=30');
        const day = api.days.at(-1)!;
        return [String(day.openWindows), String(day.submitted)];
      },
    );
    await expectNoAxeViolations(page);

    // The same dashboard full screen: its link opens it for an hour in a browser with no session (a wall display),
    // and opens no other dashboard.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: t('dashboards.openFullScreen') }).click(),
    ]);
    await expect(tab).toHaveURL(/\/dashboards\/survey-window-open-users#token=/);
    const link = tab.url();
    await tab.close();
    const wall = await (await browser.newContext()).newPage();
    await setLanguage(wall, language, baseURL!);
    await wall.goto(link);
    await expect(
      wall.getByRole('heading', { level: 2, name: t('dashboards.titles.surveyWindowOpenUsers') }),
    ).toBeVisible();
    const until = t('dashboards.validUntil', { time: 'TIME' }).replace('.', '\\.');
    await expect(
      wall.getByText(new RegExp(until.replace('TIME', '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} [AP]M'))),
    ).toBeVisible();
    const wallCounts = wall.getByRole('region', { name: t('surveyWindow.counts.title') });
    await expect(wallCounts.getByRole('definition')).toHaveCount(4);
    await expect(wall.getByRole('figure', { name: t('surveyWindow.chart.title', { count: 30 }) })).toBeVisible();
    await wall
      .getByRole('combobox', { name: t('surveyWindow.chart.daysLabel') })
      .selectOption({ label: t('surveyWindow.chart.lastDays', { count: 7 }) });
    const week = wall.getByRole('figure', { name: t('surveyWindow.chart.title', { count: 7 }) });
    await week.getByText(t('admin.chart.showTable')).click();
    await expect(week.getByRole('row')).toHaveCount(8);
    await expect(week.getByRole('row').last().getByRole('rowheader')).toHaveText(today());
    await expectNoAxeViolations(wall);
    await wall.goto(link.replace('/survey-window-open-users#', '/withdrawals#'));
    await expect(wall.getByRole('alert')).toContainText(t('dashboards.otherDashboard'));
    await wall.context().close();
  });

  test('reads in Spanish: a participant’s window, their questionnaires and the counts', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(90_000);
    const participant = await participantInWindow('sp');
    await signInAdmin(page, baseURL!, 'sp', await apiLogin(ADMIN.email, ADMIN.password));
    await openWindowsOf(page, 'sp', participant.email);
    await expectNoAxeViolations(page);
  });
});
