import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { formatDate } from '../packages/shared/src/dates';
import { mailApiUrl } from './ports';

export type Language = 'en' | 'sp';
export type Role = 'patient' | 'admin';

/** A phone's viewport, portrait. */
export const PHONE = { width: 390, height: 844 };

/**
 * How long a check waits on heavy work (a PDF page drawn by pdf.js, a signed copy built and e-mailed, a page
 * reloaded after a session change): longer than every check's default (20 s), which such work has exceeded on two
 * busy cores. A check that holds passes at once.
 */
export const SLOW_STEP_TIMEOUT_MS = 45_000;

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A token with the portal's access-token claims, stored the way the portal stores a signed-in session. Pages and
 * menus are chosen from it in the browser; the server verifies real tokens on every call it protects.
 */
export function storedSession(role: Role, { expiresInSeconds = 300 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: role === 'admin' ? '00000000-0000-4000-8000-000000000001' : '00000000-0000-4000-8000-000000000002',
    email: `${role}@example.org`,
    name: role === 'admin' ? 'Study Administrator' : 'Maria Demo',
    given_name: role === 'admin' ? 'Study' : 'Maria',
    family_name: role === 'admin' ? 'Administrator' : 'Demo',
    isConsentSigned: false,
    language: 'en',
    exp: now + expiresInSeconds,
    iat: now,
    azp: 'portal',
    // A staff member's token carries the realm role admin and their staff role.
    realm_access: { roles: role === 'admin' ? ['admin', 'studyAdmin'] : [role] },
  };
  const accessToken = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
  return JSON.stringify({ access_token: accessToken, refresh_token: 'refresh' });
}

/**
 * Puts raw login data in local storage before the first page script runs, once per test: a later
 * load (after a logout, say) sees whatever the portal left there.
 */
export async function storeLoginData(page: Page, value: string) {
  await page.addInitScript((stored) => {
    if (!localStorage.getItem('e2e-stored')) {
      localStorage.setItem('authorize', stored);
      localStorage.setItem('e2e-stored', '1');
    }
  }, value);
}

export async function setLanguage(page: Page, language: Language, baseURL: string) {
  await page.context().addCookies([{ name: 'preferredLanguage', value: language, url: baseURL }]);
}

/**
 * axe with the WCAG 2.2 AA rule set, and label-content-name-mismatch (2.5.3 Label in Name: a control's accessible
 * name contains the text it shows, so a voice-control user can say what they see) whatever axe's release tags it;
 * the page must have no violations at all.
 */
export async function expectNoAxeViolations(page: Page) {
  // Pages load on demand: wait for the page's own heading, so axe never checks a half-rendered page
  // (hidden from assistive technology while a dialog is open, but on screen).
  await expect(page.getByRole('heading', { level: 1, includeHidden: true })).toBeVisible();
  // Colours are judged at rest: a menu link fading out of its highlight after a navigation, caught half-way,
  // once failed color-contrast. A transition may start just after another ends (a hover under the pointer once
  // the page changed beneath it), so the page is at rest when two checks in a row find none running. Endless
  // animations (a spinner) are left running.
  let quietChecks = 0;
  await expect
    .poll(
      async () => {
        const running = await page.evaluate(async () => {
          const finite = document
            .getAnimations()
            .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
          await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
          return finite.length;
        });
        quietChecks = running === 0 ? quietChecks + 1 : 0;
        return quietChecks;
      },
      { intervals: [50] },
    )
    .toBeGreaterThanOrEqual(2);
  const results = await new AxeBuilder({ page })
    // options() replaces every option set before it, so it comes before withTags.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** The e-mails the portal sent to an address, as the test SMTP server caught them (e2e/mail-catcher.ts). */
export async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  const response = await fetch(`${mailApiUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as { subject: string; text: string }[];
}

/** Waits for the n-th e-mail to an address and returns the activation link in it. */
export async function activationLinkFor(address: string, nth = 1): Promise<{ subject: string; link: string }> {
  await expect
    .poll(async () => (await mailsTo(address)).length, { timeout: SLOW_STEP_TIMEOUT_MS })
    .toBeGreaterThanOrEqual(nth);
  const mail = (await mailsTo(address))[nth - 1]!;
  const link = /https?:\/\/[^\s"<>]+\/registration-confirm\?[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error('The e-mail holds no activation link.');
  return { subject: mail.subject, link: link.replaceAll('&amp;', '&') };
}

/** Today as the portal shows dates (MM/DD/YYYY, UTC). */
export const today = () => formatDate(new Date());

/** A fresh address for each run, so journeys never collide with earlier data. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
}

export const test = base;
export { expect };
