// Throughput and latency of one URL under load (autocannon), shared by the sections of `npm run bench`.
import autocannon from 'autocannon';

/**
 * A warm-up (JIT, caches, connection set-up), then the measured run.
 * autocannon runs in a worker thread (`workers: 1`) so that it never shares an event loop with a server in the
 * bench process; in the same thread it starves that server.
 */
export async function load(url, { connections, pipelining = 1, warmupSeconds, durationSeconds, ...request }) {
  const options = { url, connections, pipelining, workers: 1, ...request };
  const warmup = await autocannon({ ...options, duration: warmupSeconds });
  const run = await autocannon({ ...options, duration: durationSeconds });
  return {
    url,
    requestsPerSecond: run.requests.average,
    p99Ms: run.latency.p99,
    requests: run.requests.total,
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
    warmup: { non2xx: warmup.non2xx, errors: warmup.errors, timeouts: warmup.timeouts },
  };
}

/** The failures of a measurement (warm-up included): a run with failed requests is not a measurement. */
export function loadFailures(name, run) {
  const failures = [];
  for (const [phase, counts] of [
    ['', run],
    [' (warm-up)', run.warmup],
  ]) {
    if (counts.non2xx > 0) failures.push(`${name}${phase}: ${counts.non2xx} non-2xx replies`);
    if (counts.errors + counts.timeouts > 0)
      failures.push(`${name}${phase}: ${counts.errors} errors, ${counts.timeouts} timeouts`);
  }
  return failures;
}
