import type { Locator, Page } from '@playwright/test';
import { ADMIN, useSignedIn, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, setLanguage, type Language } from './fixtures';
import { PORTAL_PORT } from './ports';
import { text } from './texts';

/** What the System Options editors' journeys share: the settings API, the sign-in, the popup and the history. */
const API = `http://127.0.0.1:${PORTAL_PORT}/common-server`;

/** An administrator's call of the settings API; the reply's data. */
export async function adminCall<T>(admin: TokenPair, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${admin.access_token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The administrator, signed in through the API, reading the portal in `language`. */
export async function signInAdmin(page: Page, baseURL: string, language: Language, admin: TokenPair) {
  await setLanguage(page, language, baseURL);
  await useSignedIn(page, admin);
}

/** The newest change of a history table: who made it, and its Before and After cells. */
export async function expectNewestChange(table: Locator, before: string | RegExp, after: string | RegExp) {
  const cells = table.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(2)).toHaveText(before);
  await expect(cells.nth(3)).toHaveText(after);
  await expect(cells.nth(1)).toHaveText(ADMIN.email);
}

/** Presses the editor's Save, checks the success popup (held open by the pointer resting on it) and closes it. */
export async function saveWithPopup(page: Page, editor: Locator | Page, language: Language) {
  await editor.getByRole('button', { name: text(language, 'admin.editor.save') }).click();
  const popup = page.getByRole('status').filter({ hasText: text(language, 'admin.editor.saved') });
  await popup.hover();
  await expectNoAxeViolations(page);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: text(language, 'admin.editor.closeMessage') }).click();
  await expect(popup).toBeHidden();
}

/** The value a read-only editor lists beside a label (the term reads exactly the label). */
export const listedValue = (scope: Page | Locator, label: string) =>
  scope
    .getByRole('term')
    .and(scope.getByText(label, { exact: true }))
    .locator('xpath=following-sibling::dd[1]');
