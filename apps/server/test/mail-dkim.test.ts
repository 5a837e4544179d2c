import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimOptions } from '../src/providers/mail/dkim';
import { smtpTransport } from '../src/providers/mail/smtp-transport';
import { readEnv } from '../src/env';

const SHORT = { connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 2_000 };

/** A local SMTP server that keeps each message exactly as it arrives, signature and all. */
async function rawSmtpServer() {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

describe('DKIM signing of every message (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY)', () => {
  let smtp: Awaited<ReturnType<typeof rawSmtpServer>>;
  beforeAll(async () => {
    smtp = await rawSmtpServer();
  });
  afterAll(() => smtp.close());

  it('signs through the SMTP transport with the configured key, and a DKIM verifier passes it against the DNS record', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    // The key as a hosting platform stores it: one line, its breaks written as \n.
    const env = readEnv({
      DKIM_DOMAIN: 'study.example.org',
      DKIM_SELECTOR: 'portal2026',
      DKIM_PRIVATE_KEY: pem.trim().replace(/\n/g, '\\n'),
    });
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, SHORT, dkimOptions(env));
    try {
      await transport.deliver({
        id: '0b6f3c8e-2f54-4e0e-9a57-3c3f6f0d2a11',
        from: 'Kidney Research Study <no-reply@study.example.org>',
        to: 'ana@example.org',
        subject: 'Your survey is waiting',
        text: 'Hello Ana,\nYour survey is waiting.',
        html: '<p>Hello Ana,</p><p>Your survey is waiting.</p>',
        links: [],
        // A reminder's one-click unsubscribe headers (RFC 8058), both of which the signature must cover.
        headers: {
          'List-Unsubscribe': '<https://portal.example.org/common-server/mail-preferences/unsubscribe?token=t1>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } finally {
      await transport.close();
    }
    const raw = smtp.received.at(-1)!;
    expect(raw.toString('utf8')).toMatch(
      /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=study\.example\.org;/m,
    );
    // The signed header fields (the h= tag, unfolded): both List-Unsubscribe headers among them.
    const signature = /^DKIM-Signature:[^]*?(?=\r\n\S)/m.exec(raw.toString('utf8'))![0].replace(/\r\n\s+/g, ' ');
    expect(/ h=([^;]+);/.exec(signature)?.[1]?.replace(/\s/g, '')).toBe(
      'from:subject:date:message-id:to:mime-version:content-type:list-unsubscribe:list-unsubscribe-post',
    );

    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`;
    const asked: string[] = [];
    const resolver = async (name: string, type: string) => {
      asked.push(`${type} ${name}`);
      if (type === 'TXT' && name === 'portal2026._domainkey.study.example.org') return [[record]];
      throw Object.assign(new Error('no such record'), { code: 'ENOTFOUND' });
    };
    const verified = await dkimVerify(raw, { resolver: resolver as never });
    expect(asked).toEqual(['TXT portal2026._domainkey.study.example.org']);
    expect(verified.results).toHaveLength(1);
    expect(verified.results[0]).toMatchObject({
      signingDomain: 'study.example.org',
      selector: 'portal2026',
      status: { result: 'pass' },
    });

    // A message changed on the way no longer passes: its body, or a signed header.
    const changed = (from: string, to: string) => Buffer.from(raw.toString('utf8').replace(from, to));
    const body = await dkimVerify(changed('Your survey is waiting.', 'Your survey is closed.'), {
      resolver: resolver as never,
    });
    expect(body.results[0]!.status).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    const subject = await dkimVerify(changed('Subject: Your survey is waiting', 'Subject: Your survey is closed'), {
      resolver: resolver as never,
    });
    expect(subject.results[0]!.status).toMatchObject({ result: 'fail', comment: 'bad signature' });
    const oneClick = await dkimVerify(changed('List-Unsubscribe=One-Click', 'List-Unsubscribe=Two-Clicks'), {
      resolver: resolver as never,
    });
    expect(oneClick.results[0]!.status).toMatchObject({ result: 'fail', comment: 'bad signature' });
  });
});
