import { eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, healthSystemVerifications, users, verificationBatches, verificationChanges } from '../src/db/schema';
import { describeEachDatabase, describeOnDatabase, useTestApp, type TestApp } from './helpers';
import { freshStart, freshStartAt, useAuthApp } from './auth-helpers';
import { adminSession, UUID } from './settings-helpers';
import { manyRecords } from './verification-helpers';
import { issueKey, PARTICIPANTS, push, pushApi, VERIFICATIONS, verificationRecord } from './push-api-helpers';
import { API } from './registration-helpers';

const START = '2026-08-03T10:00:00.000Z';
const KEY_INVALID = {
  en: { status: false, message: 'The API key is missing, unknown or revoked.' },
  sp: { status: false, message: 'La clave de API falta, es desconocida o fue revocada.' },
};
const UNKNOWN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';

/** The statuses of these participants' records, by ID. */
async function statusesOf(t: TestApp, ids: string[]) {
  const rows = await t.db
    .select({ userId: healthSystemVerifications.userId, isVerified: healthSystemVerifications.isVerified })
    .from(healthSystemVerifications)
    .where(inArray(healthSystemVerifications.userId, ids));
  return Object.fromEntries(rows.map((row) => [row.userId, row.isVerified]));
}

/** Geisinger's and Riverside's keys, and a few participants of each. */
async function twoSystems(t: TestApp) {
  await freshStartAt(t, START);
  // The demo patient (Geisinger, pending) is not part of these scenarios.
  await t.db.delete(healthSystemVerifications);
  const admin = await adminSession(t);
  const geisinger = await issueKey(admin, 'geisinger', 'Geisinger records');
  const riverside = await issueKey(admin, 'riverside', 'Riverside records');
  const g = {
    pendingLate: await verificationRecord(t, { healthSystem: 'geisinger', consentedAt: '2026-05-03T00:00:00.000Z' }),
    pendingEarly: await verificationRecord(t, { healthSystem: 'geisinger', consentedAt: '2026-05-01T00:00:00.000Z' }),
    verified: await verificationRecord(t, {
      healthSystem: 'geisinger',
      consentedAt: '2026-05-02T00:00:00.000Z',
      isVerified: true,
    }),
    rejected: await verificationRecord(t, {
      healthSystem: 'geisinger',
      consentedAt: '2026-05-04T00:00:00.000Z',
      isVerified: false,
    }),
    withdrawn: await verificationRecord(t, {
      healthSystem: 'geisinger',
      consentedAt: '2026-04-01T00:00:00.000Z',
      withdrawn: true,
    }),
  };
  const r = {
    pending: await verificationRecord(t, { healthSystem: 'riverside', consentedAt: '2026-04-15T00:00:00.000Z' }),
  };
  return { geisinger, riverside, g, r };
}

