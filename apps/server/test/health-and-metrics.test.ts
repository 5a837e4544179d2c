import { eq } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { DEMO_PATIENT } from '../src/db/seed-data';
import { users } from '../src/db/schema';
import type { MailTransport } from '../src/providers/mail/mail-transport';
import { activationMail } from '../src/providers/mail/templates/activation';
import { buildTestApp, describeEachDatabase, describeOnDatabase, sendNow, useTestApp, type TestApp } from './helpers';

const METRICS_TOKEN = 'prometheus-scrape-token-0123456789abcdef';
const SPANISH = { cookie: 'preferredLanguage=sp' };

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const scrape = (t: TestApp, token = METRICS_TOKEN) =>
  get(t, '/common-server/metrics', { authorization: `Bearer ${token}` });
/** Each line is in the metrics text, whole. */
function expectLines(text: string, lines: string[]) {
  for (const line of lines) expect(text).toContain(`${line}\n`);
}

/** The SMTP errors nodemailer raises: a mailbox refused for good, and a server busy for now. */
const refusedForGood = Object.assign(new Error('550 5.1.1 Mailbox unavailable'), {
  responseCode: 550,
  command: 'RCPT TO',
});
const busyForNow = Object.assign(new Error('451 4.3.0 Try again later'), { responseCode: 451, command: 'RCPT TO' });

/** Delivers everything except to the two addresses whose mail server refuses or is busy. */
const faultyTransport: MailTransport = {
  kind: 'smtp',
  async deliver(mail) {
    if (mail.to === 'refused@example.org') throw refusedForGood;
    if (mail.to === 'busy@example.org') throw busyForNow;
    return { smtpReply: '250 OK' };
  },
  async close() {},
};

const mailTo = (to: string, userId?: string) => ({
  to,
  userId,
  language: 'en' as const,
  template: 'activation',
  content: activationMail('en', { firstName: 'Ana', link: 'https://portal.example.org/a', expiresOn: '05/30/2026' }),
});

describeOnDatabase('Health checks', (target) => {
  const testApp = useTestApp(target, { demo: false });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers GET /health from one database ping per 5 seconds, and pings again after a failed one', async () => {
    const t = testApp();
    const ping = vi.spyOn(t.db, 'execute');
    const burst = await Promise.all([1, 2, 3].map(() => get(t, '/common-server/health')));
    expect(burst.map((reply) => [reply.statusCode, reply.json()])).toEqual([
      [200, { status: true }],
      [200, { status: true }],
      [200, { status: true }],
    ]);
    expect(ping).toHaveBeenCalledTimes(1);
    t.clock.advance(4_999);
    expect((await get(t, '/common-server/health')).statusCode).toBe(200);
    expect(ping).toHaveBeenCalledTimes(1);
    t.clock.advance(1);
    expect((await get(t, '/common-server/health')).statusCode).toBe(200);
    expect(ping).toHaveBeenCalledTimes(2);

    t.clock.advance(5_000);
    ping.mockRejectedValueOnce(new Error('connection refused'));
    const down = await get(t, '/common-server/health');
    expect(down.statusCode).toBe(500);
    expect(down.json()).toEqual({ status: false, message: 'Something went wrong, please try again.' });
    expect((await get(t, '/common-server/health')).json()).toEqual({ status: true });
    expect(ping).toHaveBeenCalledTimes(4);
  });

  it('answers liveness without asking the database, even when it is down', async () => {
    const t = testApp();
    const ping = vi.spyOn(t.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const live = await get(t, '/common-server/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: true });
    expect(ping).not.toHaveBeenCalled();
  });

  it('answers readiness from a ping on every call, without a scheduler in this process', async () => {
    const t = testApp();
    const ping = vi.spyOn(t.db, 'execute');
    for (let call = 1; call <= 2; call += 1) {
      const ready = await get(t, '/common-server/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: true, data: { scheduler: false } });
    }
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('answers readiness 503, in the reader language, when the database fails or does not answer in time', async () => {
    const t = testApp();
    const ping = vi.spyOn(t.db, 'execute');
    ping.mockRejectedValueOnce(new Error('connection refused'));
    const failed = await get(t, '/common-server/health/ready');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      status: false,
      message: 'The service is not ready: the database is not answering. Please try again in a moment.',
    });

    ping.mockReturnValueOnce(new Promise(() => {}) as never);
    const startedAt = Date.now();
    const silent = await get(t, '/common-server/health/ready', SPANISH);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_900);
    expect(silent.statusCode).toBe(503);
    expect(silent.json()).toEqual({
      status: false,
      message: 'El servicio no está listo: la base de datos no responde. Por favor, inténtelo de nuevo en un momento.',
    });
  });

  it('answers /metrics 404, as an unknown path, when no metrics token is configured', async () => {
    const reply = await scrape(testApp());
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ status: false, message: expect.any(String) });
  });
});

