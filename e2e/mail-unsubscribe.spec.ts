import { apiLogin, useSignedIn } from './accounts';
import { expect, expectNoAxeViolations, mailsTo, test, type Language } from './fixtures';
import { REMINDER_PASSWORD, UNSUBSCRIBE_PARTICIPANTS } from './reminder-participants';
import { mailText, textsIn } from './texts';

/**
 * The participants of e2e/backdated-registrations.ts registered and activated their accounts 24 hours before the
 * portal started and have not signed the consent. With the consent reminder on day 1 after activation that the
 * journeys' set-up schedules (global-setup.ts), each gets one today, in their language; its unsubscribe link opens the page that stops reminder e-mails without signing in,
 * and Account Settings then shows Reminders unticked.
 */

/**
 * Waits for the participant's consent reminder: the reminder job runs every 5 s here (SCHEDULER_INTERVAL_S); the
 * wait allows for a portal slowed down by a busy machine.
 */
async function reminderFor(language: Language) {
  const { email } = UNSUBSCRIBE_PARTICIPANTS[language];
  const subject = mailText(language, 'consentReminder.subject');
  const reminders = async () => (await mailsTo(email)).filter((mail) => mail.subject === subject);
  await expect
    .poll(async () => (await reminders()).length, {
      timeout: 150_000,
      intervals: [2_000],
      message: `the consent reminder to ${email} (a data directory reused from an earlier run has it sent already: use a fresh E2E_DATA_DIR)`,
    })
    .toBeGreaterThan(0);
  return (await reminders())[0]!;
}

/** The footer's link to the unsubscribe page (the text part's, the first). */
function unsubscribeLinkIn(mailText: string): string {
  const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[^\s"<>]+/.exec(mailText)?.[0];
  if (!link) throw new Error('The reminder holds no unsubscribe link.');
  return link.replaceAll('&amp;', '&');
}

test.describe('leaving reminder e-mails from an e-mail', () => {
  for (const language of ['en', 'sp'] as const) {
    test(`a participant stops reminders from the reminder's link, then sees Reminders unticked in Account Settings (${language})`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const t = textsIn(language);
      const { email, firstName } = UNSUBSCRIBE_PARTICIPANTS[language];

      const mail = await reminderFor(language);
      expect(mail.text).toContain(mailText(language, 'consentReminder.greeting', { name: firstName }));
      expect(mail.text).toContain(
        `${mailText(language, 'unsubscribe.remindersQuestion')} ${mailText(language, 'unsubscribe.remindersLink')}: `,
      );
      const link = unsubscribeLinkIn(mail.text);
      expect(link.startsWith(`${baseURL}/unsubscribe?token=`)).toBe(true);

      // No sign-in, no language chosen: the page opens in the e-mail's language.
      await page.goto(link);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: t('pages.unsubscribe') })).toBeVisible();
      await expect(main.getByText(t('unsubscribe.stops.reminders'))).toBeVisible();
      await expect(main.getByText(t('unsubscribe.notWithdrawing'))).toBeVisible();
      await expectNoAxeViolations(page);

      await main.getByRole('button', { name: t('unsubscribe.button.reminders') }).click();
      await expect(main.getByText(t('unsubscribe.done.reminders'))).toBeVisible();
      await expect(main.getByRole('button')).toHaveCount(0);
      await expect(main.getByRole('link', { name: t('unsubscribe.signIn') })).toHaveAttribute(
        'href',
        '/profile-settings',
      );
      await expectNoAxeViolations(page);

      // Signed in, Account Settings shows the choice: Reminders unticked, the other e-mails still ticked.
      await useSignedIn(page, await apiLogin(email, REMINDER_PASSWORD));
      await page.goto('/profile-settings');
      await page.getByRole('tab', { name: t('account.communicationTab') }).click();
      const emails = page.getByRole('group', { name: t('account.communication.categories.legend') });
      await expect(
        emails.getByRole('checkbox', { name: t('account.communication.categories.reminders') }),
      ).not.toBeChecked();
      await expect(
        emails.getByRole('checkbox', { name: t('account.communication.categories.invitations') }),
      ).toBeChecked();
      await expect(emails.getByRole('checkbox', { name: t('account.communication.categories.news') })).toBeChecked();
      await expect(page.getByText(t('account.communication.categories.notWithdrawing'))).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
