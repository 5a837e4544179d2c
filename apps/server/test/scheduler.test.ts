import { expect, it } from 'vitest';
import { emailMessages } from '../src/db/schema';
import type { Mailer } from '../src/providers/mail/mailer';
import { activationMail } from '../src/providers/mail/templates/activation';
import { buildTestApp, describeEachDatabase, describeOnDatabase } from './helpers';
import { twoServerProcesses } from './server-processes';

const reminderTo = (to: string) => ({
  to,
  language: 'en' as const,
  template: 'activation-reminder',
  priority: 'bulk' as const,
  content: activationMail('en', { firstName: 'Ana', link: 'https://portal.example.org/x', expiresOn: '05/30/2026' }),
});

/** Bulk mail is sent only by the scheduler's sweep, never on the request that queues it. */
async function queueBulk(mailer: Mailer, db: Parameters<Mailer['queue']>[0], count: number, label: string) {
  const addresses = Array.from({ length: count }, (_, i) => `${label}${i}@example.org`);
  for (const address of addresses) await mailer.queue(db, reminderTo(address));
  return addresses;
}

// Both databases: the scheduler runs on each database's own job queue.
describeEachDatabase('The scheduler', (target) => {
  it('starts with the server and at once sends what was queued and what a killed process was sending', async () => {
    let queued: string[] = [];
    const t = await buildTestApp(target, {
      scheduler: true,
      // Bulk mail leaves only in the study's sending hours: here, all day.
      env: { REMINDER_SEND_HOURS: '0-24' },
      configure: async (app) => {
        queued = await queueBulk(app.services.mailer, app.db, 3, 'queued');
        // A process claimed this one and was killed while sending it: its claim has lapsed.
        await app.db.insert(emailMessages).values({
          recipient: 'interrupted@example.org',
          template: 'activation-reminder',
          language: 'en',
          subject: 'Reminder',
          transport: 'outbox',
          status: 'sending',
          priority: 2,
          attempts: 1,
          payload: { content: reminderTo('interrupted@example.org').content },
          leaseUntil: new Date('2026-03-01T11:59:00.000Z'),
        });
      },
    });
    try {
      await expect
        .poll(() => t.mail.delivered.map((m) => m.to).sort(), { timeout: 20_000 })
        .toEqual(['interrupted@example.org', ...queued].sort());
    } finally {
      await t.close();
    }
  });
});

// One database: the timer that runs the jobs is the same whichever database holds their queue.
describeOnDatabase("The scheduler's timer", (target) => {
  it('runs each job every SCHEDULER_INTERVAL_S seconds as well as on its minute', { timeout: 60_000 }, async () => {
    const token = 'prometheus-scrape-token-0123456789abcdef';
    const t = await buildTestApp(target, {
      scheduler: true,
      demo: false,
      env: { SCHEDULER_INTERVAL_S: '5', METRICS_TOKEN: token },
    });
    try {
      const runs = async () => {
        const reply = await t.app.inject({
          method: 'GET',
          url: '/common-server/metrics',
          headers: { authorization: `Bearer ${token}` },
        });
        return Number(/^scheduler_job_runs_total\{job="reminders"\} (\d+)$/m.exec(reply.body)?.[1] ?? 0);
      };
      // The run at start and the minute's (at most one within 30 s) make two: a third comes only from the 5 s timer.
      await expect.poll(runs, { timeout: 30_000, interval: 1_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await t.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
it.skipIf(!serverUrl)(
  'two server processes on one PostgreSQL share the work: each message goes once',
  { timeout: 60_000 },
  async () => {
    const processes = await twoServerProcesses(serverUrl!, { env: { REMINDER_SEND_HOURS: '0-24' }, scheduler: true });
    try {
      const { apps, handles, transports } = processes;
      const addresses = await queueBulk(apps[0]!.services.mailer, handles[0]!.db, 40, 'shared');
      await Promise.all(apps.map((app) => app.ready()));

      const delivered = () => transports.flatMap((t) => t.delivered.map((m) => m.to)).sort();
      await expect.poll(delivered, { timeout: 30_000 }).toEqual([...addresses].sort());
    } finally {
      await processes.close();
    }
  },
);
