// Rounds of the speed section of `npm run bench`: every speed goal is measured RUNS times and judged on its worst
// run, because people use phones and the portal in every hour, not only in a quiet one.
import os from 'node:os';
import { fmt, verdict } from './portal.mjs';
import { load, loadFailures } from './throughput.mjs';

export const RUNS = 3;

/**
 * The load of one side of a round: a warm-up, then the measured seconds. BENCH_SPEED_SECONDS shortens (or
 * lengthens) the measured part, for a quick trial of the bench itself; its figures are then not the goals'.
 */
export const SPEED_SECONDS = { warmup: 2, measured: Number(process.env.BENCH_SPEED_SECONDS) || 8 };

/** The hour (UTC) and the 1-minute load average now: what the machine was doing while a figure was taken. */
export function moment() {
  return { at: new Date().toISOString(), load1: os.loadavg()[0] };
}

export const describeMoment = ({ at, load1 }) => `${at.slice(11, 16)} UTC, load ${fmt(load1, 2)}`;

/**
 * RUNS rounds of the portal against its reference, one after the other and never at once: each round measures
 * `portal()` and then `reference()` (each resolves `{ perSecond, … }`). The ratio of a round is the portal's rate
 * over the reference's; the worst round's ratio is the measured figure, and meets the goal from `goal` up.
 */
export async function sideBySide({ portal, reference, goal, log, name }) {
  const rounds = [];
  for (let run = 1; run <= RUNS; run++) {
    const portalRun = await portal();
    const referenceRun = await reference();
    const ratio = portalRun.perSecond / referenceRun.perSecond;
    log(
      `  ${name}, round ${run}: portal ${fmt(portalRun.perSecond, 1)}/s, reference ${fmt(referenceRun.perSecond, 1)}/s,` +
        ` ratio ${fmt(ratio, 2)}`,
    );
    rounds.push({ portal: portalRun, reference: referenceRun, ratio });
  }
  const worst = Math.min(...rounds.map((round) => round.ratio));
  return { rounds, worst, goal, met: worst >= goal };
}

/** A side of a round under load (throughput.mjs's `load`), resolving `perSecond`; failed requests join `failures`. */
export const loadSide = (name, url, options, failures) => async () => {
  const run = await load(url, options);
  failures.push(...loadFailures(name, run));
  return { ...run, perSecond: run.requestsPerSecond };
};

/** The summary's row of a side-by-side goal: the goal, the worst ratio, each round's, the reference, the verdict. */
export function ratioRow(goal, result, reference) {
  const ratios = result.rounds.map((round) => fmt(round.ratio, 2)).join(' / ');
  return [goal, fmt(result.worst, 2), ratios, reference, verdict(result.met)];
}
