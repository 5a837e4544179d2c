import pg from 'pg';
import { importPayloadKey, sealPayload } from '../packages/shared/src/crypto/payload-envelope';
import { FALLBACK_REGISTRATION_DROPDOWNS } from '../packages/shared/src/reference/registration-dropdowns';
import { attemptCookieOf, logInWithForm, loginCodeFor, loginCodesTo, PATIENT_PASSWORD } from './accounts';
import { activationLinkFor, expect, mailsTo, test, uniqueEmail, type Language, SLOW_STEP_TIMEOUT_MS } from './fixtures';
import { SMTP_PORT } from './ports';
import { QUESTIONNAIRE_WORDS } from './questionnaire-words';
import { fillPersonal, passAccount, passCriteria, select, solveCaptcha } from './registration-wizard';
import {
  BACKEND_HEADER,
  createJourneyDatabase,
  sharedSecrets,
  startPortalProcess,
  startRoundRobinProxy,
  type PortalProcess,
  type RoundRobinProxy,
} from './server-pair';
import { drawSignature } from './signing';
import { text, textsIn } from './texts';
import { currentCode } from './totp';

/**
 * The portal as several identical server processes behind one address: a participant whose every call may land
 * on either of two processes registers, signs in with the e-mailed code, signs the consent, saves answers, has
 * the session refreshed, signs out and in again, in English and in Spanish; the account lockout and per-address
 * request limits count across both; a scheduled job runs once though both processes run the scheduler.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
/** The pair's first administrator, seeded with an authenticator app of this secret (base32, 160 bits). */
const ADMIN = { email: 'admin@example.org', password: 'Pair#Admin1', appSecret: 'PAIRADMINAPPSECRETFORTWOSERVERS2' };
/** The reminder's subject (apps/server/src/providers/mail/templates). */
const REMINDER_SUBJECT = 'Reminder: activate your Kidney Research Study account';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Who signs the consent. */
const SIGNER = 'María José de la Cruz';

test.skip(!serverUrl, 'TEST_DATABASE_URL is unset: several server processes share one PostgreSQL database');
// All journeys of this file share the two processes started once below, so they run in order in one worker.
test.describe.configure({ mode: 'default' });

let database: Awaited<ReturnType<typeof createJourneyDatabase>>;
let proxy: RoundRobinProxy;
let processes: PortalProcess[] = [];
/** A participant who registered yesterday and is due an activation reminder today (see beforeAll). */
const pending = uniqueEmail('pair-reminder');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await createJourneyDatabase(serverUrl!);
  proxy = await startRoundRobinProxy();
  const env = {
    DATABASE_URL: database.url,
    ...sharedSecrets(),
    HOST: '127.0.0.1',
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_TOTP_SECRET: ADMIN.appSecret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    STUDY_TIME_ZONE: 'UTC',
    REMINDER_SEND_HOURS: '0-24',
    SCHEDULER_INTERVAL_S: '5',
  };
  processes = await Promise.all([startPortalProcess(env), startPortalProcess(env)]);
  proxy.backends.push(...processes.map((p) => p.url));

  // An activation reminder on day 1 after registration, for someone who registered yesterday: the reminder job
  // runs on both processes every 5 s, and the reminder must still go once (checked in the last journey, so
  // the wait for the job overlaps the participants' walks).
  await registeredYesterday(pending);
  // The administrator's password on one process, their app's code on the other (the attempt's cookie carries it).
  const login = await call('/login', { method: 'POST', body: await sealedLogin(ADMIN.email, ADMIN.password) });
  const admin = await call('/login/otp', {
    method: 'POST',
    headers: { Cookie: login.cookie },
    body: JSON.stringify({ otp: currentCode(ADMIN.appSecret), username: ADMIN.email }),
  });
  expect(admin.backend).not.toBe(login.backend);
  const adminToken = (admin.body.data!.accessTokenResponse as { access_token: string }).access_token;
  const schedule = await call('/settings/reminder?type=ACCOUNT_ACTIVATION', {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ reminders: [{ days: 1 }] }),
  });
  expect(schedule.status).toBe(200);
});

// A failed walk carries what each process printed. Playwright reads a hook's fixtures from its first parameter,
// so it must be a pattern.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [index, portal] of processes.entries())
    await testInfo.attach(`server process ${index + 1}`, { body: portal.output.join('\n') });
});

test.afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await proxy?.close();
  await database?.drop();
});

