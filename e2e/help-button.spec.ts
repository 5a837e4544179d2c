import type { Locator, Page } from '@playwright/test';
import { ADMIN, apiLogin, createPatient, useSignedIn } from './accounts';
import { expect, setLanguage, test, type Language, PHONE } from './fixtures';
import { textsIn } from './texts';

// The floating Help button stays off what a person reads or presses: at the top of each page and at its end, on two
// laptop widths and a phone, in both languages (their texts differ in length).

const VIEWPORTS = [{ width: 1366, height: 768 }, { width: 1280, height: 800 }, PHONE];

interface Screen {
  path: string;
  /** Shown once the page's content has loaded. */
  loaded(page: Page, t: (key: string) => string): Locator;
}

const VISITOR_SCREENS: Screen[] = [
  { path: '/', loaded: (page) => page.getByRole('contentinfo').getByRole('link').first() },
];
const PARTICIPANT_SCREENS: Screen[] = [
  { path: '/dashboard', loaded: (page, t) => page.getByRole('region', { name: t('dashboard.progress.heading') }) },
  { path: '/profile-settings', loaded: (page, t) => page.getByRole('combobox', { name: t('account.profile.gender') }) },
];
const ADMIN_SCREENS: Screen[] = [
  { path: '/dashboard', loaded: (page) => page.getByRole('heading', { level: 2 }).first() },
  {
    path: '/system-options?tab=audit-log',
    loaded: (page, t) =>
      page
        .getByRole('table', { name: t('auditLog.table.title') })
        .getByRole('row')
        .nth(1),
  },
  {
    path: '/system-options?tab=data-export',
    loaded: (page, t) => page.getByRole('button', { name: t('dataExport.dataDictionary.download') }),
  },
  {
    path: '/system-options?tab=health-system-verification',
    loaded: (page, t) => page.getByText(t('verification.records.searchFirst')),
  },
  {
    path: '/system-options?tab=health-system-management',
    loaded: (page, t) =>
      page
        .getByRole('table', { name: t('healthSystems.table.title') })
        .getByRole('row')
        .nth(1),
  },
];

/**
 * What the Help button's box lies over: each line of visible text and each visible control whose box meets it,
 * where it is not clipped away by a scrolling or clipping container. Text hidden for screen readers only (1 px) and
 * the button's own content do not count.
 */
function coveredBy(help: Locator): Promise<string[]> {
  return help.evaluate((button) => {
    const toggle = button.getBoundingClientRect();
    // Where the button sits in a sticky bar (the header on narrow screens), what scrolls under the bar is hidden by
    // the bar, as on every page: only the bar's own content could lie under the button.
    let layer: Element = button;
    for (let a: Element | null = button; a; a = a.parentElement) {
      if (['fixed', 'sticky'].includes(getComputedStyle(a).position)) layer = a;
    }
    type Box = { left: number; top: number; right: number; bottom: number };
    const clip = (element: Element, box: Box): Box => {
      // A DOMRect's sides are getters, which spreading would not copy.
      let clipped = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      for (let a = element.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed') break;
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        clipped = {
          left: Math.max(clipped.left, r.left),
          top: Math.max(clipped.top, r.top),
          right: Math.min(clipped.right, r.right),
          bottom: Math.min(clipped.bottom, r.bottom),
        };
      }
      return clipped;
    };
    const meets = (b: Box) =>
      b.right - b.left > 1 &&
      b.bottom - b.top > 1 &&
      b.left < toggle.right &&
      toggle.left < b.right &&
      b.top < toggle.bottom &&
      toggle.top < b.bottom;
    const shown = (element: Element) =>
      !button.contains(element) &&
      (layer === button || layer.contains(element)) &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // The cheap test (does its box meet the button's?) first; styles are read only for what passes it.
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION'].includes(parent.tagName)) continue;
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects()).filter(meets);
      if (lines.length > 0 && shown(parent) && lines.some((line) => meets(clip(parent, line)))) {
        found.push(`text "${node.textContent.trim().slice(0, 60)}"`);
      }
    }
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]';
    for (const control of Array.from(document.querySelectorAll(controls))) {
      const box = control.getBoundingClientRect();
      if (control === button || !meets(box) || !shown(control)) continue;
      if (meets(clip(control, box))) {
        found.push(`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 60)}"`);
      }
    }
    return found;
  });
}

/** Each screen at each width, read at its top and at its end. */
async function expectNothingCovered(page: Page, language: Language, screens: Screen[]) {
  const t = textsIn(language);
  const help = page.getByRole('button', { name: t('help.toggle'), exact: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screen.loaded(page, t)).toBeVisible();
      await expect(help).toBeVisible();
      const where = `${screen.path} at ${viewport.width} px`;
      // Soft: one run names every page, width and place where something lies under the button.
      expect.soft(await coveredBy(help), `${where}, at the top`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() => page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1))
        .toBe(true);
      expect.soft(await coveredBy(help), `${where}, at the end`).toEqual([]);
    }
  }
}

const SIGNED_IN = [
  { whose: "a participant's", admin: false, screens: PARTICIPANT_SCREENS },
  { whose: "the administrator's", admin: true, screens: ADMIN_SCREENS },
];

// One journey per language and reader walks every width, so each signs in once rather than once per width.
for (const language of ['en', 'sp'] as const satisfies Language[]) {
  test.describe(`the Help button covers nothing at ${VIEWPORTS.map((v) => v.width).join(', ')} px (${language})`, () => {
    // Up to five pages at three widths, each read twice, on two busy cores.
    test.describe.configure({ timeout: 240_000 });
    test.beforeEach(async ({ page, baseURL }) => {
      await setLanguage(page, language, baseURL!);
    });

    test('on the landing page', async ({ page }) => {
      await expectNothingCovered(page, language, VISITOR_SCREENS);
    });

    for (const { whose, admin, screens } of SIGNED_IN) {
      test(`on ${whose} pages`, async ({ page }) => {
        // A participant's registration, activation and consent fill the audit log's first rows too.
        const participant = await createPatient(language, 'help');
        const account = admin ? ADMIN : participant;
        await useSignedIn(page, await apiLogin(account.email, account.password));
        await expectNothingCovered(page, language, screens);
      });
    }
  });
}
