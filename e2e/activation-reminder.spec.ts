import {
  activateThroughLink,
  ADMIN,
  apiLogin,
  loginCodeFor,
  loginCodesTo,
  logInWithForm,
  type TokenPair,
} from './accounts';
import { expect, mailsTo, setLanguage, test, type Language } from './fixtures';
import { REMINDER_PARTICIPANTS, REMINDER_PASSWORD } from './reminder-participants';
import { adminCall } from './settings-editors';
import { textsIn } from './texts';

/**
 * The participants of e2e/backdated-registrations.ts registered 24 hours before the portal started and never
 * activated their accounts. With account-activation reminders on days 1 and 2 after registration, each gets one
 * reminder, in their language, whose fresh link activates the account.
 */

/** What the reminder says (apps/server/src/providers/mail/templates), greeting each by their first name. */
const REMINDER: Record<Language, { subject: string; greeting: string; intro: string }> = {
  en: {
    subject: 'Reminder: activate your Kidney Research Study account',
    greeting: `Hello ${REMINDER_PARTICIPANTS.en.firstName},`,
    intro: 'You registered for the Kidney Research Study, but your account is not active yet.',
  },
  sp: {
    subject: 'Recordatorio: active su cuenta del Estudio de Investigación Renal',
    greeting: `Hola, ${REMINDER_PARTICIPANTS.sp.firstName}:`,
    intro: 'Usted se registró en el Estudio de Investigación Renal, pero todavía no ha activado su cuenta.',
  },
};

interface Schedule {
  reminders: { id: string; days: number }[];
}
const TYPE = 'ACCOUNT_ACTIVATION';
const scheduleDays = async (admin: TokenPair) =>
  (await adminCall<Schedule>(admin, 'GET', `/settings/reminder?type=${TYPE}`)).reminders.map((r) => r.days);
const setSchedule = (admin: TokenPair, days: number[]) =>
  adminCall(admin, 'POST', `/settings/reminder?type=${TYPE}`, { reminders: days.map((d) => ({ days: d })) });

const remindersTo = async (language: Language) =>
  (await mailsTo(REMINDER_PARTICIPANTS[language].email)).filter((mail) => mail.subject === REMINDER[language].subject);

/**
 * Waits for the participant's reminder. The reminder job runs every 5 s here (SCHEDULER_INTERVAL_S) and sends
 * what it queued at once; the wait allows for a portal slowed down by a busy machine.
 */
async function reminderFor(language: Language) {
  await expect
    .poll(async () => (await remindersTo(language)).length, {
      timeout: 150_000,
      intervals: [2_000],
      message: `the activation reminder to ${REMINDER_PARTICIPANTS[language].email} (a data directory reused from an earlier run holds the account active already: use a fresh E2E_DATA_DIR)`,
    })
    .toBeGreaterThan(0);
  const [mail] = await remindersTo(language);
  return mail!;
}

function activationLinkIn(mailText: string): string {
  const link = /https?:\/\/[^\s"<>]+\/registration-confirm\?[^\s"<>]+/.exec(mailText)?.[0];
  if (!link) throw new Error('The reminder holds no activation link.');
  return link.replaceAll('&amp;', '&');
}

test.describe('account activation reminders', () => {
  // One schedule for both participants: the tests run in order in one worker, which sets it once and restores it.
  test.describe.configure({ mode: 'default' });
  let original: number[];
  test.beforeAll(async () => {
    const admin = await apiLogin(ADMIN.email, ADMIN.password);
    original = await scheduleDays(admin);
    // A day added today reminds only those whose day comes today or later. Registered yesterday, day 1 is today;
    // should midnight (UTC) have passed since they registered, day 1 is past and day 2 is today. Either way each
    // participant gets exactly one reminder: when both days are due, only the later goes.
    await setSchedule(admin, [1, 2]);
  });
  test.afterAll(async () => {
    // A new sign-in: the first one's access token may have run out while the tests waited for the e-mails.
    await setSchedule(await apiLogin(ADMIN.email, ADMIN.password), original);
  });

  test('a participant who never activated gets a reminder on day 1 whose link activates the account, then logs in (sp)', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const t = textsIn('sp');
    const { email } = REMINDER_PARTICIPANTS.sp;

    const mail = await reminderFor('sp');
    expect(mail.subject).toBe(REMINDER.sp.subject);
    expect(mail.text).toContain(REMINDER.sp.greeting);
    expect(mail.text).toContain(REMINDER.sp.intro);
    expect(mail.text).not.toContain(REMINDER.en.intro);
    const link = activationLinkIn(mail.text);
    expect(link.startsWith(`${baseURL}/registration-confirm?`)).toBe(true);

    await setLanguage(page, 'sp', baseURL!);
    await activateThroughLink(page, 'sp', link);

    // The password of the registration signs in; the e-mailed code follows, and the consent is the next step.
    const seen = (await loginCodesTo(email)).length;
    await logInWithForm(page, 'sp', email, REMINDER_PASSWORD);
    await expect(page.getByRole('heading', { level: 2, name: t('login.verifyTitle') })).toBeVisible();
    await page.getByRole('textbox', { name: t('login.code') }).fill(await loginCodeFor(email, seen));
    await page.getByRole('button', { name: t('login.verify') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog', { name: t('consent.sign.title') })).toBeVisible();

    // The reminder went once: the job, run every few seconds since, sent no other.
    expect(await remindersTo('sp')).toHaveLength(1);
  });

  test('the English participant gets the reminder in English, and its link activates the account (en)', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);

    const mail = await reminderFor('en');
    expect(mail.subject).toBe(REMINDER.en.subject);
    expect(mail.text).toContain(REMINDER.en.greeting);
    expect(mail.text).toContain(REMINDER.en.intro);
    expect(mail.text).not.toContain(REMINDER.sp.intro);

    await setLanguage(page, 'en', baseURL!);
    await activateThroughLink(page, 'en', activationLinkIn(mail.text));

    expect(await remindersTo('en')).toHaveLength(1);
  });
});
