import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabase, useTestApp, type TestApp } from './helpers';
import { signInAdmin } from './auth-helpers';
import { API, postSealed } from './registration-helpers';

const HOUR_MS = 3_600_000;

/** The administrator's access token: their password, then their app's code (a staff sign-in). */
async function adminToken(t: TestApp): Promise<string> {
  return (await signInAdmin(t)).access_token;
}

function window(t: TestApp, startInMs: number, lengthMs = HOUR_MS) {
  const start = t.clock.now().getTime() + startInMs;
  return {
    enableDowntime: true,
    message: { en: 'Maintenance tonight.', sp: 'Mantenimiento esta noche.' },
    effectiveStartDate: new Date(start).toISOString(),
    effectiveEndDate: new Date(start + lengthMs).toISOString(),
    reminderDaysInAdvance: 1,
  };
}

const save = (t: TestApp, body: unknown, token?: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/downtime`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    cookies: { preferredLanguage: language },
    payload: body as object,
  });

describeOnDatabase('POST /downtime', (target) => {
  const testApp = useTestApp(target);

  it('lets an administrator schedule a window that GET /downtime then reports, and audits it', async () => {
    const t = testApp();
    const reply = await save(t, window(t, HOUR_MS), await adminToken(t));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ status: true, data: { enableDowntime: true, show: true, inDowntime: false } });
    t.clock.advance(HOUR_MS + 1000);
    const now = await t.app.inject({ method: 'GET', url: `${API}/downtime` });
    expect(now.json()).toMatchObject({ data: { inDowntime: true, message: { en: 'Maintenance tonight.' } } });
    const off = await save(t, { ...window(t, HOUR_MS), enableDowntime: false }, await adminToken(t));
    expect(off.json()).toMatchObject({ data: { enableDowntime: false, inDowntime: false } });
  });

  it('refuses a window that starts in the past or ends before it starts, in the reader’s language', async () => {
    const t = testApp();
    const token = await adminToken(t);
    for (const body of [window(t, -1000), window(t, HOUR_MS, -2 * HOUR_MS)]) {
      const reply = await save(t, body, token, 'sp');
      expect(reply.statusCode).toBe(400);
      expect(reply.json().data).toContainEqual({
        errorField: 'effectiveStartDate',
        message: 'Asegúrese de que la fecha de inicio sea futura y anterior a la fecha de fin.',
      });
    }
  });

  it('checks the messages and reminder days', async () => {
    const t = testApp();
    const reply = await save(
      t,
      { ...window(t, HOUR_MS), message: { en: ' ', sp: 'x'.repeat(256) }, reminderDaysInAdvance: 366 },
      await adminToken(t),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toEqual(
      expect.arrayContaining([
        { errorField: 'message.en', message: 'Please enter the message in both languages.' },
        { errorField: 'message.sp', message: 'The message can be at most 255 characters.' },
        { errorField: 'reminderDaysInAdvance', message: 'Please enter a number of days from 0 to 365.' },
      ]),
    );
  });

  it('is refused without a token (401) and to a patient (403)', async () => {
    const t = testApp();
    expect((await save(t, window(t, HOUR_MS))).statusCode).toBe(401);
    // The demo patient signs in without a code here, to hold a patient's token.
    await t.db.execute(sql`update security_policy set otp_enabled_for_patient = false`);
    const login = await postSealed(t, '/login', { email: 'demo.patient@example.org', password: 'Demo#Pass1' });
    const patientToken = login.json().data.accessTokenResponse.access_token as string;
    const reply = await save(t, window(t, HOUR_MS), patientToken);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ status: false, message: 'You do not have access to this page.' });
  });
});