describeOnDatabase('The health systems’ push API', (target) => {
  const testApp = useAuthApp(target);

  it('answers 401 without a key, with an unknown one or a revoked one, the same way, in the reader’s language', async () => {
    const t = testApp();
    const { geisinger, g } = await twoSystems(t);
    const admin = await adminSession(t);
    expect((await admin('DELETE', `/health-system-api-keys/${geisinger.id}`)).statusCode).toBe(200);
    for (const key of [undefined, '', 'hsk_unknown', geisinger.key]) {
      for (const [method, path, payload] of [
        ['GET', PARTICIPANTS, undefined],
        ['POST', VERIFICATIONS, { updates: [{ userId: g.pendingEarly, status: true }] }],
      ] as const) {
        const reply = await pushApi(t, method, path, key, { payload });
        expect(reply.statusCode, `${method} ${key}`).toBe(401);
        expect(reply.json()).toEqual(KEY_INVALID.en);
      }
    }
    expect((await pushApi(t, 'GET', PARTICIPANTS, 'hsk_unknown', { language: 'sp' })).json()).toEqual(KEY_INVALID.sp);
    // An administrator's session opens nothing here either.
    expect((await admin('GET', PARTICIPANTS)).statusCode).toBe(401);
    expect((await statusesOf(t, [g.pendingEarly]))[g.pendingEarly]).toBeNull();
  });

  it('lists the key’s own participants of a status, in order of consent, leaving out those who withdrew', async () => {
    const t = testApp();
    const { geisinger, riverside, g, r } = await twoSystems(t);
    const list = async (key: string, query = '') => {
      const reply = await pushApi(t, 'GET', `${PARTICIPANTS}${query}`, key);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().data;
    };
    const ids = (page: { content: { userId: string }[] }) => page.content.map((p) => p.userId);

    const pending = await list(geisinger.key);
    expect(pending).toMatchObject({ totalElements: 2, page: 0, size: 100 });
    expect(ids(pending)).toEqual([g.pendingEarly, g.pendingLate]);
    expect(pending.content[0]).toEqual({
      userId: g.pendingEarly,
      firstName: 'Ana',
      lastName: 'Vega',
      birthDate: '1960-05-17',
      email: expect.stringMatching(/^verification\.\d+\.\d+@example\.org$/),
      postalCode: '60601',
      consentedAt: '2026-05-01T00:00:00.000Z',
      isVerified: null,
      updatedAt: '2026-05-01T00:00:00.000Z',
    });
    expect(ids(await list(geisinger.key, '?status=pending'))).toEqual([g.pendingEarly, g.pendingLate]);
    expect(ids(await list(geisinger.key, '?status=verified'))).toEqual([g.verified]);
    expect(ids(await list(geisinger.key, '?status=rejected'))).toEqual([g.rejected]);
    const all = await list(geisinger.key, '?status=all');
    expect(all.totalElements).toBe(4);
    expect(ids(all)).toEqual([g.pendingEarly, g.verified, g.pendingLate, g.rejected]);
    expect(ids(await list(geisinger.key, '?status=all&sort=consentedAt,desc'))).toEqual([
      g.rejected,
      g.pendingLate,
      g.verified,
      g.pendingEarly,
    ]);
    expect(await list(geisinger.key, '?status=all&page=1&size=100')).toMatchObject({ content: [], totalElements: 4 });

    expect(ids(await list(riverside.key, '?status=all'))).toEqual([r.pending]);
    for (const query of ['?status=withdrawn', '?size=10', '?page=-1', '?sort=userId,asc']) {
      expect((await pushApi(t, 'GET', `${PARTICIPANTS}${query}`, geisinger.key)).statusCode, query).toBe(400);
    }
  });

  it('sets statuses in one batch of its key, with a change row each and an audit row', async () => {
    const t = testApp();
    const { geisinger, g, r } = await twoSystems(t);
    t.clock.set('2026-08-03T10:05:00.000Z');
    const reply = await push(t, geisinger.key, [
      [g.pendingEarly, true],
      [g.pendingLate.toUpperCase(), false],
      [g.verified, false],
      [g.pendingEarly, true],
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: '3 verification statuses saved.',
      data: { batchId: UUID, applied: 3 },
    });
    const { batchId } = reply.json().data;
    expect(await statusesOf(t, [g.pendingEarly, g.pendingLate, g.verified, g.rejected, r.pending])).toEqual({
      [g.pendingEarly]: true,
      [g.pendingLate]: false,
      [g.verified]: false,
      [g.rejected]: false,
      [r.pending]: null,
    });
    const [batch] = await t.db.select().from(verificationBatches).where(eq(verificationBatches.id, batchId));
    expect(batch).toMatchObject({
      source: 'push',
      status: null,
      actorId: null,
      apiKeyId: geisinger.id,
      requested: 4,
      applied: 3,
      skipped: [],
      createdAt: new Date('2026-08-03T10:05:00.000Z'),
    });
    const changes = await t.db.select().from(verificationChanges).where(eq(verificationChanges.batchId, batchId));
    expect(
      changes
        .map((c) => [c.userId, c.oldStatus, c.newStatus, c.at.toISOString()])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ).toEqual(
      [
        [g.pendingEarly, null, true, '2026-08-03T10:05:00.000Z'],
        [g.pendingLate, null, false, '2026-08-03T10:05:00.000Z'],
        [g.verified, true, false, '2026-08-03T10:05:00.000Z'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'verification.push'));
    expect(audit.filter((a) => (a.details as { batchId?: string }).batchId === batchId)).toMatchObject([
      { details: { batchId, apiKeyId: geisinger.id, applied: 3 }, at: new Date('2026-08-03T10:05:00.000Z') },
    ]);
    // Spanish readers get the message in Spanish; a batch of one status records it.
    const spanish = await push(t, geisinger.key, [[g.rejected, true]], 'sp');
    expect(spanish.json().message).toBe('Se guardó 1 estado de verificación.');
    const [one] = await t.db
      .select()
      .from(verificationBatches)
      .where(eq(verificationBatches.id, spanish.json().data.batchId));
    expect(one!.status).toBe(true);
  });

  it('never reaches another health system: its IDs are not found, like unknown ones, and nothing is saved', async () => {
    const t = testApp();
    const { geisinger, riverside, g, r } = await twoSystems(t);
    const reply = await push(t, geisinger.key, [
      [g.pendingEarly, true],
      [r.pending, true],
      [UNKNOWN_ID, false],
    ]);
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Nothing was saved: 2 user IDs cannot be set. Each is listed with the reason.',
      data: {
        issues: [
          { userId: UNKNOWN_ID, reason: 'notFound' },
          { userId: r.pending, reason: 'notFound' },
        ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
      },
    });
    const fromRiverside = await push(t, riverside.key, [[g.verified, false]]);
    expect(fromRiverside.json().data).toEqual({ issues: [{ userId: g.verified, reason: 'notFound' }] });
    expect(await statusesOf(t, [g.pendingEarly, g.verified, r.pending])).toEqual({
      [g.pendingEarly]: null,
      [g.verified]: true,
      [r.pending]: null,
    });
    expect(await t.db.select().from(verificationBatches)).toHaveLength(0);
    expect(await t.db.select().from(verificationChanges)).toHaveLength(0);
  });

  it('refuses the whole push for any withdrawn, unknown or conflicting ID, listing every one', async () => {
    const t = testApp();
    const { geisinger, g } = await twoSystems(t);
    const pushAudits = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'verification.push'))).length;
    const auditedBefore = await pushAudits();
    const reply = await push(
      t,
      geisinger.key,
      [
        [g.pendingEarly, true],
        [g.withdrawn, true],
        [g.pendingLate, true],
        [UNKNOWN_ID, true],
        [g.pendingLate.toUpperCase(), false],
        [g.verified, false],
      ],
      'sp',
    );
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({
      status: false,
      message: 'No se guardó nada: 3 ID de usuario no se pueden actualizar. Cada uno aparece con el motivo.',
      data: {
        issues: [
          { userId: g.withdrawn, reason: 'withdrawn' },
          { userId: g.pendingLate, reason: 'conflicting' },
          { userId: UNKNOWN_ID, reason: 'notFound' },
        ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
      },
    });
    expect(await statusesOf(t, [g.pendingEarly, g.pendingLate, g.verified, g.withdrawn])).toEqual({
      [g.pendingEarly]: null,
      [g.pendingLate]: null,
      [g.verified]: true,
      [g.withdrawn]: null,
    });
    expect(await t.db.select().from(verificationBatches)).toHaveLength(0);
    expect(await pushAudits()).toBe(auditedBefore);
  });

  it('checks the body: at least one update, well-formed IDs and statuses, at most 10,000', async () => {
    const t = testApp();
    const { geisinger, g } = await twoSystems(t);
    const post = (payload: unknown, language?: 'en' | 'sp') =>
      pushApi(t, 'POST', VERIFICATIONS, geisinger.key, { payload, language });
    const empty = await post({ updates: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      status: false,
      message: 'Invalid request',
      data: [{ errorField: 'updates', message: 'Send at least one status update.' }],
    });
    expect((await post({}, 'sp')).json().data).toEqual([
      { errorField: 'updates', message: 'Envíe al menos una actualización de estado.' },
    ]);
    for (const update of [
      { userId: 'not-a-uuid', status: true },
      { userId: g.pendingEarly, status: 'true' },
      { userId: g.pendingEarly },
    ]) {
      expect((await post({ updates: [update] })).statusCode, JSON.stringify(update)).toBe(400);
    }
    const tooMany = Array.from({ length: 10_001 }, () => ({ userId: g.pendingEarly, status: true }));
    const refused = await post({ updates: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([
      { errorField: 'updates', message: 'A push can carry at most 10,000 status updates.' },
    ]);
    expect(await t.db.select().from(verificationBatches)).toHaveLength(0);
  });

  it('takes 10,000 statuses in one push', async () => {
    const t = testApp();
    const { geisinger } = await twoSystems(t);
    const ids = await manyRecords(t, 'geisinger', 10_000, '2026-06-01T00:00:00.000Z');
    const reply = await push(
      t,
      geisinger.key,
      ids.map((id, i) => [id, i % 2 === 0]),
    );
    expect(reply.statusCode, reply.body.slice(0, 500)).toBe(200);
    expect(reply.json().data.applied).toBe(10_000);
    const counted = await t.db
      .select({ isVerified: healthSystemVerifications.isVerified })
      .from(healthSystemVerifications)
      .where(eq(healthSystemVerifications.healthSystem, 'geisinger'));
    expect(counted.filter((row) => row.isVerified === true)).toHaveLength(5_001);
    expect(counted.filter((row) => row.isVerified === false)).toHaveLength(5_001);
    // Pending: the two scenario participants not pushed, and the one who withdrew.
    expect(counted.filter((row) => row.isVerified === null)).toHaveLength(3);
  });
});

