import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, PATIENT_PASSWORD, useSignedIn, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, test, type Language, PHONE } from './fixtures';
import { PORTAL_PORT } from './ports';
import { adminCall, expectNewestChange, listedValue, saveWithPopup, signInAdmin } from './settings-editors';
import { text, textsIn } from './texts';

const PATH = '/setting/security-policy-config';

type Policy = Record<string, number | boolean>;

/** The policy's values alone (no messages, no version). */
async function readPolicy(admin: TokenPair): Promise<Policy> {
  const {
    errorMessages: _messages,
    version: _version,
    ...values
  } = await adminCall<Policy & Record<string, unknown>>(admin, 'GET', PATH);
  return values as Policy;
}
const writePolicy = (admin: TokenPair, values: Policy) => adminCall(admin, 'PUT', PATH, values);

/** Opens the Security Policy tab by its address, as the administrator, in `language`. */
async function openPolicy(page: Page, baseURL: string, language: Language, admin: TokenPair) {
  await signInAdmin(page, baseURL, language, admin);
  await page.goto('/system-options?tab=security-policy');
  await expect(
    page.getByRole('heading', { level: 2, name: text(language, 'systemOptions.tabs.securityPolicy') }),
  ).toBeVisible();
}

// Both journeys change the one study-wide policy, so they run one after the other, each from the policy found.
test.describe.configure({ mode: 'serial' });

let admin: TokenPair;
let original: Policy;
test.beforeAll(async () => {
  admin = await apiLogin(ADMIN.email, ADMIN.password);
  original = await readPolicy(admin);
});
test.beforeEach(async () => {
  // A fresh sign-in for each journey, so its token never runs out part-way.
  admin = await apiLogin(ADMIN.email, ADMIN.password);
  await writePolicy(admin, original);
});
test.afterAll(async () => {
  await writePolicy(await apiLogin(ADMIN.email, ADMIN.password), original);
});

test('Security Policy on a desktop in English: a minimum length refused, then 10 saved, and a participant’s new password of 9 characters is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  // Registering, activating and signing in a participant by e-mail takes a good part of a minute on its own.
  test.slow();
  const t = textsIn('en');
  const participant = await createPatient('en', 'policy');
  const minLabel = t('securityPolicyEditor.fields.minLength');
  const minBox = page.getByRole('spinbutton', { name: minLabel });
  const history = page.getByRole('table', { name: t('settingChanges.title') });
  await openPolicy(page, baseURL!, 'en', admin);

  // Read-only: every value in its section, with the note that a change applies at once.
  await expect(page.getByText(t('securityPolicyEditor.note'))).toBeVisible();
  for (const section of ['loginCodes', 'passwords', 'accounts']) {
    await expect(
      page.getByRole('heading', { level: 3, name: t(`securityPolicyEditor.sections.${section}`) }),
    ).toBeVisible();
  }
  await expect(listedValue(page, minLabel)).toHaveText(String(original.minLength));
  await expect(listedValue(page, t('securityPolicyEditor.fields.maxLength'))).toHaveText(String(original.maxLength));
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  await expect(history).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit: a minimum of 7 is refused under the field, and Save turns off.
  await page.getByRole('button', { name: t('admin.editor.edit') }).click();
  await expect(page.getByRole('switch', { name: t('securityPolicyEditor.fields.otpEnabledForPatient') })).toBeFocused();
  await minBox.fill('7');
  await expect(minBox).toHaveAccessibleDescription(`${t('error.securityPolicy.minLength')} From 8 to 64.`);
  await expect(minBox).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: t('admin.editor.save') })).toBeDisabled();
  await expectNoAxeViolations(page);

  // 10 is saved: the popup, the value read-only and in the history.
  await minBox.fill('10');
  await expect(page.getByText(t('error.securityPolicy.minLength'))).toHaveCount(0);
  await saveWithPopup(page, page, 'en');
  await expect(listedValue(page, minLabel)).toHaveText('10');
  await expectNewestChange(history, `${minLabel}: ${original.minLength}`, `${minLabel}: 10`);
  expect((await readPolicy(admin)).minLength).toBe(10);

  // Edit again, change the maximum, Cancel: the saved values are back.
  await page.getByRole('button', { name: t('admin.editor.edit') }).click();
  await page.getByRole('spinbutton', { name: t('securityPolicyEditor.fields.maxLength') }).fill('40');
  await page.getByRole('button', { name: t('admin.editor.cancel') }).click();
  await expect(listedValue(page, t('securityPolicyEditor.fields.maxLength'))).toHaveText(String(original.maxLength));
  await expect(listedValue(page, minLabel)).toHaveText('10');

  // At once, a participant's new password of 9 characters is refused, on the screen and by the server.
  const tokens = await apiLogin(participant.email, participant.password);
  const participantPage = await (await browser.newContext()).newPage();
  await setLanguage(participantPage, 'en', baseURL!);
  await useSignedIn(participantPage, tokens);
  await participantPage.goto('/profile-settings');
  await participantPage.getByRole('tab', { name: t('account.passwordTab') }).click();
  await expect(participantPage.getByText(t('account.password.hint', { min: '10' }))).toBeVisible();
  await participantPage.getByRole('textbox', { name: t('account.password.current') }).fill(PATIENT_PASSWORD);
  await participantPage.getByRole('textbox', { name: t('account.password.new') }).fill('Riñon#202');
  await participantPage.getByRole('button', { name: t('account.save') }).click();
  await expect(participantPage.getByText(t('error.register.passwordPolicy'))).toBeVisible();
  const refused = await fetch(`http://127.0.0.1:${PORTAL_PORT}/common-server/update-password`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: PATIENT_PASSWORD, newPassword: 'Riñon#202' }),
  });
  expect(((await refused.json()) as { status: boolean }).status).toBe(false);
  await participantPage.context().close();
});

