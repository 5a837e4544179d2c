import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { emailMessages } from '../src/db/schema';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { fixedClock } from '../src/providers/clock/clock';
import { createMailer } from '../src/providers/mail/mailer';
import type { MailTransport, OutgoingMail } from '../src/providers/mail/mail-transport';
import { outboxTransport } from '../src/providers/mail/outbox-transport';
import { smtpTransport } from '../src/providers/mail/smtp-transport';
import { activationMail } from '../src/providers/mail/templates/activation';
import { describeEachDatabase, TEST_START, useTestDatabase } from './helpers';

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

describeEachDatabase('the mailer', (target) => {
  const database = useTestDatabase(target);
  const clock = fixedClock(TEST_START);
  const request = {
    to: 'ana@example.org',
    language: 'sp' as const,
    template: 'activation',
    content: activationMail('sp', { firstName: 'Ana', link: LINK, expiresOn: '05/30/2026' }),
  };
  const mailerWith = (transport: MailTransport, log = silentLog()) =>
    createMailer({ db: database().db, clock, transport, from: FROM, log, contact: async () => DEFAULT_CONTACT });
  const row = async (id: string) => {
    const [found] = await database().db.select().from(emailMessages).where(eq(emailMessages.id, id));
    return found!;
  };

  it('records the message as queued, then as sent once the transport has it', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    const mailer = mailerWith(transport);
    clock.set(TEST_START);
    const id = await mailer.send(request);

    expect(await row(id)).toMatchObject({
      recipient: 'ana@example.org',
      template: 'activation',
      language: 'sp',
      subject: 'Active su cuenta del Estudio de Investigación Renal',
      transport: 'outbox',
      status: 'queued',
      sentAt: null,
      error: null,
    });
    expect(delivered).toEqual([]);

    clock.advance(2_000);
    release();
    await mailer.idle();
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.sentAt!.toISOString()).toBe('2026-03-01T12:00:02.000Z');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ id, from: FROM, to: 'ana@example.org', links: [LINK] });
    // The link is live until used: the record says what was sent to whom, never the body that carries it.
    expect(JSON.stringify(sent)).not.toContain('token=t');
  });

  it('records a failed delivery with its error, without failing the sender', async () => {
    const failing = controlledTransport({ kind: 'smtp', failWith: new Error('550 mailbox unavailable') });
    const log = silentLog();
    const mailer = mailerWith(failing.transport, log);
    const id = await mailer.send(request);
    failing.release();
    await mailer.idle();

    expect(await row(id)).toMatchObject({ status: 'failed', error: '550 mailbox unavailable', sentAt: null });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ emailId: id }), 'e-mail delivery failed');
  });

  it('keeps no body, link or code in the database, whichever the transport', async () => {
    for (const kind of ['smtp', 'outbox'] as const) {
      const { transport, release } = controlledTransport({ kind });
      const mailer = mailerWith(transport);
      const id = await mailer.send(request);
      release();
      await mailer.idle();
      const [stored] = await database()
        .db.execute<Record<string, unknown>>(
          sql`select row_to_json(m)::text as json from email_messages m where id = ${id}`,
        )
        .then((result) => (result as unknown as { rows: { json: string }[] }).rows);
      expect(JSON.parse(stored!.json)).toMatchObject({ status: 'sent', transport: kind });
      expect(stored!.json).not.toContain('token=t');
      expect(stored!.json).not.toContain('registration-confirm');
    }
  });

  it('waits for deliveries under way when closed', async () => {
    const { transport, delivered, release } = controlledTransport({ kind: 'outbox' });
    const mailer = mailerWith(transport);
    await mailer.send(request);
    let closed = false;
    const closing = mailer.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(delivered).toHaveLength(1);
  });
});
