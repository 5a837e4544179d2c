import { ADMIN, apiLogin, createPatient, useSignedIn } from './accounts';
import { expect, expectNoAxeViolations, mailsTo, test } from './fixtures';
import { signInAdmin } from './settings-editors';
import { mailText, textsIn } from './texts';

/**
 * An administrator posts a study notice in System Options to one health system's participants, in English and in
 * Spanish; a participant of that health system reads it in Messages in their language, and gets it by e-mail.
 */
const RIVERSIDE = { value: 'riverside', name: 'Riverside Kidney Care (demo)' };

// One after the other: a notice reaches every participant the health system has when it is posted, so the second
// language's participant, created after the first notice, finds only their own.
test.describe.configure({ mode: 'default' });

for (const language of ['en', 'sp'] as const) {
  test(`an administrator posts a notice that a participant then reads in Messages (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = textsIn(language);
    const participant = await createPatient(language, 'notice', { healthSystem: RIVERSIDE.value });
    const tag = Date.now().toString(36);
    const notice = {
      en: { title: `Clinic hours ${tag}`, body: 'The clinic now opens on Saturdays.' },
      sp: { title: `Horario de la clínica ${tag}`, body: 'La clínica ahora abre los sábados.' },
    };

    await signInAdmin(page, baseURL!, language, await apiLogin(ADMIN.email, ADMIN.password));
    await page.goto('/system-options?tab=study-notices');
    const panel = page.getByRole('region', { name: t('studyNotices.title') });
    await panel.getByRole('textbox', { name: t('studyNotices.titleEn') }).fill(notice.en.title);
    await panel.getByRole('textbox', { name: t('studyNotices.bodyEn') }).fill(notice.en.body);
    await panel.getByRole('textbox', { name: t('studyNotices.titleSp') }).fill(notice.sp.title);
    await panel.getByRole('textbox', { name: t('studyNotices.bodySp') }).fill(notice.sp.body);
    const audience = panel.getByRole('combobox', { name: t('studyNotices.audience') });
    // Each choice names its audience and how many participants it holds now: "Riverside Kidney Care (demo) (3 participants)".
    const labels = await audience.locator('option').allTextContents();
    await audience.selectOption({ label: labels.find((label) => label.startsWith(`${RIVERSIDE.name} (`))! });
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: t('studyNotices.post') }).click();

    await expect(panel.getByRole('heading', { name: t('studyNotices.confirmTitle') })).toBeVisible();
    await expect(panel.getByText(RIVERSIDE.name, { exact: false }).first()).toBeVisible();
    // The confirmation shows what goes out, in both languages.
    for (const text of [notice.en.title, notice.en.body, notice.sp.title, notice.sp.body])
      await expect(panel.getByText(text, { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: t('studyNotices.confirm') }).click();
    await expect(panel.getByRole('status')).toBeVisible();
    await expect(panel.getByRole('heading', { name: t('studyNotices.postHeading') })).toBeFocused();
    const table = panel.getByRole('table', { name: t('studyNotices.listHeading') });
    const row = table.getByRole('row').filter({ hasText: notice.en.title });
    await expect(row).toContainText(RIVERSIDE.name);
    // A posted notice opens to show its texts as participants got them.
    await row.getByRole('button', { name: new RegExp(notice.en.title) }).click();
    await expect(row.getByText(notice.sp.body, { exact: true })).toBeVisible();
    await expect(row.getByText(notice.en.body, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The participant, in their language.
    await useSignedIn(page, await apiLogin(participant.email, participant.password));
    await page.goto('/messages');
    const message = page.getByRole('button', { name: new RegExp(notice[language].title) });
    await expect(message).toContainText(t('inbox.new'));
    await message.click();
    await expect(page.getByText(notice[language].body)).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: t('inbox.link', { count: 0 }), exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // And by e-mail, as study news, with the way to Messages.
    const subject = mailText(language, 'studyNotice.subject', { title: notice[language].title });
    await expect
      .poll(async () => (await mailsTo(participant.email)).filter((m) => m.subject === subject).length, {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toBe(1);
  });
}
