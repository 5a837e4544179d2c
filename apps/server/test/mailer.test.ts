import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emailMessages, users } from '../src/db/schema';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { fixedClock } from '../src/providers/clock/clock';
import { createMailer } from '../src/providers/mail/mailer';
import { databaseFileStore } from '../src/providers/storage/file-store';
import type { MailTransport, OutgoingMail } from '../src/providers/mail/mail-transport';
import { outboxTransport } from '../src/providers/mail/outbox-transport';
import { smtpTransport } from '../src/providers/mail/smtp-transport';
import { activationMail } from '../src/providers/mail/templates/activation';
import { describeEachDatabase, sendNow, TEST_START, useTestDatabase } from './helpers';

const LINK = 'https://portal.example.org/registration-confirm?token=t&id=i';
const FROM = 'Kidney Research Study <no-reply@example.org>';

function silentLog() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
}

/** A transport whose deliveries wait until the test lets them through, or fail with `failWith`. */
function controlledTransport(options: { kind: MailTransport['kind']; failWith?: Error }) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    kind: options.kind,
    async deliver(mail) {
      await gate;
      if (options.failWith) throw options.failWith;
      delivered.push(mail);
      return { smtpReply: '250 2.0.0 Ok: queued as 4F1' };
    },
    async close() {},
  };
  return { transport, delivered, release };
}

describe('mail transports', () => {
  it('are the outbox and SMTP', async () => {
    expect(outboxTransport(silentLog()).kind).toBe('outbox');
    const smtp = smtpTransport('smtp://127.0.0.1:2525');
    expect(smtp.kind).toBe('smtp');
    await smtp.close();
  });

  it('the outbox logs the links with a masked address, never the whole address', async () => {
    const log = silentLog();
    await outboxTransport(log).deliver({
      id: 'm1',
      from: FROM,
      to: 'jonathan@example.org',
      subject: 'S',
      text: 'T',
      html: 'H',
      links: [LINK],
    });
    expect(log.info).toHaveBeenCalledWith(
      { emailId: 'm1', to: 'jo…@example.org', subject: 'S', links: [LINK] },
      'e-mail kept in the outbox',
    );
  });
});

/** An SMTP refusal as nodemailer reports it. */
const smtpError = (responseCode: number, response: string) =>
  Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
    code: 'EENVELOPE',
    responseCode,
    response,
  });

