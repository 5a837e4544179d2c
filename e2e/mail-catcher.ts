/**
 * A test SMTP server that keeps every message it receives and lists them over HTTP, so journeys can
 * open the e-mails the portal really sent: `GET /messages?to=<address>` answers `[{ to, subject, text }]`.
 * `GET /reject-next?to=<address>` makes it refuse the next message to that address for good (554).
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_API_PORT as httpPort, SMTP_PORT as smtpPort } from './ports';

interface CaughtMail {
  to: string[];
  subject: string;
  /** The whole message with quoted-printable undone: enough to find links and sentences in it. */
  text: string;
}
const caught: CaughtMail[] = [];
/** Addresses whose next message is refused after its content (554), once: how a journey makes a delivery fail. */
const rejectNext = new Set<string>();

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const refused = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).find((a) => rejectNext.delete(a));
      if (refused) return callback(Object.assign(new Error('5.7.1 Message rejected'), { responseCode: 554 }));
      const raw = Buffer.concat(chunks).toString('utf8');
      const headerEnd = raw.indexOf('\r\n\r\n');
      const headers = raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, ' ');
      const subject = /^subject: (.*)$/im.exec(headers)?.[1] ?? '';
      caught.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: decodeHeader(subject),
        text: decodeQuotedPrintable(raw.slice(headerEnd)),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  if (url.pathname === '/reject-next' && to) rejectNext.add(to);
  const list = url.pathname === '/messages' ? caught.filter((m) => !to || m.to.includes(to)) : [];
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(list));
}).listen(httpPort, '127.0.0.1');
