import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { emailMessages, mailPace } from '../src/db/schema';
import { fixedClock } from '../src/providers/clock/clock';
import type { MailTransport } from '../src/providers/mail/mail-transport';
import { createMailer, type SendMailRequest } from '../src/providers/mail/mailer';
import { parsePaceRates } from '../src/providers/mail/pacing/pace-rates';
import { activationMail } from '../src/providers/mail/templates/activation';
import { databaseFileStore } from '../src/providers/storage/file-store';
import { describeEachDatabase, sendNow, TEST_START, useTestDatabase } from './helpers';

const LINK = 'https://portal.example.org/registration-confirm?token=t&id=i';
const silentLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger;

/** A transport that takes a moment per message, so the two processes' sweeps interleave, and keeps who got what. */
function recordingTransport(delivered: string[]): MailTransport {
  return {
    kind: 'smtp',
    async deliver(mail) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      delivered.push(mail.to);
      return { smtpReply: '250 Ok' };
    },
    async close() {},
  };
}

const reminder = (to: string): SendMailRequest => ({
  to,
  language: 'en',
  template: 'activation-reminder',
  category: 'reminders',
  content: activationMail('en', { firstName: 'Ana', link: LINK, expiresOn: '03/30/2026' }),
});

// Both databases: grants are taken under the database's row locks, by two processes at once. On PostgreSQL each
// process has its own pool; the embedded database belongs to one process, so there the two share its connection.
describeEachDatabase('bulk mail paced per recipient domain across server processes', (target) => {
  const database = useTestDatabase(target);
  const clock = fixedClock(TEST_START);
  let second: DatabaseHandle | undefined;
  let downtime = false;
  let delivered: string[] = [];

  const processOn = (db: Database) =>
    createMailer({
      db,
      clock,
      transport: recordingTransport(delivered),
      from: 'Kidney Research Study <no-reply@example.org>',
      files: databaseFileStore,
      log: silentLog(),
      contact: async () => DEFAULT_CONTACT,
      inDowntime: async () => downtime,
      bulkHours: () => true,
      paceRates: parsePaceRates('microsoft=60'),
    });
  /** Two server processes on the one database. */
  const twoProcesses = async () => {
    const db = database().db;
    if (database().kind === 'postgres') {
      const { jobs } = database();
      if (jobs.kind !== 'postgres') throw new Error('PostgreSQL only');
      second = await openDatabase({ kind: 'postgres', url: jobs.url });
    }
    return [processOn(db), processOn(second?.db ?? db)] as const;
  };
  const sweepBoth = async (processes: readonly ReturnType<typeof processOn>[]) => {
    await Promise.all(processes.flatMap((mailer) => [mailer.sweep(), mailer.sweep()]));
  };
  const count = (domains: string[]) => delivered.filter((to) => domains.some((d) => to.endsWith(`@${d}`))).length;
  const MICROSOFT = ['outlook.com', 'hotmail.co.uk', 'live.com.mx'];
  const statuses = async () => {
    const result = await database().db.execute(
      sql`select status, count(*)::int as n from email_messages group by status order by status`,
    );
    return Object.fromEntries(
      (result as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
    );
  };

  beforeEach(async () => {
    await database().db.delete(emailMessages);
    await database().db.delete(mailPace);
    clock.set(TEST_START);
    downtime = false;
    delivered = [];
  });
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it('sends exactly 60 Microsoft messages a minute between two processes, and every other domain’s at once', async () => {
    const processes = await twoProcesses();
    const db = database().db;
    // 150 to three Microsoft domains, paced together, and 20 to a clinic's own domain.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 150; i += 1) await processes[0].queue(tx, reminder(`p${i}@${MICROSOFT[i % 3]}`));
      for (let i = 0; i < 20; i += 1) await processes[1].queue(tx, reminder(`q${i}@clinic.example.org`));
    });

    await sweepBoth(processes);
    expect([count(MICROSOFT), count(['clinic.example.org'])]).toEqual([60, 20]);
    expect(await statuses()).toEqual({ queued: 90, sent: 80 });
    expect(
      await db
        .select({ paceKey: mailPace.paceKey, granted: mailPace.granted })
        .from(mailPace)
        .orderBy(mailPace.paceKey),
    ).toEqual([
      { paceKey: 'clinic.example.org', granted: 20 },
      { paceKey: 'microsoft', granted: 60 },
    ]);

    // Later in the same minute: nothing more.
    clock.set('2026-03-01T12:00:59.999Z');
    await sweepBoth(processes);
    expect(count(MICROSOFT)).toBe(60);

    clock.set('2026-03-01T12:01:00.000Z');
    await sweepBoth(processes);
    expect([count(MICROSOFT), count(['clinic.example.org'])]).toEqual([120, 20]);
    expect(await statuses()).toEqual({ queued: 30, sent: 140 });

    clock.set('2026-03-01T12:02:00.000Z');
    await sweepBoth(processes);
    expect(await statuses()).toEqual({ sent: 170 });
  });

  it('sends account mail queued behind a bulk backlog at once, and sign-in codes during downtime', async () => {
    const processes = await twoProcesses();
    const db = database().db;
    // Queued a millisecond apart: mail leaves in the order it was queued, and the last 10 wait.
    for (let i = 0; i < 70; i += 1) {
      await processes[0].queue(db, reminder(`p${i}@outlook.com`));
      clock.advance(1);
    }
    await sweepBoth(processes);
    expect(count(['outlook.com'])).toBe(60);

    // Microsoft's minute is used up and 10 reminders wait: an activation to outlook.com still goes at once.
    const activation = { ...reminder('new@outlook.com'), template: 'activation', category: 'account' as const };
    await sendNow(processes[1], db, activation);
    await processes[1].idle();
    expect(delivered.at(-1)).toBe('new@outlook.com');
    await processes[0].queue(db, { ...activation, to: 'other@outlook.com' });
    await sweepBoth(processes);
    expect(delivered.at(-1)).toBe('other@outlook.com');
    // A reminder sent now waits for the pace like the rest.
    await sendNow(processes[1], db, reminder('late@outlook.com'));
    await processes[1].idle();
    expect(count(['outlook.com'])).toBe(62);

    downtime = true;
    clock.set('2026-03-01T12:01:00.000Z');
    await sendNow(processes[0], db, {
      ...activation,
      to: 'code@outlook.com',
      template: 'login-code',
      priority: 'security',
    });
    await sendNow(processes[1], db, { ...activation, to: 'held@outlook.com' });
    await Promise.all(processes.map((mailer) => mailer.idle()));
    await sweepBoth(processes);
    expect(delivered.slice(62)).toEqual(['code@outlook.com']);

    downtime = false;
    await sweepBoth(processes);
    expect(delivered.slice(63).sort()).toEqual(
      [
        'held@outlook.com',
        'late@outlook.com',
        ...Array.from({ length: 10 }, (_, i) => `p${60 + i}@outlook.com`),
      ].sort(),
    );
  });

  it('goes on to the next domains in the same sweep, however many there are', async () => {
    const [mailer] = await twoProcesses();
    // One each to 25 domains: a turn serves 10 of them, and the next turn the next ones.
    await database().db.transaction(async (tx) => {
      for (let i = 0; i < 25; i += 1) await mailer.queue(tx, reminder(`r@family${i}.example.net`));
    });
    await mailer.sweep();
    expect(delivered).toHaveLength(25);
  });

  it('forgets the grants of minutes more than an hour old', async () => {
    const [mailer] = await twoProcesses();
    const minute = Date.parse(TEST_START) / 60_000;
    await database()
      .db.insert(mailPace)
      .values([
        { paceKey: 'microsoft', minute: minute - 61, granted: 60 },
        { paceKey: 'microsoft', minute: minute - 60, granted: 60 },
      ]);
    await mailer.sweep();
    expect(await database().db.select({ minute: mailPace.minute }).from(mailPace)).toEqual([{ minute: minute - 60 }]);
  });
});
