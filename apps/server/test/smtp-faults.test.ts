import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { emailMessages } from '../src/db/schema';
import { fixedClock } from '../src/providers/clock/clock';
import { createMailer } from '../src/providers/mail/mailer';
import { databaseFileStore } from '../src/providers/storage/file-store';
import { smtpTransport } from '../src/providers/mail/smtp-transport';
import { activationMail } from '../src/providers/mail/templates/activation';
import { describeOnDatabase, sendNow, TEST_START, useTestDatabase } from './helpers';

const SHORT = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 };
const request = {
  to: 'ana@example.org',
  language: 'en' as const,
  template: 'activation',
  content: activationMail('en', { firstName: 'Ana', link: 'https://portal.example.org/x', expiresOn: '05/30/2026' }),
};

const listen = async (server: Server | SMTPServer) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const net = server instanceof SMTPServer ? server.server : server;
  return (net.address() as AddressInfo).port;
};

/** A mail server that answers 421 (try again later) to the first `refusals` recipients, then accepts. */
function flakySmtpServer(refusals: number) {
  const received: string[] = [];
  let left = refusals;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (left > 0) {
        left -= 1;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 421 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  return { server, received };
}

describeOnDatabase('delivery through a failing SMTP server', (target) => {
  const database = useTestDatabase(target);
  const clock = fixedClock(TEST_START);
  const closers: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    await database().db.delete(emailMessages);
    clock.set(TEST_START);
  });
  afterEach(async () => {
    while (closers.length > 0) await closers.pop()!();
  });
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
  const mailerOn = (port: number) => {
    const mailer = createMailer({
      db: database().db,
      clock,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, SHORT),
      from: 'study@example.org',
      files: databaseFileStore,
      log,
      contact: async () => DEFAULT_CONTACT,
      inDowntime: async () => false,
      bulkHours: () => true,
    });
    closers.push(() => mailer.close());
    return mailer;
  };
  const row = async (id: string) =>
    (await database().db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!;

  it('tries again a minute after a 421 reply, and delivers once', async () => {
    const { server, received } = flakySmtpServer(1);
    const port = await listen(server);
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const mailer = mailerOn(port);
    const id = await sendNow(mailer, database().db, request);
    await mailer.idle();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, smtpCode: 421 });
    expect((await row(id)).smtpReply).toContain('421 Try again later');

    clock.advance(60_000);
    await mailer.sweep();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, smtpCode: 421, payload: null });
    expect((await row(id)).smtpReply).toMatch(/^250 /);
    expect(received).toEqual(['ana@example.org']);
  });

  it('tries again after a dropped connection and after a server that never answers', async () => {
    const sockets: Socket[] = [];
    const dropping = createServer((socket) => socket.destroy());
    const silent = createServer((socket) => sockets.push(socket));
    for (const server of [dropping, silent]) {
      closers.push(
        () =>
          new Promise<void>((resolve) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => resolve());
          }),
      );
    }
    for (const [server, expected] of [
      [dropping, /^(ECONNECTION|ESOCKET): /],
      [silent, /^ETIMEDOUT: /],
    ] as const) {
      const mailer = mailerOn(await listen(server));
      const id = await sendNow(mailer, database().db, request);
      await mailer.idle();
      const failed = await row(id);
      expect(failed).toMatchObject({ status: 'queued', attempts: 1, smtpCode: null, sentAt: null });
      expect(failed.error).toMatch(expected);
      expect(failed.nextAttemptAt!.toISOString()).toBe('2026-03-01T12:01:00.000Z');
    }
  });
});