/**
 * RATE_LIMIT_FACTOR 1: a key may call 60 times a minute, over both endpoints together. Both databases: the
 * limit is counted in memory on the embedded one, in a table on PostgreSQL.
 */
describeEachDatabase('The push API’s rate limit', (target) => {
  const testApp = useTestApp(target, { env: { RATE_LIMIT_FACTOR: '1', CAPTCHA_ENABLED: 'false' } });
  beforeEach(() => freshStart(testApp()));

  it('answers the 61st call of a key in a minute 429, while another key still gets through', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const first = await issueKey(admin, 'geisinger');
    const second = await issueKey(admin, 'geisinger');
    const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo.patient@example.org'));
    for (let i = 0; i < 59; i += 1) {
      expect((await pushApi(t, 'GET', PARTICIPANTS, first.key)).statusCode, `call ${i + 1}`).toBe(200);
    }
    expect((await push(t, first.key, [[demo!.id, true]])).statusCode).toBe(200);
    const limited = await pushApi(t, 'GET', PARTICIPANTS, first.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: false,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect((await push(t, first.key, [[demo!.id, false]])).statusCode).toBe(429);
    expect((await pushApi(t, 'GET', PARTICIPANTS, second.key)).statusCode).toBe(200);
  });

  it('answers the 61st call of an address without an active key in a minute 429, not 401', async () => {
    const t = testApp();
    const withoutKey = (key?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}${PARTICIPANTS}`,
        headers: key ? { 'x-api-key': key } : {},
        remoteAddress: '10.20.30.40',
      });
    for (let i = 0; i < 60; i += 1)
      expect((await withoutKey(i % 2 === 0 ? `hsk_guess${i}` : undefined)).statusCode, `call ${i + 1}`).toBe(401);
    expect((await withoutKey('hsk_guess60')).statusCode).toBe(429);
    // Another address is not held back.
    expect((await pushApi(t, 'GET', PARTICIPANTS, 'hsk_guess61')).statusCode).toBe(401);
  });
});