// Both databases: messages are claimed under the database's row locks, by one process or several at once.
describeEachDatabase('the e-mail delivery ledger', (target) => {
  const database = useTestDatabase(target);
  const clock = fixedClock(TEST_START);
  let downtime = false;
  let daytime = true;
  const request = {
    to: 'ana@example.org',
    language: 'sp' as const,
    template: 'activation',
    content: activationMail('sp', { firstName: 'Ana', link: LINK, expiresOn: '05/30/2026' }),
  };
  const mailerWith = (transport: MailTransport, log = silentLog()) =>
    createMailer({
      db: database().db,
      clock,
      transport,
      from: FROM,
      files: databaseFileStore,
      log,
      contact: async () => DEFAULT_CONTACT,
      inDowntime: async () => downtime,
      bulkHours: () => daytime,
    });
  const row = async (id: string) => {
    const [found] = await database().db.select().from(emailMessages).where(eq(emailMessages.id, id));
    return found!;
  };
  const storedJson = async (id: string) => {
    const result = await database().db.execute(
      sql`select row_to_json(m)::text as json from email_messages m where id = ${id}`,
    );
    return (result as unknown as { rows: { json: string }[] }).rows[0]!.json;
  };
  beforeEach(async () => {
    await database().db.delete(emailMessages);
    clock.set(TEST_START);
    downtime = false;
    daytime = true;
  });

  it('records the message as queued with its content, then as sent with the SMTP reply and no content', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'smtp' });
    const mailer = mailerWith(transport);
    const id = await sendNow(mailer, database().db, request);

    expect(await row(id)).toMatchObject({
      recipient: 'ana@example.org',
      template: 'activation',
      language: 'sp',
      subject: 'Active su cuenta del Estudio de Investigación Renal',
      transport: 'smtp',
      priority: 1,
      sentAt: null,
      error: null,
    });
    // Until it is delivered, the ledger holds what the message says: that is what makes a restart lose nothing.
    expect(await storedJson(id)).toContain('token=t');
    expect(delivered).toEqual([]);

    clock.advance(2_000);
    release();
    await mailer.idle();
    const sent = await row(id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      smtpReply: '250 2.0.0 Ok: queued as 4F1',
      payload: null,
    });
    expect(sent.sentAt!.toISOString()).toBe('2026-03-01T12:00:02.000Z');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ id, from: FROM, to: 'ana@example.org', links: [LINK] });
    // The link is live until used: once sent, the record says what was sent to whom, never the body.
    expect(await storedJson(id)).not.toContain('token=t');
    expect(await storedJson(id)).not.toContain('registration-confirm');
  });

  it('is written in the transaction that causes it: rolled back with it, nothing is sent', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    const mailer = mailerWith(transport);
    release();
    let queuedId = '';
    await expect(
      database().db.transaction(async (tx) => {
        queuedId = await mailer.queue(tx, request);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailer.sweep();
    await mailer.idle();
    expect(await database().db.select().from(emailMessages).where(eq(emailMessages.id, queuedId))).toEqual([]);
    expect(delivered).toEqual([]);
  });

  it('retries a refused connection after 1 minute, then 5, and records each failure', async () => {
    let failures = 2;
    const delivered: OutgoingMail[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      async deliver(mail) {
        if (failures > 0) {
          failures -= 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' });
        }
        delivered.push(mail);
        return { smtpReply: '250 Ok' };
      },
      async close() {},
    };
    const log = silentLog();
    const mailer = mailerWith(transport, log);
    const id = await sendNow(mailer, database().db, request);
    await mailer.idle();
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525',
    });
    expect((await row(id)).nextAttemptAt!.toISOString()).toBe('2026-03-01T12:01:00.000Z');
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ emailId: id, attempt: 1 }),
      'e-mail delivery failed; will retry',
    );

    // Not before its time.
    clock.set('2026-03-01T12:00:59.000Z');
    await mailer.sweep();
    expect((await row(id)).attempts).toBe(1);

    clock.set('2026-03-01T12:01:00.000Z');
    await mailer.sweep();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 2 });
    expect((await row(id)).nextAttemptAt!.toISOString()).toBe('2026-03-01T12:06:00.000Z');

    clock.set('2026-03-01T12:06:00.000Z');
    await mailer.sweep();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, error: null, payload: null });
    expect(delivered).toHaveLength(1);
  });

  it('fails a message for good when the recipient is refused (5xx), with the SMTP reply, and drops its content', async () => {
    const failing = controlledTransport({
      kind: 'smtp',
      failWith: Object.assign(smtpError(550, '550 5.1.1 Mailbox unavailable'), { command: 'RCPT TO' }),
    });
    const log = silentLog();
    const mailer = mailerWith(failing.transport, log);
    const id = await sendNow(mailer, database().db, request);
    failing.release();
    await mailer.idle();

    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      smtpCode: 550,
      recipientRefused: true,
      smtpReply: '550 5.1.1 Mailbox unavailable',
      error: 'EENVELOPE: 550 5.1.1 Mailbox unavailable',
      sentAt: null,
      payload: null,
      nextAttemptAt: null,
    });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ emailId: id }), 'e-mail delivery failed for good');
  });

  it('gives up after the seventh attempt on a server that keeps answering 451', async () => {
    const failing = controlledTransport({ kind: 'smtp', failWith: smtpError(451, '451 4.3.0 Try again later') });
    failing.release();
    const mailer = mailerWith(failing.transport);
    const id = await sendNow(mailer, database().db, request);
    await mailer.idle();
    // 1, 5, 15, 60, 180 and 360 minutes after each failure.
    for (const at of [
      '2026-03-01T12:01:00.000Z',
      '2026-03-01T12:06:00.000Z',
      '2026-03-01T12:21:00.000Z',
      '2026-03-01T13:21:00.000Z',
      '2026-03-01T16:21:00.000Z',
      '2026-03-01T22:21:00.000Z',
    ]) {
      expect((await row(id)).nextAttemptAt!.toISOString()).toBe(at);
      clock.set(at);
      await mailer.sweep();
    }
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 7,
      smtpCode: 451,
      payload: expect.objectContaining({ content: expect.anything() }),
    });
  });

  it('takes up again a message whose process stopped while sending it, once its claim has lapsed', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    release();
    const mailer = mailerWith(transport);
    const id = await mailer.queue(database().db, request);
    // A process claimed it at 12:00 and was killed before it could record anything.
    await database()
      .db.update(emailMessages)
      .set({ status: 'sending', attempts: 1, leaseUntil: new Date('2026-03-01T12:05:00.000Z') })
      .where(eq(emailMessages.id, id));

    clock.set('2026-03-01T12:04:59.000Z');
    await mailer.sweep();
    expect(delivered).toEqual([]);

    clock.set('2026-03-01T12:05:00.000Z');
    await mailer.sweep();
    expect(delivered.map((m) => m.id)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, leaseUntil: null });
  });

  it('delivers each message once when two processes sweep at the same time', async () => {
    const delivered: string[] = [];
    const transport: MailTransport = {
      kind: 'outbox',
      async deliver(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        delivered.push(mail.id);
        return {};
      },
      async close() {},
    };
    const first = mailerWith(transport);
    const second = mailerWith(transport);
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) ids.push(await first.queue(database().db, { ...request, to: `p${i}@example.org` }));
    await Promise.all([first.sweep(), second.sweep(), first.sweep(), second.sweep()]);
    expect([...delivered].sort()).toEqual([...ids].sort());
  });

  it('sends only sign-in codes and password resets during downtime; the rest goes once it is over', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    release();
    const mailer = mailerWith(transport);
    downtime = true;
    const code = await sendNow(mailer, database().db, { ...request, template: 'login-code', priority: 'security' });
    const activation = await sendNow(mailer, database().db, request);
    const reminder = await sendNow(mailer, database().db, {
      ...request,
      template: 'activation-reminder',
      priority: 'bulk',
    });
    await mailer.idle();
    await mailer.sweep();
    expect(delivered.map((m) => m.id)).toEqual([code]);
    expect(await row(activation)).toMatchObject({ status: 'queued', attempts: 0 });

    downtime = false;
    await mailer.sweep();
    expect(delivered.map((m) => m.id).sort()).toEqual([code, activation, reminder].sort());
  });

  it('sends at most 60 bulk messages a minute to Microsoft and each other domain at its own rate, so a backlog goes out spread over the following minutes', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    release();
    const mailer = mailerWith(transport);
    for (let i = 0; i < 75; i += 1) {
      await mailer.queue(database().db, { ...request, to: `r${i}@outlook.com`, priority: 'bulk' });
    }
    for (let i = 0; i < 5; i += 1) {
      await mailer.queue(database().db, { ...request, to: `r${i}@example.org`, priority: 'bulk' });
    }
    const code = await mailer.queue(database().db, { ...request, template: 'login-code', priority: 'security' });
    await Promise.all([mailer.sweep(), mailer.sweep()]);
    const toDomain = (domain: string) => delivered.filter((m) => m.to.endsWith(domain)).length;
    // 60 to Microsoft, the 5 others and the sign-in code (to ana@example.org, never paced).
    expect([delivered.length, toDomain('@outlook.com'), toDomain('@example.org')]).toEqual([66, 60, 6]);
    expect(delivered.map((m) => m.id)).toContain(code);
    clock.set('2026-03-01T12:00:59.000Z');
    await mailer.sweep();
    expect(delivered).toHaveLength(66);
    clock.set('2026-03-01T12:01:00.000Z');
    await mailer.sweep();
    expect(delivered).toHaveLength(81);
  });

  it('keeps bulk messages for the study daytime, and sends the others at any hour', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    release();
    const mailer = mailerWith(transport);
    daytime = false;
    const reminder = await mailer.queue(database().db, { ...request, priority: 'bulk' });
    const activation = await mailer.queue(database().db, request);
    await mailer.sweep();
    expect(delivered.map((m) => m.id)).toEqual([activation]);
    daytime = true;
    await mailer.sweep();
    expect(delivered.map((m) => m.id)).toEqual([activation, reminder]);
  });

  it('fails for good only on a refusal of the recipient or of the message, and retries a refused sign-in', async () => {
    const cases = [
      { error: Object.assign(smtpError(550, '550 5.1.1 No such user'), { command: 'RCPT TO' }), refused: true },
      { error: Object.assign(smtpError(554, '554 5.7.1 Message rejected'), { command: 'DATA' }), refused: false },
      {
        error: Object.assign(smtpError(535, '535 5.7.8 Authentication failed'), {
          code: 'EAUTH',
          command: 'AUTH PLAIN',
        }),
      },
      { error: Object.assign(smtpError(553, '553 5.7.1 Sender not allowed'), { command: 'MAIL FROM' }) },
    ];
    const outcomes = [];
    for (const { error } of cases) {
      const failing = controlledTransport({ kind: 'smtp', failWith: error });
      failing.release();
      const mailer = mailerWith(failing.transport);
      const id = await sendNow(mailer, database().db, request);
      await mailer.idle();
      const stored = await row(id);
      outcomes.push({ status: stored.status, smtpCode: stored.smtpCode, recipientRefused: stored.recipientRefused });
    }
    expect(outcomes).toEqual([
      { status: 'failed', smtpCode: 550, recipientRefused: true },
      { status: 'failed', smtpCode: 554, recipientRefused: false },
      { status: 'queued', smtpCode: 535, recipientRefused: false },
      { status: 'queued', smtpCode: 553, recipientRefused: false },
    ]);
  });

  it('does not send to a participant who withdrew after the message was queued, and records why', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    release();
    const mailer = mailerWith(transport);
    const [user] = await database()
      .db.insert(users)
      .values({
        email: 'withdrawing@example.org',
        passwordHash: 'x',
        role: 'patient',
        status: 'active',
        firstName: 'Wil',
        lastName: 'Drawn',
      })
      .returning({ id: users.id });
    const reminder = await mailer.queue(database().db, { ...request, userId: user!.id, category: 'reminders' });
    const confirmation = await mailer.queue(database().db, { ...request, userId: user!.id, evenIfWithdrawn: true });
    await database().db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, user!.id));
    await mailer.sweep();
    expect(await row(reminder)).toMatchObject({ status: 'suppressed', suppressedReason: 'withdrawn', payload: null });
    expect(delivered.map((m) => m.id)).toEqual([confirmation]);
  });

  // A database that refuses connections for a while is a PostgreSQL server: not declared on PGlite.
  const onPostgres = target.kind === 'postgres' ? it : () => undefined;
  onPostgres(
    'records a delivery even when the database is unreachable for a while just after the message was sent',
    async () => {
      const connection = database().jobs;
      if (connection.kind !== 'postgres') throw new Error('PostgreSQL only');
      const delivered: string[] = [];
      let reopened = Promise.resolve();
      const transport: MailTransport = {
        kind: 'smtp',
        async deliver(mail) {
          // As in a database restart: every connection of the portal's pool is ended, and for 1.5 s no new one
          // is let in, while SMTP is at work.
          const name = new URL(connection.url).pathname.slice(1);
          const server = new URL(connection.url);
          server.pathname = '/postgres';
          const admin = new pg.Client({ connectionString: server.toString() });
          await admin.connect();
          await admin.query(`alter database "${name}" with allow_connections false`);
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
          reopened = new Promise((resolve) => setTimeout(resolve, 1_500)).then(async () => {
            await admin.query(`alter database "${name}" with allow_connections true`);
            await admin.end();
          });
          delivered.push(mail.id);
          return { smtpReply: '250 Ok' };
        },
        async close() {},
      };
      const mailer = mailerWith(transport);
      const id = await sendNow(mailer, database().db, request);
      await mailer.idle();
      await reopened;
      expect(delivered).toEqual([id]);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, payload: null });
      await mailer.sweep();
      expect(delivered).toEqual([id]);
    },
  );

  it('waits a moment for deliveries under way when closed', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    const mailer = mailerWith(transport);
    await sendNow(mailer, database().db, request);
    let closed = false;
    const closing = mailer.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(delivered).toHaveLength(1);
  });
});
