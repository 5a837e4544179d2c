import { apiLogin, call, useSignedIn, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test } from './fixtures';
import { INBOX_PARTICIPANTS, REMINDER_PASSWORD } from './reminder-participants';
import { textsIn } from './texts';

/**
 * The participants of e2e/backdated-registrations.ts registered and activated their accounts 24 hours before the
 * portal started and have not signed the consent. With the consent reminder on day 1 after activation that the
 * journeys' set-up schedules (global-setup.ts), each gets one today, and finds it in Messages: the header counts it, opening it marks it read, and its link leads to the consent.
 */

/**
 * Waits until the participant's consent reminder is in their inbox: the reminder job runs every 5 s here
 * (SCHEDULER_INTERVAL_S); the wait allows for a portal slowed down by a busy machine.
 */
async function unreadOnceReminded(tokens: TokenPair) {
  await expect
    .poll(
      async () =>
        (
          await call<{ data: { unread: number } }>('/messages/unread-count', {
            headers: { authorization: `Bearer ${tokens.access_token}` },
          })
        ).body.data.unread,
      {
        timeout: 150_000,
        intervals: [2_000],
        message:
          'the consent reminder in Messages (a data directory reused from an earlier run: use a fresh E2E_DATA_DIR)',
      },
    )
    .toBe(1);
}

test.describe('the Messages page', () => {
  for (const language of ['en', 'sp'] as const) {
    test(`a participant opens the consent reminder in Messages, which marks it read and leads to the consent (${language})`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const t = textsIn(language);
      const tokens = await apiLogin(INBOX_PARTICIPANTS[language].email, REMINDER_PASSWORD);
      await unreadOnceReminded(tokens);

      await setLanguage(page, language, baseURL!);
      await useSignedIn(page, tokens);
      await page.goto('/education');
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: t('inbox.link', { count: 1 }) }).click();
      await expect(page).toHaveURL(/\/messages$/);
      await expect(page.getByRole('heading', { level: 1, name: t('inbox.title') })).toBeVisible();
      await expect(page.getByText(t('inbox.unreadSummary', { count: 1 }))).toBeVisible();
      const reminder = page.getByRole('button', { name: new RegExp(t('inbox.kind.consentReminder.title')) });
      await expect(reminder).toContainText(t('inbox.new'));
      await expectNoAxeViolations(page);

      await reminder.click();
      await expect(reminder).toHaveAttribute('aria-expanded', 'true');
      await expect(reminder).not.toContainText(t('inbox.new'));
      await expect(page.getByText(t('inbox.kind.consentReminder.body'))).toBeVisible();
      await expect(header.getByRole('link', { name: t('inbox.link', { count: 0 }), exact: true })).toBeVisible();
      await expect(page.getByText(t('inbox.unreadSummary', { count: 0 }))).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: t('inbox.kind.consentReminder.link') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
});
