import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, signConsentByApi, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, mailsTo, test, today, type Language, SLOW_STEP_TIMEOUT_MS } from './fixtures';
import { mailApiUrl } from './ports';
import { adminCall, signInAdmin } from './settings-editors';
import { textsIn } from './texts';

interface Totals {
  sent: number;
  failed: number;
  bounced: number;
  suppressed: number;
  queued: number;
  deliveryRate: number | null;
}

/** The last 30 days the tab opens on, today last, as YYYY-MM-DD (the journeys' clock and time zone are UTC). */
function last30Days() {
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()) };
}

/**
 * The totals on the screen equal the API's at that moment. Journeys alongside send e-mails meanwhile, so figures
 * that moved between the two readings are read again after a reload.
 */
async function expectTotalsAsApi(page: Page, admin: TokenPair, language: Language) {
  const t = textsIn(language);
  const totals = page.getByRole('figure', { name: t('emailAnalytics.totals') });
  const { from, to } = last30Days();
  let first = true;
  await expect(async () => {
    if (!first) await page.reload();
    first = false;
    await expect(totals.getByRole('definition')).toHaveCount(6);
    const shown = await totals.getByRole('definition').allTextContents();
    const api = await adminCall<{ totals: Totals }>(admin, 'GET', `/email-analytics/summary?from=${from}&to=${to}`);
    const rate = api.totals.deliveryRate;
    expect(shown).toEqual([
      ...[api.totals.sent, api.totals.failed, api.totals.bounced, api.totals.suppressed, api.totals.queued].map(String),
      rate === null ? t('emailAnalytics.noRate') : t('emailAnalytics.percent', { rate: rate.toFixed(1) }),
    ]);
  }).toPass({ timeout: 30_000 });
}

/** A participant whose signed consent copy the mail server refuses for good (the catcher refuses it once). */
async function participantWithFailedCopy(language: Language) {
  const participant = await createPatient(language, 'mailfail', { consented: false });
  const tokens = await apiLogin(participant.email, participant.password);
  await fetch(`${mailApiUrl}/reject-next?to=${encodeURIComponent(participant.email)}`);
  await signConsentByApi(tokens);
  return participant;
}

/** Opens Emails Insight on the last 30 days: its range, its counting rule, the totals as the API gives them. */
async function openEmailsInsight(page: Page, admin: TokenPair, language: Language) {
  const t = textsIn(language);
  await page.goto('/system-options?tab=emails-insight');
  await expect(page.getByRole('link', { name: t('systemOptions.tabs.emailsInsight') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 2, name: t('emailAnalytics.title') })).toBeVisible();
  const { from, to } = last30Days();
  const shownRange = { from: `${from.slice(5, 7)}/${from.slice(8)}/${from.slice(0, 4)}`, to: today() };
  await expect(page.getByText(t('emailAnalytics.rangeShown', shownRange), { exact: false })).toBeVisible();
  await expect(page.getByText(t('emailAnalytics.countingRule', { timeZone: 'UTC' }), { exact: false })).toBeVisible();
  await expectTotalsAsApi(page, admin, language);
  expect(to).toBe(`${today().slice(6)}-${today().slice(0, 2)}-${today().slice(3, 5)}`);
  const followUps = page.getByRole('table', { name: t('emailAnalytics.followUps.title') });
  await expect(followUps.getByRole('rowheader')).toHaveText([
    t('emailAnalytics.followUps.kinds.activationReminder'),
    t('emailAnalytics.followUps.kinds.icfReminder'),
    t('emailAnalytics.followUps.kinds.surveyReminder'),
    t('emailAnalytics.followUps.kinds.oneTimeInvitation'),
  ]);
}

/** The failed signed copy of `email` in the failures: with the server's reply, not bounced, to be sent again. */
async function failedCopyRow(page: Page, language: Language, email: string) {
  const t = textsIn(language);
  const failures = page.getByRole('table', { name: t('emailAnalytics.failures.title') });
  const row = failures.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell')).toHaveText([
    new RegExp(`^${today()} \\d{2}:\\d{2} [AP]M$`),
    email,
    t('emailAnalytics.templates.consentSigned'),
    t(`common.languages.${language}`),
    '1',
    /554/,
    t('emailAnalytics.failures.no'),
    t('emailAnalytics.failures.retry'),
  ]);
  await expectNoAxeViolations(page);
  return { failures, row };
}

