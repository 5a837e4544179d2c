import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, test, type Language } from './fixtures';
import { adminCall, expectNewestChange, listedValue, saveWithPopup, signInAdmin } from './settings-editors';
import { textsIn } from './texts';

const ZONE = 'America/Chicago';
const DAY_MS = 86_400_000;
const MESSAGES = {
  en: 'The portal closes tomorrow morning for maintenance.',
  sp: 'El portal cierra mañana por la mañana por mantenimiento.',
};

/** Downtime off, with a window long past, as each journey starts and as they leave it. */
const switchOff = (admin: TokenPair) =>
  adminCall(admin, 'POST', '/downtime', {
    enableDowntime: false,
    message: { en: 'No maintenance is planned.', sp: 'No hay mantenimiento previsto.' },
    effectiveStartDate: '2026-01-05T15:00:00.000Z',
    effectiveEndDate: '2026-01-05T17:00:00.000Z',
    reminderDaysInAdvance: 0,
  });

/** A calendar day counted from today in Chicago: as a date-time box takes it (`YYYY-MM-DD`) and as it is shown. */
function chicagoDay(offsetDays: number) {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offsetDays * DAY_MS));
  const [yyyy, mm, dd] = iso.split('-');
  return { box: iso, shown: `${mm}/${dd}/${yyyy}` };
}

/** A box's label exactly, followed by the asterisk of a required field. */
const requiredLabel = (label: string) => new RegExp(`^${label}[\\s*]*$`);

// The browser reads and writes times in Chicago; the window is stored as UTC instants.
test.use({ timezoneId: ZONE });
// Downtime is one study-wide window: these journeys run one after the other, and leave it off.
test.describe.configure({ mode: 'serial' });

let admin: TokenPair;
test.beforeEach(async () => {
  admin = await apiLogin(ADMIN.email, ADMIN.password);
  await switchOff(admin);
});
test.afterAll(async () => {
  await switchOff(await apiLogin(ADMIN.email, ADMIN.password));
});

/**
 * Opens the editor on downtime off, then edits a window from yesterday 09:30 to tomorrow 11:45, which is refused
 * while it starts in the past.
 */
async function editWindowFromYesterday(page: Page, baseURL: string, language: Language) {
  const t = textsIn(language);
  const history = page.getByRole('table', { name: t('settingChanges.title') });
  const start = page.getByLabel(requiredLabel(t('downtimeEditor.start')));
  const end = page.getByLabel(requiredLabel(t('downtimeEditor.end')));
  const yesterday = chicagoDay(-1);
  const tomorrow = chicagoDay(1);
  await signInAdmin(page, baseURL, language, admin);
  await page.goto('/system-options?tab=downtime-banner');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.downtimeBanner') })).toBeVisible();

  // Read-only: off, with the window long past, read in Chicago time.
  await expect(listedValue(page, t('downtimeEditor.enabled'))).toHaveText(t('downtimeEditor.no'));
  await expect(listedValue(page, t('downtimeEditor.state'))).toHaveText(t('downtimeEditor.states.off'));
  await expect(listedValue(page, t('downtimeEditor.start'))).toHaveText('01/05/2026 09:00 AM');
  await expect(listedValue(page, t('downtimeEditor.end'))).toHaveText('01/05/2026 11:00 AM');
  await expect(page.getByText(t('downtimeEditor.timeZone', { timeZone: ZONE }))).toBeVisible();
  await expect(history).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit: on, both messages, a start in the past is refused under it and Save turns off.
  await page.getByRole('button', { name: t('admin.editor.edit') }).click();
  const enable = page.getByRole('switch', { name: t('downtimeEditor.enable') });
  await expect(enable).toBeFocused();
  await enable.check();
  await page.getByRole('textbox', { name: t('downtimeEditor.messageEn') }).fill(MESSAGES.en);
  await page.getByRole('textbox', { name: t('downtimeEditor.messageSp') }).fill(MESSAGES.sp);
  await expect(
    page.getByText(t('downtimeEditor.characterCount', { used: String(MESSAGES[language].length), max: '255' })),
  ).toBeVisible();
  await start.fill(`${yesterday.box}T09:30`);
  await end.fill(`${tomorrow.box}T11:45`);
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('error.downtime.window'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('admin.editor.save') })).toBeDisabled();
  await expectNoAxeViolations(page);
  return { start, history };
}

/** The editor's whole story in English: a window from tomorrow 09:30 to 11:45, its banner two days ahead. */
async function scheduleTomorrow(page: Page, baseURL: string) {
  const language: Language = 'en';
  const t = textsIn(language);
  const banner = page.getByRole('alert').filter({ hasText: MESSAGES[language] });
  const tomorrow = chicagoDay(1);
  const { start, history } = await editWindowFromYesterday(page, baseURL, language);

  // Tomorrow at 09:30, the banner two days before: saved, shown read-only and in the history.
  await start.fill(`${tomorrow.box}T09:30`);
  await page.getByRole('spinbutton', { name: t('downtimeEditor.reminderDays') }).fill('2');
  await expect(page.getByText(t('error.downtime.window'))).toHaveCount(0);
  await saveWithPopup(page, page, language);
  await expect(listedValue(page, t('downtimeEditor.enabled'))).toHaveText(t('downtimeEditor.yes'));
  await expect(listedValue(page, t('downtimeEditor.start'))).toHaveText(`${tomorrow.shown} 09:30 AM`);
  await expect(listedValue(page, t('downtimeEditor.end'))).toHaveText(`${tomorrow.shown} 11:45 AM`);
  await expect(listedValue(page, t('downtimeEditor.reminderDays'))).toHaveText('2');
  await expect(listedValue(page, t('downtimeEditor.messageEn'))).toHaveText(MESSAGES.en);
  await expect(listedValue(page, t('downtimeEditor.state'))).toHaveText(t('downtimeEditor.states.showing'));
  await expectNewestChange(
    history,
    new RegExp(`^${t('downtimeEditor.enabled')}: ${t('settingChanges.no')}`),
    new RegExp(`^${t('downtimeEditor.enabled')}: ${t('settingChanges.yes')}.*${tomorrow.shown} 09:30 AM`),
  );

  // Edit again, change a message, Cancel: the saved message is back.
  await page.getByRole('button', { name: t('admin.editor.edit') }).click();
  await page.getByRole('textbox', { name: t('downtimeEditor.messageEn') }).fill('Not this one.');
  await page.getByRole('button', { name: t('admin.editor.cancel') }).click();
  await expect(listedValue(page, t('downtimeEditor.messageEn'))).toHaveText(MESSAGES.en);

  // The banner shows the message in the reader's language, here and on the administrator's other pages.
  await expect(banner).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.dashboard') })).toBeVisible();
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
}

test('Downtime Banner on a desktop in English: a window from tomorrow, refused while it starts in the past, then saved; its banner shows', async ({
  page,
  baseURL,
}) => {
  await scheduleTomorrow(page, baseURL!);
});

test('Downtime Banner reads in Spanish: the editor, and its refusal of a window that starts in the past', async ({
  page,
  baseURL,
}) => {
  // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
  test.setTimeout(90_000);
  await editWindowFromYesterday(page, baseURL!, 'sp');
});
