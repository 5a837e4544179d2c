// Reading the JSON reports of vitest and Playwright: the counts of `npm test`'s last line, the journeys that
// passed only on retry, and the slowest files and journeys.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The parsed JSON file, or undefined when the runner wrote none (it crashed before reporting). */
export function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Passed, failed and skipped tests of a vitest JSON report. */
export function vitestTotals(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** Each test file of a vitest report with its wall time, relative to `root`. */
export function vitestFileDurations(report, root) {
  return report.testResults.map((file) => ({
    title: path.relative(root, file.name),
    ms: file.endTime - file.startTime,
  }));
}

/** Every journey of a Playwright JSON report: its title, project, outcome and time over all its attempts. */
function journeys(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        found.push({
          title: `${[...titles, spec.title].join(' › ')} (${test.projectName})`,
          status: test.status,
          ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return found;
}

/**
 * Passed, failed and skipped journeys of a Playwright report. A journey that passed only on its retry is flaky:
 * it counts as failed, never as passed, and is named.
 */
export function journeyTotals(report) {
  const { stats } = report;
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky,
    skipped: stats.skipped,
    flaky: journeys(report)
      .filter((journey) => journey.status === 'flaky')
      .map((journey) => journey.title),
  };
}

export function journeyDurations(report) {
  return journeys(report).map(({ title, ms }) => ({ title, ms }));
}

/** Prints the `count` longest entries, longest first, with their seconds. */
export function printSlowest(heading, entries, count = 10) {
  if (entries.length === 0) return;
  console.log(heading);
  for (const { title, ms } of [...entries].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${title}`);
  }
}
