import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient } from './accounts';
import { expect, expectNoAxeViolations, test, today, type Language } from './fixtures';
import { signInAdmin } from './settings-editors';
import { text, textsIn } from './texts';

/** The health system the seed onboards, which the participant chooses at registration. */
const HEALTH_SYSTEM = { value: 'geisinger', name: 'Geisinger' };
const PUSH_API = '/common-server/health-system-api';

interface PushParticipant {
  userId: string;
  email: string;
  isVerified: boolean | null;
}

/** The health system's participants of a status, as its own system reads them with the key. */
async function participantsWith(request: APIRequestContext, key: string, status: 'pending' | 'verified') {
  const reply = await request.get(`${PUSH_API}/participants?status=${status}&size=1000`, {
    headers: { 'X-Api-Key': key },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: { content: PushParticipant[] } }).data.content;
}

/** Opens the API keys section and its issue dialog, whose rules an empty submit shows. */
async function openIssueDialog(page: Page, language: Language) {
  const t = textsIn(language);
  await page.goto('/system-options?tab=health-system-verification');
  const section = page.getByRole('region', { name: t('verification.keys.title') });
  await expect(section.getByText(t('verification.keys.intro'))).toBeVisible();

  await section.getByRole('button', { name: t('verification.keys.issue') }).click();
  const dialog = page.getByRole('dialog', { name: t('verification.keys.issue') });
  await dialog.getByRole('button', { name: t('verification.keys.issueSubmit') }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: t('verification.keys.healthSystemRequired') }),
  ).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: t('verification.keys.labelRequired') })).toBeVisible();
  await expectNoAxeViolations(page);
  return { section, dialog };
}

// The story in English; the Spanish journey reads the section and the issue dialog's rules in Spanish.
test.describe('Health system API keys', () => {
  test('issue a key, use it to read and push, see its last use, revoke it', async ({
    page,
    baseURL,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    const language: Language = 'en';
    const t = textsIn(language);
    const participant = await createPatient(language, `api-key-${language}`, {
      consented: false,
      healthSystem: HEALTH_SYSTEM.value,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAdmin(page, baseURL!, language, await apiLogin(ADMIN.email, ADMIN.password));
    // The dialog's rules first, then a key for the health system with a label of this run.
    const { section, dialog } = await openIssueDialog(page, language);
    const label = `Records team ${language} ${Date.now()}`;
    await dialog.getByRole('combobox', { name: t('verification.keys.healthSystem') }).selectOption(HEALTH_SYSTEM.value);
    await dialog.getByRole('textbox', { name: t('verification.keys.label') }).fill(label);
    await dialog.getByRole('button', { name: t('verification.keys.issueSubmit') }).click();

    // The key, shown this once, with the words that it will not be shown again; Copy puts it on the clipboard.
    const shown = page.getByRole('dialog', {
      name: t('verification.keys.newKeyTitle', { healthSystem: HEALTH_SYSTEM.name }),
    });
    await expect(shown.getByText(t('verification.keys.newKeyIntro'))).toBeVisible();
    const key = await shown.getByRole('textbox', { name: t('verification.keys.newKeyLabel') }).inputValue();
    expect(key).toMatch(/^hsk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: t('verification.keys.copy') }).click();
    await expect(shown.getByRole('status')).toHaveText(t('verification.keys.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectNoAxeViolations(page);
    await shown.getByRole('button', { name: t('verification.keys.done') }).click();
    await expect(shown).toBeHidden();

    const keys = section.getByRole('table', { name: t('verification.keys.tableTitle') });
    const row = keys.getByRole('row').filter({ hasText: label });
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText(t('verification.keys.createdBy', { date: today(), email: ADMIN.email }));
    await expect(row).toContainText(t('verification.keys.neverUsed'));
    await expect(row).toContainText(t('verification.keys.active'));
    expect(await row.textContent()).not.toContain(key);

    // The health system reads its pending participants with the key, and pushes a status.
    const pending = await participantsWith(request, key, 'pending');
    const listed = pending.find((p) => p.email === participant.email);
    expect(listed?.isVerified).toBeNull();
    const pushed = await request.post(`${PUSH_API}/verifications`, {
      headers: { 'X-Api-Key': key },
      data: { updates: [{ userId: listed!.userId, status: true }] },
    });
    expect(pushed.status()).toBe(200);
    expect(await pushed.json()).toMatchObject({ status: true, data: { applied: 1 } });
    expect((await participantsWith(request, key, 'verified')).map((p) => p.userId)).toContain(listed!.userId);

    // Its last use shows once the list is read again.
    await page.reload();
    await expect(row).not.toContainText(t('verification.keys.neverUsed'));
    await expect(row).toContainText(today());

    // Revoked after a confirmation, the key opens nothing: the API answers 401.
    await row
      .getByRole('button', { name: t('verification.keys.revokeLabel', { label, healthSystem: HEALTH_SYSTEM.name }) })
      .click();
    const confirm = page.getByRole('dialog', { name: t('verification.keys.revokeTitle') });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: t('verification.keys.revokeConfirm') }).click();
    await expect(section.getByRole('status').filter({ hasText: t('verification.keys.revoked') })).toBeVisible();
    await expect(row).toContainText(t('verification.keys.revokedStatus'));
    await expect(row.getByRole('button')).toHaveCount(0);
    const refused = await request.get(`${PUSH_API}/participants`, { headers: { 'X-Api-Key': key } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ status: false, message: text('en', 'verification.push.apiKeyInvalid') });
  });

  test('reads in Spanish: the section and the issue dialog’s rules', async ({ page, baseURL }) => {
    await signInAdmin(page, baseURL!, 'sp', await apiLogin(ADMIN.email, ADMIN.password));
    await openIssueDialog(page, 'sp');
  });
});