// Both databases: the pool's figures are PostgreSQL's alone.
describeEachDatabase('Prometheus metrics', (target) => {
  const testApp = useTestApp(target, { env: { METRICS_TOKEN }, mailTransport: faultyTransport });

  it('are read with the metrics token only: 401 without it or with another one', async () => {
    const t = testApp();
    const refusals = [
      await get(t, '/common-server/metrics'),
      await scrape(t, 'prometheus-scrape-token-0123456789abcdeX'),
      await get(t, '/common-server/metrics', { authorization: `Basic ${METRICS_TOKEN}` }),
    ];
    for (const reply of refusals) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ status: false, message: 'A valid metrics token is required.' });
    }
    const spanish = await get(t, '/common-server/metrics', SPANISH);
    expect(spanish.json()).toEqual({ status: false, message: 'Se requiere un token de métricas válido.' });

    const reply = await scrape(t);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.body).toContain(
      'http_requests_total{method="GET",route="/common-server/metrics",status_code="401"} 4\n',
    );
    expect(reply.body).toContain('process_cpu_seconds_total');
    expect(reply.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('count and time requests by route pattern, never by the address asked for', async () => {
    const t = testApp();
    for (let call = 1; call <= 3; call += 1) await get(t, '/common-server/health');
    await get(t, '/common-server/externalization/languages?email=ana.lopez@example.org&token=secret-in-query');
    await get(t, '/common-server/no-such-call/ana.lopez@example.org?x=1');
    const apiKey = '3f1d7c9e-0a4b-4c2d-9e8f-1a2b3c4d5e6f';
    await t.app.inject({ method: 'DELETE', url: `/common-server/health-system-api-keys/${apiKey}` });

    const text = (await scrape(t)).body;
    expectLines(text, [
      'http_requests_total{method="GET",route="/common-server/health",status_code="200"} 3',
      'http_request_duration_seconds_count{method="GET",route="/common-server/health",status_code="200"} 3',
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/common-server/health",status_code="200"} 3',
      'http_requests_total{method="GET",route="/common-server/externalization/languages",status_code="200"} 1',
      'http_requests_total{method="GET",route="unmatched",status_code="404"} 1',
      'http_requests_total{method="DELETE",route="/common-server/health-system-api-keys/:id",status_code="401"} 1',
      // The scrape of the test before, counted once answered.
      'http_requests_total{method="GET",route="/common-server/metrics",status_code="200"} 1',
    ]);
    for (const secret of ['ana.lopez', '@', 'secret-in-query', '?', 'x=1', apiKey, METRICS_TOKEN])
      expect(text).not.toContain(secret);
  });

  it('count e-mail deliveries by outcome: sent, failed for good, retried later and suppressed', async () => {
    const t = testApp();
    const mailer = t.app.services.mailer;
    for (const address of ['ana@example.org', 'luis@example.org', 'refused@example.org', 'busy@example.org'])
      await sendNow(mailer, t.db, mailTo(address));
    const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PATIENT.email));
    // Queued while the participant was in the study, and about to leave when they withdrew.
    const queued = await mailer.queue(t.db, mailTo(DEMO_PATIENT.email, demo!.id));
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, demo!.id));
    mailer.deliverNow([queued]);
    await mailer.idle();

    const text = (await scrape(t)).body;
    expectLines(text, [
      'mail_deliveries_total{outcome="sent"} 2',
      'mail_deliveries_total{outcome="failed"} 1',
      'mail_deliveries_total{outcome="retried"} 1',
      'mail_deliveries_total{outcome="suppressed"} 1',
    ]);
    expect(text).not.toContain('example.org');
  });

  it('show the database pool on PostgreSQL, where the driver keeps one', async () => {
    const text = (await scrape(testApp())).body;
    if (target.kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toContain('db_pool_connections{state="waiting"} 0\n');
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });
});

const JOBS = ['mail-delivery', 'reminders', 'manual-withdrawals', 'one-time-invitations'];
/** The jobs whose runs the metrics text counts. */
const jobsRun = (text: string) => JOBS.filter((job) => text.includes(`scheduler_job_runs_total{job="${job}"}`));

// Both databases: the scheduler runs on each database's own job queue.
describeEachDatabase('Readiness and metrics with the scheduler', (target) => {
  it('say the scheduler runs, and count its job runs and failures by job', async () => {
    const t = await buildTestApp(target, {
      demo: false,
      scheduler: true,
      env: { METRICS_TOKEN },
      configure: (app) => {
        // Every run of the delivery sweep fails; the other jobs find nothing to do, so they never sweep.
        vi.spyOn(app.services.mailer, 'sweep').mockRejectedValue(new Error('sweep failed'));
      },
    });
    try {
      expect((await get(t, '/common-server/health/ready')).json()).toEqual({ status: true, data: { scheduler: true } });
      await expect.poll(async () => jobsRun((await scrape(t)).body), { timeout: 20_000 }).toEqual(JOBS);
      const text = (await scrape(t)).body;
      expect(text).toMatch(/^scheduler_job_runs_total\{job="mail-delivery"\} [1-9]\d*$/m);
      expect(text).toMatch(/^scheduler_job_failures_total\{job="mail-delivery"\} [1-9]\d*$/m);
      expect(text).not.toMatch(
        /^scheduler_job_failures_total\{job="(reminders|manual-withdrawals|one-time-invitations)"/m,
      );
    } finally {
      await t.close();
    }
  });
});
