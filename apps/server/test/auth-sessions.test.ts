import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';
import {
  DEMO,
  logout,
  me,
  MINUTE_MS,
  refresh,
  setDowntime,
  signIn,
  signInAdmin,
  SYSTEM_DOWN,
  tokenStatuses,
  useAuthApp,
} from './auth-helpers';

const LIVE = { access: 200, refresh: 200 };
const ENDED = { access: 401, refresh: 401 };
const LOGGED_OUT = { status: true, message: 'You have been logged out.' };

// Both databases: the embedded one keeps sessions in memory, so an ended session must reach its cache.
describeEachDatabase('POST /refresh-token', (target) => {
  const testApp = useAuthApp(target);

  it('trades a refresh token once for a new pair', async () => {
    const t = testApp();
    const first = await signInAdmin(t);
    t.clock.advance(4 * MINUTE_MS);
    const reply = await refresh(t, first.refresh_token);
    expect(reply.json()).toEqual({
      status: true,
      data: {
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 300,
        token_type: 'Bearer',
      },
    });
    const second = reply.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(t, second.access_token)).statusCode).toBe(200);
    expect((await refresh(t, 'never-issued')).statusCode).toBe(401);
  });

  it('ends the whole session when a used refresh token comes back, and no other session', async () => {
    const t = testApp();
    const first = await signInAdmin(t);
    const other = await signInAdmin(t);
    const second = (await refresh(t, first.refresh_token)).json().data;

    const replay = await refresh(t, first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: false });
    expect(await tokenStatuses(t, second)).toEqual(ENDED);
    expect(await tokenStatuses(t, other)).toEqual(LIVE);
  });

  it('lets a refresh token lapse when unused for inactiveSessionTimeoutInMin', async () => {
    const t = testApp();
    const early = await signInAdmin(t);
    const late = await signInAdmin(t);
    t.clock.advance(30 * MINUTE_MS - 1000);
    expect((await refresh(t, early.refresh_token)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await refresh(t, late.refresh_token)).statusCode).toBe(401);
  });

  it('ends a session 12 hours after its login however often it is refreshed', async () => {
    const t = testApp();
    let tokens = await signInAdmin(t);
    const steps = 180; // 12 hours of refreshes 4 minutes apart
    for (let i = 1; i < steps; i++) {
      t.clock.advance(4 * MINUTE_MS);
      const reply = await refresh(t, tokens.refresh_token);
      expect(reply.statusCode, `refresh ${i}`).toBe(200);
      tokens = reply.json().data;
    }
    t.clock.advance(4 * MINUTE_MS);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('answers a patient’s refresh with SYSTEM_DOWN during downtime, without spending the token', async () => {
    const t = testApp();
    const patient = await signIn(t, DEMO.email, DEMO.password);
    const admin = await signInAdmin(t);
    await setDowntime(t, true);
    const refused = await refresh(t, patient.refresh_token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(SYSTEM_DOWN);
    expect((await refresh(t, admin.refresh_token)).statusCode).toBe(200);

    await setDowntime(t, false);
    expect((await refresh(t, patient.refresh_token)).statusCode).toBe(200);
  });
});

// Both databases: the embedded one keeps sessions in memory, so an ended session must reach its cache.
describeEachDatabase('POST /logout', (target) => {
  const testApp = useAuthApp(target);

  it('ends every session of the user of a bearer token', async () => {
    const t = testApp();
    const phone = await signIn(t, DEMO.email, DEMO.password);
    const laptop = await signIn(t, DEMO.email, DEMO.password);
    const admin = await signInAdmin(t);
    const reply = await logout(t, { bearer: laptop.access_token });
    expect(reply.json()).toEqual(LOGGED_OUT);
    expect(await tokenStatuses(t, phone)).toEqual(ENDED);
    expect(await tokenStatuses(t, laptop)).toEqual(ENDED);
    expect(await tokenStatuses(t, admin)).toEqual(LIVE);
  });

  it('ends every session of the user of a refresh token sent in the body', async () => {
    const t = testApp();
    const phone = await signIn(t, DEMO.email, DEMO.password);
    const laptop = await signIn(t, DEMO.email, DEMO.password);
    expect((await logout(t, { body: { refresh_token: laptop.refresh_token } })).json()).toEqual(LOGGED_OUT);
    expect(await tokenStatuses(t, phone)).toEqual(ENDED);
    expect(await me(t, laptop.access_token)).toMatchObject({ statusCode: 401 });
  });

  it('answers the same and ends nothing without a credential, or with one of a session already ended', async () => {
    const t = testApp();
    const old = await signIn(t, DEMO.email, DEMO.password);
    await logout(t, { bearer: old.access_token });
    const current = await signIn(t, DEMO.email, DEMO.password);
    for (const credential of [
      {},
      { body: {} },
      { bearer: old.access_token },
      { body: { refresh_token: old.refresh_token } },
      { body: { refresh_token: 'never-issued' } },
    ]) {
      expect((await logout(t, credential)).json()).toEqual(LOGGED_OUT);
    }
    expect(await tokenStatuses(t, current)).toEqual(LIVE);
  });
});