async function query<Row>(statement: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A call through the proxy; `from` is the client address the proxy passes on. */
async function call(path: string, init: RequestInit & { from?: string } = {}) {
  const response = await fetch(`${proxy.url}/common-server${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers, 'X-Forwarded-For': init.from ?? '192.0.2.1' },
  });
  const body = (await response.json()) as { status: boolean; data?: Record<string, unknown> };
  const cookie = attemptCookieOf(response.headers);
  return { status: response.status, body, backend: response.headers.get(BACKEND_HEADER), cookie };
}

let payloadKey: ReturnType<typeof importPayloadKey> | undefined;

/** A sign-in body sealed with the key the portal hands the web app (fetched once). */
async function sealedLogin(email: string, password: string) {
  payloadKey ??= call('/client-config').then((config) => importPayloadKey(config.body.data!.payloadKey as string));
  return JSON.stringify(await sealPayload(await payloadKey, { email, password }));
}

/** A pending participant who registered 24 hours ago and never activated: a reminder on day 1 is due today. */
async function registeredYesterday(email: string) {
  await query(
    `insert into users (email, password_hash, role, status, first_name, last_name, language, birth_date, gender,
       country, postal_code, health_system, created_at, updated_at)
     values ($1, 'unused', 'patient', 'pending', 'Ana', 'Reyes', 'en', '1958-05-17', 'female', 'USA', '60601',
       'none', $2, $2)`,
    [email, new Date(Date.now() - DAY_MS)],
  );
}

// One walk, in Spanish: it does all an English one would, and first switches the language, which both processes
// must then honour.
test.describe('two processes', () => {
  const language: Language = 'sp';
  const t = textsIn(language);
  const form = QUESTIONNAIRE_WORDS[language];

  test('a participant whose calls land on either process registers, consents, answers and signs in again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const at = (path: string) => `${proxy.url}${path}`;
    /**
     * Waits until the app runs in the page after `load` (re)loads it: a public page arrives pre-rendered, and its
     * controls (the language switcher) answer once the app has taken it over. The running app's footer asks for
     * the client configuration.
     */
    const untilRunning = async (load: () => Promise<unknown>) => {
      const running = page.waitForResponse((r) => r.url().endsWith('/common-server/client-config'));
      await load();
      await running;
    };
    const openRunning = (path: string) => untilRunning(() => page.goto(at(path)));
    const callsBefore = processes.map((p) => proxy.apiCalls.get(p.url) ?? 0);

    // Registration, in the wizard, and activation from the e-mailed link (which names the one address). A
    // Spanish speaker first chooses Español with the language switcher (which names each language in itself):
    // the page reloads, from whichever process answers, in Spanish, and the wizard proposes Spanish as the
    // preferred language.
    const email = uniqueEmail(`pair-${language}`);
    await openRunning('/register-patient');
    await untilRunning(() =>
      page
        .getByRole('combobox', { name: text('en', 'shell.language'), exact: true })
        .selectOption({ label: 'Español' }),
    );
    await expect(page.getByRole('heading', { level: 1, name: t('pages.registerPatient') })).toBeVisible();
    await passCriteria(page, t);
    await passAccount(page, t, email);
    await fillPersonal(page, t, language);
    const none = FALLBACK_REGISTRATION_DROPDOWNS[language].healthSystems.find((o) => o.value === 'none')!;
    await select(page, t('registration.fields.healthSystem')).selectOption({ label: none.label });
    await solveCaptcha(page);
    await page.getByRole('button', { name: t('registration.submit') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.activate') })).toBeVisible();
    const { link } = await activationLinkFor(email);
    expect(link.startsWith(`${proxy.url}/`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: t('registration.activated') })).toBeVisible();

    // Sign-in with the code from the e-mail: the code is issued by one process and checked by whichever answers.
    const signIn = async () => {
      const seen = (await loginCodesTo(email)).length;
      await openRunning('/login-patient');
      await logInWithForm(page, language, email, PATIENT_PASSWORD);
      await expect(page.getByRole('heading', { level: 2, name: t('login.verifyTitle') })).toBeVisible();
      await page.getByRole('textbox', { name: t('login.code') }).fill(await loginCodeFor(email, seen));
      await page.getByRole('button', { name: t('login.verify') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    };
    await signIn();

    // The consent ceremony; once signed, the web app trades its refresh token for one that says so.
    const ceremony = page.getByRole('dialog', { name: t('consent.sign.title') });
    const firstPage = new RegExp(`^${t('consent.sign.pageLabel', { page: '1', pages: 'N' }).replace('N', '\\d+')}$`);
    await expect(ceremony.getByRole('region', { name: firstPage })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
    for (const box of await ceremony.getByRole('checkbox').all()) await box.check();
    await ceremony.getByRole('textbox').first().fill(SIGNER);
    await drawSignature(page, ceremony.getByRole('img', { name: t('consent.sign.padLabel') }));
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/common-server/refresh-token'));
    await ceremony.getByRole('button', { name: t('consent.sign.submit') }).click();
    const thanks = page.getByRole('dialog', { name: t('consent.sign.successTitle') });
    await expect(thanks).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
    expect((await refreshed).status()).toBe(200);
    const reloaded = page.waitForEvent('load');
    await thanks.getByRole('button', { name: t('consent.sign.close') }).click();
    await reloaded;

    // Answers saved page by page, kept over a reload.
    await page.goto(at('/survey'));
    await page.getByRole('button', { name: t('survey.tour.skip') }).click();
    await page
      .getByRole('listitem', { name: form.healthStatus })
      .getByRole('button', { name: t('survey.start') })
      .click();
    await page.getByRole('radiogroup', { name: form.generalHealth }).getByText(form.good, { exact: true }).click();
    await page
      .getByRole('radiogroup', { name: form.comparedToLastYear })
      .getByText(form.aboutTheSame, { exact: true })
      .click();
    const firstSave = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/survey/response/'),
    );
    await page.getByRole('button', { name: form.next }).click();
    expect((await firstSave).ok()).toBe(true);
    const physicalDays = page.getByRole('spinbutton', { name: form.physicalDays });
    const secondSave = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/survey/response/'),
    );
    await physicalDays.fill('3');
    expect((await secondSave).ok()).toBe(true);
    await page.reload();
    await expect(physicalDays).toHaveValue('3');

    // Sign out, and in again with a fresh code: the saved answers are there.
    await page.getByRole('button', { name: t('shell.profileMenu') }).click();
    await page.getByRole('menuitem', { name: t('shell.logout') }).click();
    await page
      .getByRole('dialog', { name: t('shell.logoutConfirmTitle') })
      .getByRole('button', { name: t('shell.logout') })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await signIn();
    await page.goto(at('/survey'));
    await page
      .getByRole('listitem', { name: form.healthStatus })
      .getByRole('button', { name: t('survey.continue') })
      .click();
    await expect(physicalDays).toHaveValue('3');

    const [saved] = await query<{ language: string; answers: Record<string, unknown>; signatures: number }>(
      `select u.language, r.answers,
         (select count(*)::int from consent_signatures s where s.user_id = u.id) as signatures
       from users u join survey_responses r on r.user_id = u.id where u.email = $1`,
      [email],
    );
    expect(saved).toMatchObject({ language, signatures: 1, answers: { 'physically-unhealthy-days': 3 } });

    // Both processes answered the participant's calls. The page closes, so that from here each request the
    // proxy passes on is the next one below and the processes take them strictly in turn.
    await page.close();
    const [first, second] = processes.map((p, index) => (proxy.apiCalls.get(p.url) ?? 0) - callsBefore[index]!);
    expect(first).toBeGreaterThan(10);
    expect(second).toBeGreaterThan(10);

    // The lockout counts across processes: five wrong passwords, three on one and two on the other, lock the
    // account, and the right password is then refused by both.
    for (let n = 1; n <= 5; n++) {
      const wrong = await call('/login', {
        method: 'POST',
        from: '203.0.113.8',
        body: await sealedLogin(email, `Wrong#${n}`),
      });
      expect(wrong.status).toBe(401);
    }
    const refusedOn = new Set<string | null>();
    for (let n = 0; n < 2; n++) {
      const right = await call('/login', {
        method: 'POST',
        from: '203.0.113.8',
        body: await sealedLogin(email, PATIENT_PASSWORD),
      });
      expect(right.body).toMatchObject({ status: false, data: { errorCode: 'INVALID_CREDENTIALS' } });
      refusedOn.add(right.backend);
    }
    expect(refusedOn.size).toBe(2);
  });
});

