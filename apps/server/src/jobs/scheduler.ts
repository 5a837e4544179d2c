import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobsConnection } from '../db/client';

/** How long `stop` waits for a job under way before it lets the process end (SIGTERM must finish in 10 s). */
const STOP_TIMEOUT_MS = 2_000;

/** A job the scheduler runs on a cron schedule; `run` must stop soon after `signal` aborts. */
export interface RecurringJob {
  name: string;
  /** A five-field cron expression, in UTC. */
  cron: string;
  /** How long one run may take before the queue counts it failed; 15 minutes unless said. */
  expireInSeconds?: number;
  run(signal: AbortSignal): Promise<void>;
}

/**
 * pg-boss on PGlite: statements with parameters go through `query`; the scripts pg-boss runs to install and
 * migrate its schema hold several statements and no parameters, so they go through `exec`, inside one PGlite
 * transaction so that a failing script leaves nothing half-done and no other query runs in between.
 */
function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      return client.transaction(async (tx) => {
        const results = await tx.exec(text);
        return results.at(-1) ?? { rows: [] };
      });
    },
  };
}

/**
 * Creating a queue is idempotent, but two processes creating the same one at the same moment can deadlock in
 * PostgreSQL; the one the database stops then tries again and finds the queue made.
 */
async function createQueueOnce(create: () => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
    }
  }
}

/**
 * The durable job runner, in the server process: pg-boss keeps its queues and schedules in the database, so a
 * restart loses no job, and every server process on one PostgreSQL shares them, so each job runs on one
 * process only. A job still running when the process stops is retried by the next process to start.
 */
export function createScheduler(
  connection: JobsConnection,
  log: FastifyBaseLogger,
  /** Told of every run of a job in this process, and whether it failed. */
  onRun: (job: string, failed: boolean) => void = () => {},
  /** Seconds between runs of each job: 60 runs each on its cron minute; fewer runs each that often as well. */
  intervalSeconds = 60,
) {
  const boss = new PgBoss({
    ...(connection.kind === 'postgres'
      ? { connectionString: connection.url, max: 3 }
      : { db: pgliteExecutor(connection.client) }),
    schema: 'pgboss',
    // Cron schedules are checked every few seconds, so a job due at a minute starts within seconds of it.
    cronMonitorIntervalSeconds: 5,
    cronWorkerIntervalSeconds: 5,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'scheduler error'));
  const jobs: RecurringJob[] = [];
  const stopping = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let started = false;

  /** Queues one more run of a job now; its cron run still comes at the minute. */
  const runSoon = (name: string) => {
    boss.send(name, {}).catch((error: unknown) => log.error({ err: error, job: name }, 'scheduler error'));
  };

  return {
    /** Adds a recurring job; call before `start`. */
    add(job: RecurringJob) {
      jobs.push(job);
    },
    async start() {
      await boss.start();
      started = true;
      for (const job of jobs) {
        await createQueueOnce(() =>
          boss.createQueue(job.name, {
            name: job.name,
            retryLimit: 0,
            expireInSeconds: job.expireInSeconds ?? 15 * 60,
          }),
        );
        await boss.schedule(job.name, job.cron);
        await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
          try {
            await job.run(stopping.signal);
            onRun(job.name, false);
          } catch (error) {
            onRun(job.name, true);
            log.error({ err: error, job: job.name }, 'scheduled job failed');
            throw error;
          }
        });
        // Once at start too, so a process that was down catches up now rather than at the next minute.
        await boss.send(job.name, {});
        if (intervalSeconds < 60) timers.push(setInterval(() => runSoon(job.name), intervalSeconds * 1000).unref());
      }
    },
    /** Whether its jobs have started (and not stopped) in this process. */
    running: () => started,
    /**
     * Runs a recurring job once more at `at` (a due time that does not fall on its schedule, such as the end of
     * a hold); its cron run still catches anything this one misses.
     */
    async runAt(name: string, at: Date) {
      if (!started) return;
      await boss.send(name, {}, { startAfter: at });
    },
    async stop() {
      stopping.abort();
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: connection.kind === 'postgres' });
    },
  };
}
