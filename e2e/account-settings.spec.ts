import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, PATIENT_PASSWORD, useSignedIn } from './accounts';
import { expect, expectNoAxeViolations, mailsTo, setLanguage, test, type Language, PHONE } from './fixtures';
import { text, textsIn } from './texts';

/** A real PNG of `size` x `size` pixels in one colour, made here rather than read from a file. */
function png(size: number): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs a fresh participant in and opens Account Settings in their language, on a phone or a desktop. */
async function openSettings(page: Page, baseURL: string, language: Language, tag: string, phone: boolean) {
  const account = await createPatient(language, tag);
  if (phone) await page.setViewportSize(PHONE);
  await setLanguage(page, language, baseURL);
  await useSignedIn(page, await apiLogin(account.email, account.password));
  await page.goto('/profile-settings');
  return account;
}

/** Opens a section the way the screen offers it: a tab on a desktop, the section dropdown on a phone. */
async function openSection(page: Page, language: Language, key: string, phone: boolean) {
  const name = text(language, key);
  if (phone) {
    await page.getByRole('combobox', { name: text(language, 'account.sectionPicker') }).selectOption({ label: name });
  } else {
    await page.getByRole('tab', { name }).click();
  }
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

// The stories in English on a desktop; the Spanish journey on a phone, below, opens every section through the
// phone's section picker and reads it in Spanish.
test.describe('Account Settings', () => {
  const language: Language = 'en';
  const phone = false;
  const t = textsIn(language);

  test('the profile shows the details, saves date of birth and sex at birth, and a picture is added and removed', async ({
    page,
    baseURL,
  }) => {
    const account = await openSettings(page, baseURL!, language, 'profile', phone);
    await expect(page.getByRole('heading', { level: 2, name: t('account.profileTab') })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t('registration.fields.birthDate') })).toHaveValue('05/17/1958');
    await expectNoAxeViolations(page);

    // An underage date (under 18) is refused with its message, by the same rule as the server's.
    const birthDate = page.getByRole('textbox', { name: t('registration.fields.birthDate') });
    await birthDate.fill('01/01/2020');
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('error.register.birthDate18yrsOrAbove'))).toBeVisible();

    await birthDate.fill('03/09/1957');
    await page.getByRole('combobox', { name: t('account.profile.gender') }).selectOption({ value: 'preferNoAnswer' });
    await page.getByLabel(t('account.profile.choosePicture'), { exact: true }).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png(64),
    });
    await expect(page.getByText(t('account.profile.pictureChosen', { name: 'me.png' }))).toBeVisible();
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('account.profile.updated'))).toBeVisible();
    // The success message shows for two seconds, then clears.
    await expect(page.getByText(t('account.profile.updated'))).toBeHidden({ timeout: 4_000 });
    await expect(page.getByRole('img', { name: t('account.profile.pictureAlt') })).toBeVisible();
    await expect(page.getByRole('img', { name: t('account.profile.pictureAlt') })).toHaveAttribute('src', /^blob:/);

    await page.reload();
    await expect(page.getByRole('textbox', { name: t('registration.fields.birthDate') })).toHaveValue('03/09/1957');
    await expect(page.getByRole('combobox', { name: t('account.profile.gender') })).toHaveValue('preferNoAnswer');
    await expect(page.getByRole('img', { name: t('account.profile.pictureAlt') })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('account.profile.removePicture') }).click();
    await expect(page.getByText(t('account.profile.pictureRemoving'))).toBeVisible();
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('account.profile.updated'))).toBeVisible();
    await expect(page.getByRole('img', { name: t('account.profile.defaultPictureAlt') })).toBeVisible();
  });

  test('a file that is not a picture is refused: by its name at once, by its content on the server', async ({
    page,
    baseURL,
  }) => {
    await openSettings(page, baseURL!, language, 'picture', phone);
    const picker = page.getByLabel(t('account.profile.choosePicture'), { exact: true });
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const typeError = page.getByRole('alert').filter({ hasText: t('account.profile.pictureType') });
    await expect(typeError).toBeVisible();
    await expect(page.getByText(t('account.profile.pictureChosen', { name: 'notes.txt' }))).toBeHidden();
    // The upload error clears after five seconds.
    await expect(typeError).toBeHidden({ timeout: 8_000 });

    await picker.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.7 not a picture'),
    });
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('account.profile.pictureUnreadable') })).toBeVisible();
    await expect(page.getByRole('img', { name: t('account.profile.defaultPictureAlt') })).toBeVisible();
  });

  test('communication preferences keep at least one, save, and come back after a reload', async ({ page, baseURL }) => {
    await openSettings(page, baseURL!, language, 'preferences', phone);
    await openSection(page, language, 'account.communicationTab', phone);
    const email = page.getByRole('checkbox', { name: t('account.communication.email') });
    const newsletter = page.getByRole('checkbox', { name: t('account.communication.newsletter') });
    await expect(email).toBeChecked();
    await expect(newsletter).toBeChecked();
    await expect(page.getByRole('checkbox', { name: t('account.communication.text') })).toBeDisabled();
    await expect(page.getByText(t('account.communication.comingSoon'))).toBeVisible();
    await expectNoAxeViolations(page);

    await email.uncheck();
    await newsletter.uncheck();
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('error.communication.atLeastOne') })).toBeVisible();
    await expectNoAxeViolations(page);

    await newsletter.check();
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('account.communication.updated'))).toBeVisible();
    await page.reload();
    await openSection(page, language, 'account.communicationTab', phone);
    await expect(page.getByRole('checkbox', { name: t('account.communication.email') })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: t('account.communication.newsletter') })).toBeChecked();

    await page.getByRole('button', { name: t('account.cancel') }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  });

  test('change password: a wrong current password is named, then the change works and is e-mailed', async ({
    page,
    baseURL,
  }) => {
    const account = await openSettings(page, baseURL!, language, 'password', phone);
    await openSection(page, language, 'account.passwordTab', phone);
    await expect(page.getByText(t('account.password.hint', { min: '8' }))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('error.password.currentRequired'))).toBeVisible();
    await expect(page.getByText(t('error.password.newRequired'))).toBeVisible();

    const current = page.getByRole('textbox', { name: t('account.password.current') });
    const next = page.getByRole('textbox', { name: t('account.password.new') });
    await current.fill('Not#Mine123');
    await next.fill('Riñon#2027');
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('error.password.wrongCurrent'))).toBeVisible();
    await expectNoAxeViolations(page);

    await current.fill(PATIENT_PASSWORD);
    await page.getByRole('button', { name: t('account.save') }).click();
    await expect(page.getByText(t('password.changed'))).toBeVisible();
    await expect(current).toHaveValue('');
    await expect
      .poll(async () => (await mailsTo(account.email)).map((m) => m.subject).join('\n'))
      .toMatch(/password was changed/);
    // This browser stays signed in, and the new password is the one that works now.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await apiLogin(account.email, 'Riñon#2027');
  });
});