test('per-address request limits count across both processes, and a scheduled job runs once', async () => {
  // The reminder job runs every 5 s; the wait allows for processes slowed down by a busy machine.
  test.setTimeout(180_000);
  // A per-address limit counts across processes: 30 sign-ins per 5 minutes, whichever process takes each.
  const attempts: Awaited<ReturnType<typeof call>>[] = [];
  for (let n = 0; n < 31; n++) {
    attempts.push(
      await call('/login', {
        method: 'POST',
        from: '203.0.113.7',
        body: await sealedLogin(`nobody${n}@example.org`, 'x'),
      }),
    );
  }
  const answered = (status: number) => attempts.filter((a) => a.status === status);
  // Fifteen on each process: neither alone reached the limit.
  expect(processes.map((p) => answered(401).filter((a) => a.backend === p.url).length)).toEqual([15, 15]);
  expect(attempts[30]!.status).toBe(429);

  // The reminder went once, though both processes run the reminder job every 5 s: one dispatch, one e-mail
  // recorded as sent, and one received.
  const reminders = () =>
    query<{ status: string; dispatches: number }>(
      `select m.status, (select count(*)::int from reminder_dispatches d where d.user_id = u.id) as dispatches
       from users u join email_messages m on m.recipient = u.email where u.email = $1`,
      [pending],
    );
  await expect.poll(reminders, { timeout: 120_000, intervals: [2_000] }).toEqual([{ status: 'sent', dispatches: 1 }]);
  await expect.poll(async () => (await mailsTo(pending)).filter((m) => m.subject === REMINDER_SUBJECT).length).toBe(1);
});
