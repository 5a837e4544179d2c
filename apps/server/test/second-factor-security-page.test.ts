import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';
import { freshStartAt, login, refresh, tokenStatuses, UNAUTHORIZED, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import {
  appCodeAt,
  appCodeNow,
  CHROME_ON_WINDOWS,
  FIREFOX_ON_MAC,
  ORIGIN,
  STAFF_APP_SECRET,
} from './second-factor-helpers';
import { createSoftPasskey } from './soft-passkey';
import { FORBIDDEN, UUID } from './settings-helpers';
import { addStaffMember, STAFF_PASSWORD } from './staff-helpers';
import {
  addPasskey,
  auditOf,
  SECURITY,
  securityOf,
  sessionIdOf,
  staffSignIn,
  wrongCode,
} from './staff-security-helpers';

const START = '2026-03-02T09:00:00.000Z';
const MINUTE_MS = 60_000;
const LIVE = { access: 200, refresh: 200 };
const ENDED = { access: 401, refresh: 401 };

// Both databases: ending a session must reach the sessions the embedded database's server keeps in memory.
describeEachDatabase('Your security (/staff-security)', (target) => {
  const testApp = useAuthApp(target);

  it('lists the factors, the recovery codes left and the open sessions, each with its device, browser and address prefix', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const windows = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET, {
      userAgent: CHROME_ON_WINDOWS,
    });
    t.clock.set('2026-03-02T09:01:00.000Z');
    const mac = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET, {
      userAgent: FIREFOX_ON_MAC,
      remoteAddress: '203.0.113.7',
    });
    t.clock.set('2026-03-02T09:02:00.000Z');
    const bare = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);

    const security = await securityOf(t, mac.access_token);
    expect(security).toEqual({
      factors: [
        {
          id: UUID,
          kind: 'app',
          name: '',
          createdAt: '2026-03-02T09:00:00.000Z',
          lastUsedAt: '2026-03-02T09:02:00.000Z',
        },
      ],
      recoveryCodesLeft: 0,
      // The most recently used first.
      sessions: [
        {
          id: sessionIdOf(bare.access_token),
          current: false,
          device: null,
          browser: null,
          ipPrefix: '127.0.0.x',
          createdAt: '2026-03-02T09:02:00.000Z',
          lastSeenAt: '2026-03-02T09:02:00.000Z',
          expiresAt: '2026-03-02T21:02:00.000Z',
        },
        {
          id: sessionIdOf(mac.access_token),
          current: true,
          device: 'Mac',
          browser: 'Firefox',
          ipPrefix: '203.0.113.x',
          createdAt: '2026-03-02T09:01:00.000Z',
          lastSeenAt: '2026-03-02T09:01:00.000Z',
          expiresAt: '2026-03-02T21:01:00.000Z',
        },
        {
          id: sessionIdOf(windows.access_token),
          current: false,
          device: 'Windows',
          browser: 'Chrome',
          ipPrefix: '127.0.0.x',
          createdAt: '2026-03-02T09:00:00.000Z',
          lastSeenAt: '2026-03-02T09:00:00.000Z',
          expiresAt: '2026-03-02T21:00:00.000Z',
        },
      ],
    });

    // A refresh is a use: that session comes first, its end unchanged.
    t.clock.set('2026-03-02T09:03:00.000Z');
    expect((await refresh(t, windows.refresh_token)).statusCode).toBe(200);
    const [latest] = (await securityOf(t, mac.access_token)).sessions;
    expect(latest).toMatchObject({
      id: sessionIdOf(windows.access_token),
      lastSeenAt: '2026-03-02T09:03:00.000Z',
      expiresAt: '2026-03-02T21:00:00.000Z',
    });

    // Only staff have a security page.
    const participant = await signedInParticipant(t);
    const refused = await call(t, 'GET', SECURITY, participant.tokens.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    expect((await call(t, 'GET', SECURITY, undefined)).json()).toEqual(UNAUTHORIZED);
  });

  it('adds an authenticator app: waiting for its first code (a wrong one refused), then saved, and the member’s other sessions end', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'analyst' });
    const phone = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    t.clock.set('2026-03-02T09:00:30.000Z');
    const laptop = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);

    const started = await call(t, 'POST', `${SECURITY}/app`, laptop.access_token);
    expect(started.json()).toEqual({
      status: true,
      data: {
        factorId: UUID,
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauthUri: expect.stringMatching(
          /^otpauth:\/\/totp\/Kidney%20Research%20Study:analyst%40staff\.example\.org\?issuer=Kidney%20Research%20Study&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
        ),
      },
    });
    const { factorId, secret } = started.json().data as { factorId: string; secret: string };
    expect(started.json().data.otpauthUri).toContain(`secret=${secret}&`);
    // Waiting, it is neither listed nor asked for.
    expect((await securityOf(t, laptop.access_token)).factors.map((f) => f.kind)).toEqual(['app']);
    expect((await login(t, member.email, STAFF_PASSWORD)).json().data).toMatchObject({ secondFactors: ['app'] });

    const confirm = (otp: string, language?: 'sp') =>
      call(t, 'POST', `${SECURITY}/app/confirm`, laptop.access_token, {
        payload: { factorId, otp, name: 'Work phone' },
        language,
      });
    const wrong = await confirm(appCodeAt(secret, new Date('2026-03-02T09:02:00.000Z')));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(wrongCode());
    expect((await confirm(appCodeAt(STAFF_APP_SECRET, t.clock.now()), 'sp')).json()).toEqual(wrongCode('sp'));
    expect((await call(t, 'GET', SECURITY, phone.access_token)).statusCode).toBe(200);

    const added = await confirm(appCodeNow(t, secret));
    expect(added.json()).toEqual({ status: true, message: 'Sign-in method added.' });
    expect((await securityOf(t, laptop.access_token)).factors).toMatchObject([
      { kind: 'app', name: '' },
      { id: factorId, kind: 'app', name: 'Work phone', createdAt: '2026-03-02T09:00:30.000Z' },
    ]);
    expect(await tokenStatuses(t, phone)).toEqual(ENDED);
    expect((await call(t, 'GET', SECURITY, laptop.access_token)).statusCode).toBe(200);
    expect(await auditOf(t, 'secondFactor.added', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { kind: 'app' } },
    ]);
    expect(await auditOf(t, 'session.endedAll', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { reason: 'factorChanged', sessions: 1 } },
    ]);
    // Confirmed once: the same factor takes no second first code.
    t.clock.set('2026-03-02T09:01:00.000Z');
    expect((await confirm(appCodeNow(t, secret))).json()).toEqual(wrongCode());

    // The new app signs in as the first one does.
    const first = await staffSignIn(t, member.email, STAFF_PASSWORD, secret);
    expect(first.access_token).toEqual(expect.any(String));
  });

  it('adds a passkey, offered at the next sign-in; the same answer twice saves one passkey', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'helpDesk' });
    const token = (await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET)).access_token;
    t.clock.set('2026-03-02T09:00:30.000Z');
    const options = await call(t, 'POST', `${SECURITY}/passkeys/options`, token);
    expect(options.json().data).toMatchObject({ rp: { id: 'localhost' }, excludeCredentials: [] });
    const { response } = createSoftPasskey(options.json().data, ORIGIN);
    const save = () => call(t, 'POST', `${SECURITY}/passkeys`, token, { payload: { response, name: 'YubiKey' } });
    expect((await save()).json()).toEqual({ status: true, message: 'Sign-in method added.' });
    const replay = await save();
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      status: false,
      message: 'The passkey could not be used. Try again or use another way.',
    });
    expect((await securityOf(t, token)).factors).toMatchObject([
      { kind: 'app', name: '' },
      {
        kind: 'passkey',
        name: 'YubiKey',
        createdAt: '2026-03-02T09:00:30.000Z',
        lastUsedAt: '2026-03-02T09:00:30.000Z',
      },
    ]);
    expect((await login(t, member.email, STAFF_PASSWORD)).json().data).toMatchObject({
      secondFactors: ['app', 'passkey'],
    });
    // The next passkey's options leave out the one the member has.
    const next = await call(t, 'POST', `${SECURITY}/passkeys/options`, token);
    expect(next.json().data.excludeCredentials).toMatchObject([{ id: response.id }]);
    expect(await auditOf(t, 'secondFactor.added', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { kind: 'passkey' } },
    ]);
  });

  it('removes a factor, ending the member’s other sessions; never the last one (409), nor one that is not theirs (404)', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const other = await addStaffMember(t, { role: 'auditor' });
    const elsewhere = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    t.clock.set('2026-03-02T09:00:30.000Z');
    const here = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    await addPasskey(t, here.access_token);
    // Adding it ended the other session; sign in there again.
    t.clock.set('2026-03-02T09:01:00.000Z');
    const again = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    expect(await tokenStatuses(t, elsewhere)).toEqual(ENDED);
    const othersToken = (await staffSignIn(t, other.email, STAFF_PASSWORD, STAFF_APP_SECRET)).access_token;
    const othersFactor = (await securityOf(t, othersToken)).factors[0]!.id;

    const [app, passkey] = (await securityOf(t, here.access_token)).factors;
    const remove = (id: string, language?: 'sp') =>
      call(t, 'DELETE', `${SECURITY}/factors/${id}`, here.access_token, { language });
    for (const id of [randomUUID(), othersFactor]) {
      const unknown = await remove(id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        status: false,
        message: 'This sign-in method was not found. Reload the page and try again.',
      });
    }
    expect((await securityOf(t, othersToken)).factors).toHaveLength(1);
    // An id that is no id at all is told the same, in the reader's language, under its field.
    expect((await remove('not-an-id', 'sp')).json()).toEqual({
      status: false,
      message: 'Solicitud no válida',
      data: [
        {
          errorField: 'id',
          message: 'No se encontró este método de inicio de sesión. Vuelva a cargar la página e inténtelo de nuevo.',
        },
      ],
    });

    const removed = await remove(passkey!.id);
    expect(removed.json()).toEqual({ status: true, message: 'Sign-in method removed.' });
    expect(await tokenStatuses(t, again)).toEqual(ENDED);
    expect((await securityOf(t, here.access_token)).factors.map((f) => f.kind)).toEqual(['app']);
    expect(await auditOf(t, 'secondFactor.removed', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { kind: 'passkey' } },
    ]);

    const last = await remove(app!.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      status: false,
      message: "You can't remove your only sign-in method. Add another first.",
    });
    expect((await remove(app!.id, 'sp')).json()).toEqual({
      status: false,
      message: 'No puede quitar su único método de inicio de sesión. Agregue otro primero.',
    });
    expect((await securityOf(t, here.access_token)).factors).toHaveLength(1);
  });

  it('ends one session by its id (its token is refused at its next call), or all the others; never another member’s', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'analyst' });
    const other = await addStaffMember(t, { role: 'auditor' });
    const tokensAt = async (at: string) => {
      t.clock.set(at);
      return staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    };
    const desk = await tokensAt('2026-03-02T09:00:00.000Z');
    const phone = await tokensAt('2026-03-02T09:00:30.000Z');
    const tablet = await tokensAt('2026-03-02T09:01:00.000Z');
    const home = await tokensAt('2026-03-02T09:01:30.000Z');
    const others = await staffSignIn(t, other.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const end = (id: string, language?: 'sp') =>
      call(t, 'DELETE', `${SECURITY}/sessions/${id}`, desk.access_token, { language });

    const ended = await end(sessionIdOf(phone.access_token));
    expect(ended.json()).toEqual({ status: true, message: 'Session ended.' });
    expect(await tokenStatuses(t, phone)).toEqual(ENDED);
    expect(await auditOf(t, 'session.ended', member.id)).toEqual([
      {
        actorId: member.id,
        subjectId: member.id,
        details: { sessionId: sessionIdOf(phone.access_token), current: false },
      },
    ]);

    const notFound = {
      en: 'This session was not found: it may have ended already. Reload the page to see your sessions.',
      sp: 'No se encontró esta sesión: puede que ya haya terminado. Vuelva a cargar la página para ver sus sesiones.',
    };
    for (const id of [sessionIdOf(phone.access_token), sessionIdOf(others.access_token), randomUUID()]) {
      const refused = await end(id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ status: false, message: notFound.en });
    }
    expect((await end(randomUUID(), 'sp')).json()).toEqual({ status: false, message: notFound.sp });
    expect((await end('not-an-id')).json()).toEqual({
      status: false,
      message: 'Invalid request',
      data: [{ errorField: 'id', message: notFound.en }],
    });
    expect((await call(t, 'GET', SECURITY, others.access_token)).statusCode).toBe(200);

    const allOthers = await call(t, 'POST', `${SECURITY}/sessions/end-others`, desk.access_token);
    expect(allOthers.json()).toEqual({ status: true, message: 'All your other sessions have ended.' });
    expect(await tokenStatuses(t, tablet)).toEqual(ENDED);
    expect(await tokenStatuses(t, home)).toEqual(ENDED);
    expect((await securityOf(t, desk.access_token)).sessions.map((s) => [s.id, s.current])).toEqual([
      [sessionIdOf(desk.access_token), true],
    ]);
    expect(await auditOf(t, 'session.endedAll', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { reason: 'endedByOwner', sessions: 2 } },
    ]);

    // Its own session too: that ends this browser's.
    expect((await end(sessionIdOf(desk.access_token))).statusCode).toBe(200);
    expect((await call(t, 'GET', SECURITY, desk.access_token)).json()).toEqual(UNAUTHORIZED);
    expect(await tokenStatuses(t, others)).toEqual(LIVE);
  });
});

