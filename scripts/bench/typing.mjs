// Typing on a phone in the registration form, for the speed section of `npm run bench`: a phone can type in the
// registration form within a second of it being shown.
//
// Three runs, each in a fresh Chromium (Playwright; CHROMIUM_PATH, else /usr/bin/chromium) with empty storage and
// no cookies (so English), throttled as Lighthouse's DevTools throttling of its mobile default: Lighthouse's own
// slow-4G figures (562.5 ms of latency, 1,474.56 kbit/s down, 675 kbit/s up) through
// Network.emulateNetworkConditions, the CPU 4 times slower (Emulation.setCPUThrottlingRate), its phone's screen
// (412 × 823, mobile, device scale factor 1.75) and user agent. A run opens /register-patient and reaches the form's
// first text field as a person does: when the page first shows the participation criteria instead, it ticks them
// and presses Next (a tap is taken once the app has taken the page over). Once the field shows (t0), it taps the
// field and types a word with the keyboard, and notes:
// (a) the time from t0 until the field holds the word: the typing was answered. Goal: ≤ 1,000 ms in every run.
// (b) the time from t0 until the app had taken the page over (#root no longer aria-busy="true"; negative when that
//     was before the field showed), for information.
// The field must still hold the word once the app has taken the page over, in every run: nothing typed is lost.
import { chromium } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import en from '../../packages/shared/src/i18n/en.json' with { type: 'json' };
import { chromiumPath } from './lighthouse.mjs';
import { fmt, verdict } from './portal.mjs';
import { RUNS } from './rounds.mjs';

const PAGE = '/register-patient';
const WORD = 'rose';
const GOAL_MS = 1000;
const PHONE = screenEmulationMetrics.mobile;
const NETWORK = throttling.mobileSlow4G;
/** Waiting for the page, the field or the takeover longer than this fails the run. */
const STEP_TIMEOUT_MS = 120_000;

/** Notes in the page when the app takes it over: its root stops being aria-busy (main.tsx, PageTakenOver). */
function noteTakeover() {
  new MutationObserver((records) => {
    for (const record of records)
      if (
        record.target.id === 'root' &&
        record.oldValue === 'true' &&
        record.target.getAttribute('aria-busy') !== 'true'
      )
        window.takenOverAt ??= Date.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
}

/** A phone's page: its screen and user agent, Lighthouse's slow 4G (kbit/s to bytes/s, as Lighthouse converts). */
async function phonePage(browser) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: PHONE.mobile,
    hasTouch: true,
    userAgent: userAgents.mobile,
    locale: 'en-US',
  });
  await context.addInitScript(noteTakeover);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.requestLatencyMs,
    downloadThroughput: Math.floor((NETWORK.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((NETWORK.uploadThroughputKbps * 1024) / 8),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: NETWORK.cpuSlowdownMultiplier });
  return page;
}

/** Shows the form's first text field as a person gets to it; resolves the field. */
async function reachFirstField(page) {
  const registration = en.registration;
  const field = page.getByRole('textbox', { name: registration.fields.email, exact: true });
  const criteria = ['isAdult', 'kidneyDiseaseStatus', 'nkfRegistrationParticipation'].map((key) =>
    page.getByRole('checkbox', { name: registration.criteria[key], exact: true }),
  );
  await field.or(criteria[0]).first().waitFor();
  if (!(await field.isVisible())) {
    for (const criterion of criteria) await criterion.check();
    await page.getByRole('button', { name: registration.next, exact: true }).click();
  }
  await field.waitFor();
  return field;
}

/** One run in a fresh browser: the times (ms) of the field showing, the typing answered and the takeover. */
async function typingRun(url, executablePath) {
  const browser = await chromium.launch({ executablePath });
  try {
    const page = await phonePage(browser);
    const navigatedAt = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const field = await reachFirstField(page);
    const shownAt = Date.now();
    await field.click();
    await page.keyboard.type(WORD);
    const handle = await field.elementHandle();
    await page.waitForFunction(([element, word]) => element.value === word, [handle, WORD], { polling: 'raf' });
    const typedAt = Date.now();
    // The moment noted, or null for a page that was not pre-rendered (never busy): the app drew it itself.
    const { takenOverAt } = await page
      .waitForFunction(() =>
        window.takenOverAt
          ? { takenOverAt: window.takenOverAt }
          : document.getElementById('root')?.getAttribute('aria-busy') !== 'true' && { takenOverAt: null },
      )
      .then((outcome) => outcome.jsonValue());
    // What the app renders once it has taken over has been committed and painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const kept = (await field.inputValue()) === WORD;
    return {
      shownMs: shownAt - navigatedAt,
      typedMs: typedAt - shownAt,
      takeoverMs: takenOverAt === null ? null : takenOverAt - shownAt,
      kept,
    };
  } finally {
    await browser.close();
  }
}

const takeover = (run) => (run.takeoverMs === null ? 'not pre-rendered' : `${fmt(run.takeoverMs)} ms`);

/** The runs on the portal at `baseUrl`; skipped when there is no Chromium. */
export async function measureTyping({ baseUrl, log }) {
  const executablePath = chromiumPath();
  if (!executablePath) return { skipped: true, reason: 'no Chromium (set CHROMIUM_PATH)' };
  log(`Typing in ${PAGE} on a throttled phone (Lighthouse's slow 4G, CPU 4x slower), a fresh Chromium per run`);
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const r = await typingRun(`${baseUrl}${PAGE}`, executablePath);
    log(
      `  run ${run}: field shown ${fmt(r.shownMs)} ms after navigation; (a) typing answered in ${fmt(r.typedMs)} ms;` +
        ` (b) taken over at ${takeover(r)}; the word ${r.kept ? 'kept' : 'LOST'} after the takeover`,
    );
    runs.push(r);
  }
  const worstMs = Math.max(...runs.map((r) => r.typedMs));
  return { skipped: false, runs, worstMs, goalMs: GOAL_MS, met: worstMs <= GOAL_MS && runs.every((r) => r.kept) };
}

/** The summary's row: goal, worst, each run, (b) beside it, verdict. */
export function typingRow(result) {
  return [
    `typing in ${PAGE} answered ≤ ${fmt(GOAL_MS)} ms, nothing lost`,
    `${fmt(result.worstMs)} ms`,
    result.runs.map((r) => fmt(r.typedMs)).join(' / '),
    `(b) takeover − t0: ${result.runs.map(takeover).join(' / ')}`,
    verdict(result.met),
  ];
}