test('Security Policy on a phone in Spanish: failed attempts refused below 3, then 6 saved, in the history, and Cancel', async ({
  page,
  baseURL,
}) => {
  const t = textsIn('sp');
  const label = t('securityPolicyEditor.fields.failedAttemptLimit');
  const box = page.getByRole('spinbutton', { name: label });
  const history = page.getByRole('table', { name: t('settingChanges.title') });
  await page.setViewportSize(PHONE);
  await openPolicy(page, baseURL!, 'sp', admin);

  await expect(page.getByText(t('securityPolicyEditor.note'))).toBeVisible();
  await expect(listedValue(page, label)).toHaveText(String(original.failedAttemptLimit));
  await expect(listedValue(page, t('securityPolicyEditor.fields.otpEnabledForPatient'))).toHaveText(
    t(original.otpEnabledForPatient ? 'securityPolicyEditor.on' : 'securityPolicyEditor.off'),
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t('admin.editor.edit') }).click();
  await box.fill('2');
  await expect(box).toHaveAccessibleDescription(`${t('error.securityPolicy.failedAttemptLimit')} De 3 a 20.`);
  await expect(page.getByRole('button', { name: t('admin.editor.save') })).toBeDisabled();
  await expectNoAxeViolations(page);

  await box.fill('6');
  await expect(page.getByText(t('error.securityPolicy.failedAttemptLimit'))).toHaveCount(0);
  await saveWithPopup(page, page, 'sp');
  await expect(listedValue(page, label)).toHaveText('6');
  await expectNewestChange(history, `${label}: ${original.failedAttemptLimit}`, `${label}: 6`);

  await page.getByRole('button', { name: t('admin.editor.edit') }).click();
  await box.fill('12');
  await page.getByRole('button', { name: t('admin.editor.cancel') }).click();
  await expect(listedValue(page, label)).toHaveText('6');
  await expect(box).toHaveCount(0);
});