test('on a phone in Spanish, every section opens from the section picker and reads well, ?tab= opens My Informed Consent, and the way out goes home', async ({
  page,
  baseURL,
}) => {
  // Five sections, each with its accessibility check: the longest journey of the page on a busy machine.
  test.slow();
  const t = textsIn('sp');
  const account = await openSettings(page, baseURL!, 'sp', 'sections', true);
  await expect(page.getByRole('heading', { level: 2, name: t('account.profileTab') })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const key of ['account.communicationTab', 'account.passwordTab', 'account.consentTab']) {
    await openSection(page, 'sp', key, true);
    await expectNoAxeViolations(page);
  }
  await expect(page).toHaveURL(/\/profile-settings\?tab=consent$/);

  // The password section's messages.
  await openSection(page, 'sp', 'account.passwordTab', true);
  await page.getByRole('button', { name: t('account.save') }).click();
  await expect(page.getByText(t('error.password.currentRequired'))).toBeVisible();
  await expect(page.getByText(t('error.password.newRequired'))).toBeVisible();

  await page.goto('/profile-settings?tab=anything');
  await expect(page.getByRole('heading', { level: 2, name: t('account.consentTab') })).toBeVisible();
  await page.getByRole('link', { name: t('account.exitHome') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('saving the profile in Spanish switches the whole portal to Spanish at once', async ({ page, baseURL }) => {
  await openSettings(page, baseURL!, 'en', 'language', false);
  await page.getByRole('combobox', { name: text('en', 'account.profile.language') }).selectOption({ value: 'sp' });
  await page.getByRole('button', { name: text('en', 'account.save') }).click();
  await expect(page.getByText(text('sp', 'account.profile.updated'))).toBeVisible();
  await expect(page.getByRole('tab', { name: text('sp', 'account.communicationTab') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'preferredLanguage')?.value).toBe('sp');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: text('sp', 'pages.profileSettings') })).toBeVisible();
});

test('an administrator has no Account Settings', async ({ page }) => {
  await useSignedIn(page, await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/system-options$/);
});
