import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailMessages } from '../src/db/schema';
import { buildTestApp, describeOnDatabase, type TestApp } from './helpers';
import { postSealed, registration, userByEmail } from './registration-helpers';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with its quoted-printable soft line breaks and escapes undone. */
  body: string;
}

const REFUSED_RECIPIENT = 'refused@example.org';

/** Undoes quoted-printable encoding, enough to read the ASCII parts nodemailer writes. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A local SMTP server that keeps what it receives and refuses one recipient. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED_RECIPIENT) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

describeOnDatabase('activation e-mail over SMTP (SMTP_URL set)', (target) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await buildTestApp(target, {
      env: {
        CAPTCHA_ENABLED: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Kidney Research Study <study@example.org>',
        PUBLIC_URL: 'https://portal.example.org',
      },
      mailTransport: null,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const messageRows = async (userId: string) =>
    testApp.db.select().from(emailMessages).where(eq(emailMessages.userId, userId));

  it('delivers the link to the SMTP server and keeps only the metadata', async () => {
    const payload = registration();
    const email = String(payload.email);
    expect((await postSealed(testApp, '/register', payload)).statusCode).toBe(200);
    await testApp.app.services.mailer.idle();

    const messages = smtp.received.filter((m) => m.to.includes(email));
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message!.from).toBe('study@example.org');
    expect(message!.body).toContain('Subject: Activate your Kidney Research Study account');
    const link = /https:\/\/portal\.example\.org\/registration-confirm\?token=[\w-]+&id=[\w-]+/.exec(message!.body);
    expect(link).not.toBeNull();

    const user = await userByEmail(testApp, email);
    expect(new URL(link![0]).searchParams.get('id')).toBe(user!.id);
    const rows = await messageRows(user!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      error: null,
      subject: 'Activate your Kidney Research Study account',
    });
    expect(message!.body).toContain(`Message-ID: <${rows[0]!.id}@kidney-study-portal>`);
  });

  it('still registers when the SMTP server refuses the address, recording the failure', async () => {
    const payload = registration({ email: REFUSED_RECIPIENT });
    expect((await postSealed(testApp, '/register', payload)).statusCode).toBe(200);
    await testApp.app.services.mailer.idle();

    const user = await userByEmail(testApp, REFUSED_RECIPIENT);
    const [row] = await messageRows(user!.id);
    expect(row).toMatchObject({ status: 'failed', transport: 'smtp', sentAt: null });
    expect(row!.error).toContain('Mailbox unavailable');
    expect(smtp.received.filter((m) => m.to.includes(REFUSED_RECIPIENT))).toEqual([]);
  });
});