// The story in English; the Spanish journey reads the tab and a failed e-mail in Spanish.
test.describe('Emails Insight', () => {
  const language: Language = 'en';
  const t = textsIn(language);

  test('the figures of real e-mails, full screen, another range, and a failed e-mail sent again', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const participant = await participantWithFailedCopy(language);

    const admin = await apiLogin(ADMIN.email, ADMIN.password);
    await signInAdmin(page, baseURL!, language, admin);
    await openEmailsInsight(page, admin, language);

    // Today's e-mails by day, the table under the chart: at least the activation, sign-in code and failed copy.
    const byDay = page.getByRole('figure', { name: t('emailAnalytics.byDay.title') });
    await byDay.getByText(t('admin.chart.showTable')).click();
    const todayRow = byDay.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today() }) });
    await expect(todayRow).toBeVisible();
    const [sent, failed] = (await todayRow.getByRole('cell').allTextContents()).map(Number);
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(failed).toBeGreaterThanOrEqual(1);

    // The failed signed copy is listed with the server's reply, not bounced, and can be sent again.
    const { failures, row } = await failedCopyRow(page, language, participant.email);

    // The same dashboard full screen, in its own tab with its own token; the failures stay in System Options.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: t('dashboards.openFullScreen') }).click(),
    ]);
    await expect(tab).toHaveURL(/\/dashboards\/email-analytics#token=/);
    await expect(tab.getByRole('heading', { level: 2, name: t('dashboards.titles.emailAnalytics') })).toBeVisible();
    await expect(tab.getByRole('figure', { name: t('emailAnalytics.totals') }).getByRole('definition')).toHaveCount(6);
    await expect(tab.getByRole('table', { name: t('emailAnalytics.failures.title') })).toHaveCount(0);
    await expectNoAxeViolations(tab);
    await tab.close();

    await row
      .getByRole('button', { name: t('emailAnalytics.failures.retryLabel', { recipient: participant.email }) })
      .click();
    const dialog = page.getByRole('dialog', { name: t('emailAnalytics.retry.title') });
    await expect(dialog).toContainText(participant.email);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('emailAnalytics.retry.confirm') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('emailAnalytics.retry.queued') })).toBeVisible();
    await expect(row.getByRole('cell').last()).toHaveText(t('emailAnalytics.failures.retried'));
    // This time the signed copy arrives.
    await expect
      .poll(async () => (await mailsTo(participant.email)).filter((m) => /\.pdf/i.test(m.text)).length, {
        timeout: SLOW_STEP_TIMEOUT_MS,
      })
      .toBe(1);

    // Another range: a month long ago holds no e-mails.
    await page.getByRole('textbox', { name: t('dateRange.from') }).fill('01/01/2020');
    await page.getByRole('textbox', { name: t('dateRange.to') }).fill('01/31/2020');
    await page.getByRole('button', { name: t('dateRange.apply') }).click();
    await expect(
      page.getByText(t('emailAnalytics.rangeShown', { from: '01/01/2020', to: '01/31/2020' }), { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('figure', { name: t('emailAnalytics.byDay.title') })).toContainText(
      t('emailAnalytics.empty'),
    );
    await expect(failures).toContainText(t('emailAnalytics.failures.empty'));
    // No provider reports bounces to the journeys' portal: the suppressed addresses are an empty list.
    await expect(page.getByRole('table', { name: t('emailAnalytics.suppressions.title') })).toContainText(
      t('emailAnalytics.suppressions.empty'),
    );
    await expectNoAxeViolations(page);
  });

  test('reads in Spanish: the figures, the follow-ups and a failed e-mail', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(120_000);
    const participant = await participantWithFailedCopy('sp');
    const admin = await apiLogin(ADMIN.email, ADMIN.password);
    await signInAdmin(page, baseURL!, 'sp', admin);
    await openEmailsInsight(page, admin, 'sp');
    await failedCopyRow(page, 'sp', participant.email);
  });
});
