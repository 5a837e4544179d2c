// Lighthouse 12 with its mobile defaults (a mid-range phone: simulated slow 4G and a 4x slower CPU) on the public
// pages a participant opens first, three runs per page, each run as a person measuring with the Lighthouse CLI gets
// it: a fresh Chromium with a fresh profile (chrome-launcher launches it and kills it, as the CLI does), Lighthouse's
// default settings and categories, and only the flags this machine needs (headless, as it has no display; no
// sandbox, as the bench runs as root). Goals per page, in every run (the worst of the three is judged):
// performance ≥ 95, total blocking time < 150 ms, largest contentful paint ≤ 1.3 s, cumulative layout shift
// ≤ 0.031, accessibility 100.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fmt, verdict } from './portal.mjs';
import { RUNS } from './rounds.mjs';

const PAGES = ['/', '/login-patient', '/register-patient'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];
/** A goal: the figure of a run it is about, its text, the worse of two figures, whether one meets it, its display. */
const goal = (key, text, worse, met, show) => ({ key, text, worse, met, show });
const GOALS = [
  goal(
    'performance',
    'performance ≥ 95',
    Math.min,
    (n) => n >= 95,
    (n) => fmt(n),
  ),
  goal(
    'tbtMs',
    'total blocking time < 150 ms',
    Math.max,
    (n) => n < 150,
    (n) => `${fmt(n)} ms`,
  ),
  goal(
    'lcpMs',
    'LCP ≤ 1.3 s',
    Math.max,
    (n) => n <= 1300,
    (n) => `${fmt(n / 1000, 2)} s`,
  ),
  goal(
    'cls',
    'CLS ≤ 0.031',
    Math.max,
    (n) => n <= 0.031,
    (n) => fmt(n, 3),
  ),
  goal(
    'accessibility',
    'accessibility 100',
    Math.min,
    (n) => n >= 100,
    (n) => fmt(n),
  ),
];

/** The figures of one Lighthouse report that the goals are about, plus the first contentful paint. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id].numericValue;
  return {
    version: lhr.lighthouseVersion,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

/**
 * Lighthouse's own failures to record a trace, which it answers with "please run Lighthouse again": such a run is
 * run again, up to RECORDING_ATTEMPTS times. Any other runtime error (the page did not load or paint) fails at once.
 */
const RECORDING_FAILURES = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'NO_DCL',
  'NO_SPEEDLINE_FRAMES',
  'PROTOCOL_TIMEOUT',
]);
const RECORDING_ATTEMPTS = 3;

/** One Lighthouse run of `url` in a Chromium of its own, killed afterwards (its profile with it). */
async function freshRun(url, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** One measurement of `url`, run again when the trace was not recorded; `log` hears why. */
async function lighthouseRun(url, chromePath, log) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await freshRun(url, chromePath);
    const { runtimeError } = lhr;
    if (!runtimeError) return figures(lhr);
    if (!RECORDING_FAILURES.has(runtimeError.code) || attempt === RECORDING_ATTEMPTS)
      throw new Error(`Lighthouse could not load ${url}: ${runtimeError.code} ${runtimeError.message}`);
    log(`    ${runtimeError.code}: the trace was not recorded; once more`);
  }
}

/** RUNS runs of one page, each printed; the worst figure of each goal, and whether it is met. */
async function measurePage(url, chromePath, log) {
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const f = await lighthouseRun(url, chromePath, log);
    log(
      `  run ${run}: performance ${f.performance}, TBT ${fmt(f.tbtMs)} ms, LCP ${fmt(f.lcpMs / 1000, 2)} s, ` +
        `CLS ${fmt(f.cls, 3)}, accessibility ${f.accessibility}`,
    );
    runs.push(f);
  }
  const worst = Object.fromEntries(GOALS.map((g) => [g.key, g.worse(...runs.map((r) => r[g.key]))]));
  const met = GOALS.every((g) => g.met(worst[g.key]));
  log(`  worst of ${RUNS}: performance ${worst.performance}, TBT ${fmt(worst.tbtMs)} ms   ${verdict(met)}`);
  return { runs, worst, met };
}

/** The Chromium of the speed section's browsers: CHROMIUM_PATH, else /usr/bin/chromium; undefined when missing. */
export function chromiumPath() {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : undefined;
}

/** Lighthouse on each public page of the portal at `baseUrl`; skipped when there is no Chromium. */
export async function measureLighthouse({ baseUrl, log }) {
  const chromePath = chromiumPath();
  if (!chromePath) return { skipped: true, reason: 'no Chromium (set CHROMIUM_PATH)' };
  const pages = [];
  for (const page of PAGES) {
    log(`Lighthouse, mobile defaults, a fresh Chromium per run: ${baseUrl}${page}`);
    pages.push({ path: page, ...(await measurePage(`${baseUrl}${page}`, chromePath, log)) });
  }
  return { skipped: false, version: pages[0].runs[0].version, chromeFlags: CHROME_FLAGS, pages };
}

/** The summary's rows: one per page and goal (goal, worst, each run, reference, verdict). */
export function lighthouseRows(result) {
  return result.pages.flatMap((page) =>
    GOALS.map((g) => [
      `${page.path}: ${g.text}`,
      g.show(page.worst[g.key]),
      page.runs.map((run) => g.show(run[g.key])).join(' / '),
      `Lighthouse ${result.version} mobile`,
      verdict(g.met(page.worst[g.key])),
    ]),
  );
}