// Both databases: a session's end is read with the session on every call.
describeEachDatabase('Staff sessions', (target) => {
  const testApp = useAuthApp(target);

  it('end 12 hours after the sign-in however active: refreshed every few minutes up to then, refused at 12 hours', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    let tokens = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    // Every 8 minutes to 11:52, then at 11:59, always within the 30 minutes a refresh token lasts unused.
    for (let minutes = 8; minutes <= 712; minutes += 8) {
      t.clock.set(new Date(Date.parse(START) + minutes * MINUTE_MS).toISOString());
      const reply = await refresh(t, tokens.refresh_token);
      expect(reply.statusCode, `after ${minutes} minutes`).toBe(200);
      tokens = reply.json().data;
    }
    t.clock.set('2026-03-02T20:59:00.000Z');
    const last = await refresh(t, tokens.refresh_token);
    expect(last.statusCode).toBe(200);
    tokens = last.json().data;
    expect((await call(t, 'GET', SECURITY, tokens.access_token)).statusCode).toBe(200);

    t.clock.set('2026-03-02T21:00:00.000Z');
    // The access token would last to 21:04, but its session ends now.
    expect((await call(t, 'GET', SECURITY, tokens.access_token)).json()).toEqual(UNAUTHORIZED);
    expect(await tokenStatuses(t, tokens)).toEqual(ENDED);
  });

  it('end elsewhere when the member changes their password, and stay here', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const member = await addStaffMember(t, { role: 'helpDesk' });
    const elsewhere = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    t.clock.set('2026-03-02T09:00:30.000Z');
    const here = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
    const changed = await call(t, 'PUT', '/update-password', here.access_token, {
      payload: { password: STAFF_PASSWORD, newPassword: 'Staff#Pass2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await tokenStatuses(t, elsewhere)).toEqual(ENDED);
    expect((await call(t, 'GET', SECURITY, here.access_token)).statusCode).toBe(200);
    expect(await auditOf(t, 'session.endedAll', member.id)).toEqual([
      { actorId: member.id, subjectId: member.id, details: { reason: 'passwordChanged', sessions: 1 } },
    ]);
  });
});
