import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { healthSystemApiKeys } from '../src/db/schema';
import { describeOnDatabase, TEST_ADMIN_EMAIL } from './helpers';
import { auditSince, freshStartAt, useAuthApp } from './auth-helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, expectAdminOnly, UUID } from './settings-helpers';
import { issueKey, KEYS, PARTICIPANTS, pushApi } from './push-api-helpers';

const START = '2026-07-01T09:00:00.000Z';
const invalid = (errorField: string, message: string, top = 'Invalid request') => ({
  status: false,
  message: top,
  data: [{ errorField, message }],
});
const KEY_INVALID = { status: false, message: 'The API key is missing, unknown or revoked.' };

describeOnDatabase('Health system API keys', (target) => {
  const testApp = useAuthApp(target);

  it('are for administrators only', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    await expectAdminOnly(t, participant.tokens.access_token, [
      ['GET', KEYS],
      ['POST', KEYS, { healthSystem: 'geisinger', label: 'Records team' }],
      ['DELETE', `${KEYS}/7d1f2c3a-4b5c-4d6e-8f90-a1b2c3d4e5f6`],
    ]);
    expect(await t.db.select().from(healthSystemApiKeys)).toHaveLength(0);
  });

  it('need a known health system and a label of at most 100 characters, each said under its field', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const post = (payload: unknown, language?: 'en' | 'sp') => admin('POST', KEYS, { payload, language });
    expect((await post({ healthSystem: 'geisinger', label: '  ' })).json()).toEqual(
      invalid('label', 'Please enter a label'),
    );
    expect((await post({ healthSystem: 'geisinger', label: 'x'.repeat(101) })).json()).toEqual(
      invalid('label', 'The label can be at most 100 characters'),
    );
    expect((await post({ label: 'Records team' })).json()).toEqual(
      invalid('healthSystem', 'Please select a health system'),
    );
    expect((await post({}, 'sp')).json().data).toEqual([
      { errorField: 'healthSystem', message: 'Seleccione un sistema de salud' },
      { errorField: 'label', message: 'Ingrese una etiqueta' },
    ]);
    for (const healthSystem of ['nowhere', 'none']) {
      const reply = await post({ healthSystem, label: 'Records team' });
      expect(reply.statusCode, healthSystem).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        message: 'This health system does not exist',
        data: [{ errorField: 'healthSystem', message: 'This health system does not exist' }],
      });
    }
    expect((await post({ healthSystem: 'nowhere', label: 'Equipo' }, 'sp')).json().message).toBe(
      'Este sistema de salud no existe',
    );
    expect(await t.db.select().from(healthSystemApiKeys)).toHaveLength(0);
  });

  it('issues a key shown once: only its SHA-256 and its first 12 characters are kept, and the issue is audited', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const since = t.clock.now();
    const reply = await admin('POST', KEYS, { payload: { healthSystem: 'geisinger', label: '  Records team ' } });
    expect(reply.statusCode).toBe(200);
    const issued = reply.json().data;
    expect(issued).toEqual({
      id: UUID,
      healthSystem: 'geisinger',
      healthSystemName: 'Geisinger',
      label: 'Records team',
      keyPrefix: issued.key.slice(0, 12),
      createdAt: START,
      createdBy: TEST_ADMIN_EMAIL,
      lastUsedAt: null,
      revokedAt: null,
      key: expect.stringMatching(/^hsk_[A-Za-z0-9_-]{43}$/),
    });
    const [stored] = await t.db.select().from(healthSystemApiKeys).where(eq(healthSystemApiKeys.id, issued.id));
    expect(stored!.keyHash).toBe(createHash('sha256').update(issued.key).digest('hex'));
    expect(stored!.keyPrefix).toHaveLength(12);
    expect(JSON.stringify(stored)).not.toContain(issued.key);
    const other = await issueKey(admin, 'geisinger');
    expect(other.key).not.toBe(issued.key);

    // The audit trail outlives each scenario's fresh start, so only these keys' rows count.
    const audit = (await auditSince(t, since)).filter(
      (a) =>
        a.action === 'verification.apiKey.issued' &&
        [issued.id, other.id].includes((a.details as { apiKeyId?: string }).apiKeyId ?? ''),
    );
    expect(audit.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { apiKeyId: issued.id, healthSystem: 'geisinger' },
        { apiKeyId: other.id, healthSystem: 'geisinger' },
      ]),
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]!.actorId).toEqual(UUID);
    expect(JSON.stringify(audit)).not.toContain(issued.key);
    // The list never carries the key itself.
    const listed = await admin('GET', KEYS);
    expect(listed.body).not.toContain(issued.key);
    expect(listed.body).not.toContain(stored!.keyHash);
  });

  it('lists the active keys first, then the newest, paged, with who issued them', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const first = await issueKey(admin, 'geisinger', 'First');
    t.clock.set('2026-07-01T09:01:00.000Z');
    const second = await issueKey(admin, 'riverside', 'Second');
    t.clock.set('2026-07-01T09:02:00.000Z');
    const third = await issueKey(admin, 'geisinger', 'Third');
    t.clock.set('2026-07-01T09:03:00.000Z');
    expect((await admin('DELETE', `${KEYS}/${third.id}`)).statusCode).toBe(200);

    const page = (await admin('GET', `${KEYS}?page=0&size=5`)).json().data;
    expect(page.totalElements).toBe(3);
    expect(page.content.map((k: { label: string }) => k.label)).toEqual(['Second', 'First', 'Third']);
    expect(page.content[0]).toEqual({
      id: second.id,
      healthSystem: 'riverside',
      healthSystemName: 'Riverside Kidney Care (demo)',
      label: 'Second',
      keyPrefix: second.keyPrefix,
      createdAt: '2026-07-01T09:01:00.000Z',
      createdBy: TEST_ADMIN_EMAIL,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(page.content[2].revokedAt).toBe('2026-07-01T09:03:00.000Z');
    expect(page.content[1].id).toBe(first.id);

    for (let i = 0; i < 4; i += 1) await issueKey(admin, 'geisinger', `More ${i}`);
    const second5 = (await admin('GET', `${KEYS}?page=1&size=5`)).json().data;
    expect(second5).toMatchObject({ totalElements: 7, page: 1, size: 5 });
    expect(second5.content.map((k: { label: string }) => k.label)).toEqual(['First', 'Third']);
    expect((await admin('GET', `${KEYS}?size=50`)).statusCode).toBe(400);
  });

  it('revokes a key once: from then on the API answers it as an unknown key; the revocation is audited', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const { id, key } = await issueKey(admin, 'geisinger');
    expect((await pushApi(t, 'GET', PARTICIPANTS, key)).statusCode).toBe(200);
    const since = t.clock.now();

    const revoked = await admin('DELETE', `${KEYS}/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ status: true, message: 'API key revoked. It no longer opens the API.' });
    const answer = await pushApi(t, 'GET', PARTICIPANTS, key);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual(KEY_INVALID);

    const again = await admin('DELETE', `${KEYS}/${id}`, { language: 'sp' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'Esta clave de API ya estaba revocada.' });
    const unknown = await admin('DELETE', `${KEYS}/7d1f2c3a-4b5c-4d6e-8f90-a1b2c3d4e5f6`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: 'This API key does not exist.' });
    expect((await admin('DELETE', `${KEYS}/not-a-uuid`)).statusCode).toBe(400);

    // The audit trail outlives each scenario's fresh start, so only this key's rows count.
    const audit = (await auditSince(t, since)).filter(
      (a) => a.action === 'verification.apiKey.revoked' && (a.details as { apiKeyId?: string }).apiKeyId === id,
    );
    expect(audit.map((a) => [a.details, a.at])).toEqual([
      [{ apiKeyId: id, healthSystem: 'geisinger' }, new Date(START)],
    ]);
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const { id, key } = await issueKey(admin, 'geisinger');
    const lastUsed = async () =>
      (await t.db.select().from(healthSystemApiKeys).where(eq(healthSystemApiKeys.id, id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    t.clock.set('2026-07-01T09:05:00.000Z');
    await pushApi(t, 'GET', PARTICIPANTS, key);
    expect(await lastUsed()).toEqual(new Date('2026-07-01T09:05:00.000Z'));
    t.clock.set('2026-07-01T09:05:59.000Z');
    await pushApi(t, 'GET', PARTICIPANTS, key);
    expect(await lastUsed()).toEqual(new Date('2026-07-01T09:05:00.000Z'));
    t.clock.set('2026-07-01T09:06:01.000Z');
    await pushApi(t, 'GET', PARTICIPANTS, key);
    expect(await lastUsed()).toEqual(new Date('2026-07-01T09:06:01.000Z'));
    const listed = await (await adminSession(t))('GET', KEYS);
    expect(listed.json().data.content[0].lastUsedAt).toBe('2026-07-01T09:06:01.000Z');
  });
});
