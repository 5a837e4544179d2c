import { ADMIN, apiLogin, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, test, PHONE } from './fixtures';
import { adminCall, expectNewestChange, saveWithPopup, signInAdmin } from './settings-editors';
import { textsIn } from './texts';

interface Schedule {
  reminders: { id: string; days: number }[];
}

/** Replaces a reminder schedule with these days, as the editor's Save does. */
const setSchedule = (admin: TokenPair, type: string, days: number[]) =>
  adminCall(admin, 'POST', `/settings/reminder?type=${type}`, { reminders: days.map((d) => ({ days: d })) });
const scheduleDays = async (admin: TokenPair, type: string) =>
  (await adminCall<Schedule>(admin, 'GET', `/settings/reminder?type=${type}`)).reminders.map((r) => r.days);
const setPeriod = (admin: TokenPair, period: number) => adminCall(admin, 'PUT', '/survey/config/period', { period });

test.describe('ICF reminders on a desktop in English', () => {
  let admin: TokenPair;
  let original: number[];
  test.beforeAll(async () => {
    admin = await apiLogin(ADMIN.email, ADMIN.password);
    original = await scheduleDays(admin, 'ICF');
    await setSchedule(admin, 'ICF', [3, 10]);
  });
  test.afterAll(async () => {
    await setSchedule(admin, 'ICF', original);
  });

  test('read-only days, a duplicate refused under its row, add, save, history, cancel and removal of a saved day', async ({
    page,
    baseURL,
  }) => {
    // Several accessibility checks of a long page, on a machine shared with another journey.
    test.slow();
    const t = textsIn('en');
    const day = (days: number) => t('reminderSchedule.afterActivation.day', { days: String(days) });
    const dayBox = (number: number) =>
      page.getByRole('spinbutton', { name: t('reminderSchedule.dayLabel', { number: String(number) }) });
    const list = page.getByRole('region', { name: t('systemOptions.tabs.icfReminders') });
    const history = page.getByRole('table', { name: t('settingChanges.title') });
    await signInAdmin(page, baseURL!, 'en', admin);
    await page.goto('/system-options?tab=icf-reminders');

    // Read-only: the days as text, and what they count from.
    // The tab's panel loads on demand, on a machine shared with another journey.
    const panel = page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.icfReminders') });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(list.getByRole('listitem')).toHaveText([day(3), day(10)]);
    await expect(page.getByText(t('reminderSchedule.afterActivation.hint'))).toBeVisible();
    await expect(page.getByRole('spinbutton')).toHaveCount(0);
    await expect(history).toBeVisible();
    await expectNoAxeViolations(page);

    // Edit: a new row takes the last day plus 1; a duplicate is refused under it and Save turns off.
    await page.getByRole('button', { name: t('admin.editor.edit') }).click();
    await expect(dayBox(1)).toBeFocused();
    await page.getByRole('button', { name: t('reminderSchedule.add') }).click();
    await expect(dayBox(3)).toHaveValue('11');
    await dayBox(3).fill('10');
    await expect(dayBox(3)).toHaveAccessibleDescription(`${t('error.reminders.invalid')} From 1 to 365.`);
    await expect(dayBox(3)).toHaveAttribute('aria-invalid', 'true');
    const save = page.getByRole('button', { name: t('admin.editor.save') });
    await expect(save).toBeDisabled();
    await expectNoAxeViolations(page);

    // Fixed and saved: the popup, the new day read-only, and the change in the history.
    await dayBox(3).fill('14');
    await expect(page.getByText(t('error.reminders.invalid'))).toHaveCount(0);
    await saveWithPopup(page, page, 'en');
    await expect(list.getByRole('listitem')).toHaveText([day(3), day(10), day(14)]);
    await expectNewestChange(history, 'Days: 3, 10', 'Days: 3, 10, 14');
    expect(await scheduleDays(admin, 'ICF')).toEqual([3, 10, 14]);

    // Edit again, change a day, Cancel: the saved days are back.
    await page.getByRole('button', { name: t('admin.editor.edit') }).click();
    await dayBox(2).fill('20');
    await page.getByRole('button', { name: t('admin.editor.cancel') }).click();
    await expect(list.getByRole('listitem')).toHaveText([day(3), day(10), day(14)]);

    // Removing a saved day asks first, then deletes it at once; a row not yet saved stays.
    await page.getByRole('button', { name: t('admin.editor.edit') }).click();
    await page.getByRole('button', { name: t('reminderSchedule.add') }).click();
    await expect(dayBox(4)).toHaveValue('15');
    await page.getByRole('button', { name: t('reminderSchedule.remove', { number: '1' }) }).click();
    const dialog = page.getByRole('dialog', { name: t('reminderSchedule.confirmRemove.title', { number: '1' }) });
    await expect(dialog).toContainText(t('reminderSchedule.confirmRemove.text', { days: '3' }));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('reminderSchedule.confirmRemove.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('spinbutton')).toHaveCount(3);
    await expect(dayBox(1)).toHaveValue('10');
    await expect(dayBox(2)).toHaveValue('14');
    await expect(dayBox(3)).toHaveValue('15');
    expect(await scheduleDays(admin, 'ICF')).toEqual([10, 14]);
    await expectNewestChange(history, 'Days: 3, 10, 14', 'Days: 10, 14');

    // Cancel drops the unsaved row; the removal stays.
    await page.getByRole('button', { name: t('admin.editor.cancel') }).click();
    await expect(list.getByRole('listitem')).toHaveText([day(10), day(14)]);
  });
});

test.describe('Survey tab on a phone in Spanish', () => {
  let admin: TokenPair;
  let original: { period: number; reminders: number[] };
  test.beforeAll(async () => {
    admin = await apiLogin(ADMIN.email, ADMIN.password);
    original = {
      period: (await adminCall<{ value: number }>(admin, 'GET', '/survey/config/period')).value,
      reminders: await scheduleDays(admin, 'SURVEY'),
    };
    await setPeriod(admin, 90);
    await setSchedule(admin, 'SURVEY', [7]);
  });
  test.afterAll(async () => {
    await setPeriod(admin, original.period);
    await setSchedule(admin, 'SURVEY', original.reminders);
  });

  test('the survey period and the survey reminder days, each edited, refused, saved, in its history and cancelled', async ({
    page,
    baseURL,
  }) => {
    // Several accessibility checks of a long page, on a machine shared with another journey.
    test.slow();
    const t = textsIn('sp');
    await page.setViewportSize(PHONE);
    await signInAdmin(page, baseURL!, 'sp', admin);
    await page.goto('/system-options?tab=survey');
    // The tab's panel loads on demand, on a machine shared with another journey.
    const panel = page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.survey') });
    await expect(panel).toBeVisible({ timeout: 30_000 });

    // The survey period, read-only: the days and the server's description.
    const period = page.getByRole('region', { name: t('surveySettings.periodTitle') });
    const periodBox = period.getByRole('spinbutton', { name: t('surveySettings.periodLabel') });
    const periodValue = period.getByRole('definition').first();
    await expect(period.getByRole('term').first()).toHaveText(t('surveySettings.periodLabel'));
    await expect(periodValue).toHaveText('90');
    await expect(period.getByRole('definition').nth(1)).toHaveText(
      'Días que una ronda de encuestas permanece abierta después de comenzar',
    );
    const reminders = page.getByRole('region', { name: t('surveySettings.remindersTitle') });
    const day = (days: number) => t('reminderSchedule.afterRoundOpens.day', { days: String(days) });
    await expect(reminders.getByRole('listitem')).toHaveText([day(7)]);
    await expect(reminders.getByText(t('reminderSchedule.afterRoundOpens.hint'))).toBeVisible();
    await expectNoAxeViolations(page);

    // 400 days is refused under the field, Save is off; 120 is saved.
    await period.getByRole('button', { name: t('admin.editor.edit') }).click();
    await expect(periodBox).toBeFocused();
    await periodBox.fill('400');
    await expect(periodBox).toHaveAccessibleDescription(`${t('error.surveyPeriod')} De 1 a 365.`);
    await expect(period.getByRole('button', { name: t('admin.editor.save') })).toBeDisabled();
    await expectNoAxeViolations(page);
    await periodBox.fill('120');
    await saveWithPopup(page, period, 'sp');
    await expect(periodValue).toHaveText('120');
    const periodLine = (days: number) => `${t('surveySettings.periodLabel')}: ${days}`;
    await expectNewestChange(
      page.getByRole('table', { name: t('surveySettings.periodHistory') }),
      periodLine(90),
      periodLine(120),
    );

    // Edit again and Cancel: the saved period stays.
    await period.getByRole('button', { name: t('admin.editor.edit') }).click();
    await periodBox.fill('45');
    await period.getByRole('button', { name: t('admin.editor.cancel') }).click();
    await expect(periodValue).toHaveText('120');

    // The survey reminder days: a new day, 0 refused under it, then 14 saved.
    await reminders.getByRole('button', { name: t('admin.editor.edit') }).click();
    await reminders.getByRole('button', { name: t('reminderSchedule.add') }).click();
    const second = reminders.getByRole('spinbutton', { name: t('reminderSchedule.dayLabel', { number: '2' }) });
    await expect(second).toHaveValue('8');
    await second.fill('0');
    await expect(second).toHaveAccessibleDescription(`${t('error.reminders.invalid')} De 1 a 365.`);
    await expect(reminders.getByRole('button', { name: t('admin.editor.save') })).toBeDisabled();
    await expectNoAxeViolations(page);
    await second.fill('14');
    await saveWithPopup(page, reminders, 'sp');
    await expect(reminders.getByRole('listitem')).toHaveText([day(7), day(14)]);
    await expectNewestChange(
      page.getByRole('table', { name: t('surveySettings.remindersHistory') }),
      'Días: 7',
      'Días: 7, 14',
    );

    // Edit again and Cancel: the saved days stay.
    await reminders.getByRole('button', { name: t('admin.editor.edit') }).click();
    await reminders.getByRole('spinbutton', { name: t('reminderSchedule.dayLabel', { number: '1' }) }).fill('9');
    await reminders.getByRole('button', { name: t('admin.editor.cancel') }).click();
    await expect(reminders.getByRole('listitem')).toHaveText([day(7), day(14)]);
  });
});
