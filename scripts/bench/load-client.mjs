// A simulated participant of `npm run bench:load`, over HTTP as the web app calls the portal: sign-in with the
// e-mailed login code, the open round's questionnaire started, then answers saved page after page. Each
// participant has a home process; a call that cannot reach it (refused, reset, or a 5xx from a process going
// down) is sent to the other process instead.
import { SMTPServer } from 'smtp-server';
import { sealedLoginBody } from './sign-in.mjs';
import { DAYS_QUESTION, FORM_KEY, LOAD_PASSWORD } from './load-participants.mjs';

const API = '/common-server';
/** How long a participant keeps trying a call on the processes before it counts as an error. */
const GIVE_UP_MS = 60_000;
/** Long enough for one more delivery attempt: the ledger tries a failed e-mail again after a minute. */
const CODE_WAIT_MS = 150_000;
const REFRESH_LEAD_MS = 60_000;

/**
 * An SMTP server on `port` that keeps the login code of each e-mail (the code stands alone on its line) until
 * the participant it was sent to asks for it.
 */
export async function startCodeCatcher(port) {
  const codes = new Map();
  const waiting = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const code = /^\s*(\d{4,8})\s*$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
        for (const recipient of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
          if (!code) continue;
          const resolve = waiting.get(recipient);
          if (resolve) {
            waiting.delete(recipient);
            resolve(code);
          } else codes.set(recipient, code);
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** The next login code sent to `email` (one already caught, or the next to come). */
    codeFor(email) {
      const address = email.toLowerCase();
      const caught = codes.get(address);
      if (caught) {
        codes.delete(address);
        return Promise.resolve(caught);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no login code for ${email}`)), CODE_WAIT_MS);
        waiting.set(address, (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

class CallError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Whether a process could not take the call (down, or going down), so the other one should. */
const unreachable = (error) => !(error instanceof CallError) || error.status >= 500;

/**
 * One participant, calling from `address` (passed on as a proxy would, in X-Forwarded-For). `processes` are the
 * base URLs of the processes, `home` the index of its own; `stats` counts calls answered elsewhere than home
 * (`failovers`).
 */
export function participant({ email, address, processes, home, payloadKey, codes, stats }) {
  let tokens;
  let expiresAt = 0;
  let responseId;

  async function once(base, path, init) {
    const headers = { ...init.headers, 'X-Forwarded-For': address };
    const response = await fetch(`${base}${API}${path}`, { ...init, headers });
    const text = await response.text();
    if (!response.ok)
      throw new CallError(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${text}`, response.status);
    return { body: JSON.parse(text), headers: response.headers };
  }

  /** Home first; when it cannot take the call, the others in turn, until one answers or time runs out. */
  async function call(path, init = {}) {
    const deadline = Date.now() + GIVE_UP_MS;
    for (let attempt = 0; ; attempt++) {
      const index = (home + attempt) % processes.length;
      try {
        const result = await once(processes[index], path, init);
        if (index !== home) stats.failovers += 1;
        return result;
      } catch (error) {
        if (!unreachable(error) || Date.now() > deadline) throw error;
        if (index !== home) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  const keep = (pair) => {
    tokens = pair;
    expiresAt = Date.now() + pair.expires_in * 1000;
  };
  const authorized = (extra = {}) => ({ Authorization: `Bearer ${tokens.access_token}`, ...extra });

  /** As the web app does, trades the refresh token for a new pair in the access token's last minute. */
  async function freshToken() {
    if (expiresAt - Date.now() > REFRESH_LEAD_MS) return;
    const refreshed = await call('/refresh-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refresh_token }),
    });
    keep(refreshed.body.data);
  }

  return {
    email,
    /** Password, then the e-mailed code; then the open round's questionnaire, started. */
    async signInAndStart() {
      const login = await call('/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: await sealedLoginBody(payloadKey, email, LOAD_PASSWORD),
      });
      const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
      const otp = await call('/login/otp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ otp: await codes.codeFor(email), username: email }),
      });
      keep(otp.body.data.accessTokenResponse);
      const widget = await call('/survey/widget', { headers: authorized() });
      const entry = widget.body.data.current.find((e) => e.formKey === FORM_KEY);
      const started = await call('/survey/start', {
        method: 'POST',
        headers: authorized({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({ kind: 'round', roundId: entry.roundId, formKey: FORM_KEY }),
      });
      responseId = started.body.data.responseId;
    },
    /** Saves page `pageNo` with its answer; resolves the wall time of the acknowledged save, in ms. */
    async save(pageNo) {
      await freshToken();
      const startedAt = performance.now();
      await call(`/survey/response/${responseId}`, {
        method: 'PUT',
        headers: authorized({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({ answers: { [DAYS_QUESTION]: pageNo % 31 }, pageNo }),
      });
      return performance.now() - startedAt;
    },
  };
}
