import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PATIENT } from '../src/db/seed-data';
import { auditLog, registrationTokens, securityPolicy, users } from '../src/db/schema';
import { describeOnDatabase, TEST_START, useTestApp, type TestApp } from './helpers';
import {
  activationLinks,
  confirm,
  linkParts,
  registerParticipant,
  resend,
  uniqueEmail,
  userById,
} from './registration-helpers';

const DAY_MS = 86_400_000;
const ACTIVATED = { status: true, message: 'Your account is active now' };
const EXPIRED = { status: false, message: 'Sorry ! Your activation link is expired.' };
const RESENT = { status: true, message: 'Resend activation email sent successfully.' };

describeOnDatabase('account activation', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });
  beforeEach(async () => {
    testApp().clock.set(TEST_START);
    await testApp().db.update(securityPolicy).set({ registrationTokenExpiryInDays: 90 });
  });
  describe('GET /registrationConfirm', () => confirmTests(testApp));
  describe('GET /resendActivationEmail', () => resendTests(testApp));
});

function confirmTests(testApp: () => TestApp) {
  it('activates the account once; the same link then answers that it is expired', async () => {
    const t = testApp();
    const { token, id } = await registerParticipant(t);
    t.clock.advance(60_000);

    const first = await confirm(t, { token, id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(ACTIVATED);
    const user = await userById(t, id);
    expect(user).toMatchObject({ status: 'active' });
    expect(user!.activatedAt!.toISOString()).toBe('2026-03-01T12:01:00.000Z');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'account.activated')));
    expect(audit).toHaveLength(1);

    const second = await confirm(t, { token, id });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(EXPIRED);
  });

  it('answers in Spanish to a Spanish reader', async () => {
    const t = testApp();
    const { token, id } = await registerParticipant(t);
    expect((await confirm(t, { token, id }, { language: 'sp' })).json()).toEqual({
      status: true,
      message: 'Su cuenta ya está activa',
    });
    expect((await confirm(t, { token, id }, { language: 'sp' })).json()).toEqual({
      status: false,
      message: '¡Lo sentimos! Su enlace de activación ha vencido.',
    });
  });

  it("refuses a link with another account's id, and activates neither account", async () => {
    const t = testApp();
    const ana = await registerParticipant(t);
    const ben = await registerParticipant(t);
    for (const id of [ben.id, randomUUID(), 'not-a-uuid', '']) {
      const reply = await confirm(t, { token: ana.token, id });
      expect(reply.statusCode, id).toBe(400);
      expect(reply.json(), id).toEqual(EXPIRED);
    }
    expect((await userById(t, ana.id))!.status).toBe('pending');
    expect((await userById(t, ben.id))!.status).toBe('pending');
  });

  it('refuses a tampered or missing token without using up the real one', async () => {
    const t = testApp();
    const { token, id } = await registerParticipant(t);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [{ token: tampered, id }, { token: `${token}x`, id }, { id }, { token }, {}]) {
      const reply = await confirm(t, query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json()).toEqual(EXPIRED);
    }
    expect((await userById(t, id))!.status).toBe('pending');
    expect((await confirm(t, { token, id })).json()).toEqual(ACTIVATED);
  });

  it('works until registrationTokenExpiryInDays have passed, and not from then on', async () => {
    const t = testApp();
    const early = await registerParticipant(t);
    const late = await registerParticipant(t);

    t.clock.advance(90 * DAY_MS - 1);
    expect((await confirm(t, early)).json()).toEqual(ACTIVATED);
    t.clock.advance(1);
    expect((await confirm(t, late)).json()).toEqual(EXPIRED);
    expect((await userById(t, late.id))!.status).toBe('pending');
  });

  it('follows a changed registrationTokenExpiryInDays for links sent after the change', async () => {
    const t = testApp();
    await t.db.update(securityPolicy).set({ registrationTokenExpiryInDays: 120 });
    const early = await registerParticipant(t);
    const late = await registerParticipant(t);
    t.clock.advance(120 * DAY_MS - 1);
    expect((await confirm(t, early)).json()).toEqual(ACTIVATED);
    t.clock.advance(1);
    expect((await confirm(t, late)).json()).toEqual(EXPIRED);
  });

  it('does not activate a withdrawn account', async () => {
    const t = testApp();
    const { token, id } = await registerParticipant(t);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, id));
    expect((await confirm(t, { token, id })).json()).toEqual(EXPIRED);
    expect((await userById(t, id))!.status).toBe('withdrawn');
  });
}

function resendTests(testApp: () => TestApp) {
  it('sends a new link by e-mail address; the previous link stops working and the new one activates', async () => {
    const t = testApp();
    const { email, token, id } = await registerParticipant(t);

    const reply = await resend(t, { email: email.toUpperCase() });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(RESENT);
    const links = await activationLinks(t, email);
    expect(links).toHaveLength(2);
    const fresh = linkParts(links[1]!);
    expect(fresh.id).toBe(id);
    expect(fresh.token).not.toBe(token);

    const tokens = await t.db.select().from(registrationTokens).where(eq(registrationTokens.userId, id));
    expect(tokens.filter((row) => row.revokedAt === null)).toHaveLength(1);

    expect((await confirm(t, { token, id })).json()).toEqual(EXPIRED);
    expect((await confirm(t, fresh)).json()).toEqual(ACTIVATED);
  });

  it('sends a new link by account id, as the expired-link page asks', async () => {
    const t = testApp();
    const { email, id } = await registerParticipant(t);
    t.clock.advance(91 * DAY_MS);
    expect((await resend(t, { id })).json()).toEqual(RESENT);
    const links = await activationLinks(t, email);
    expect(links).toHaveLength(2);
    expect((await confirm(t, linkParts(links[1]!))).json()).toEqual(ACTIVATED);
  });

  it('writes the new e-mail in the participant’s language, whatever the reader’s', async () => {
    const t = testApp();
    const { email } = await registerParticipant(t, { language: 'sp' });
    await resend(t, { email }, { language: 'en' });
    await t.app.services.mailer.idle();
    expect(t.mail.to(email).map((m) => m.subject)).toEqual([
      'Active su cuenta del Estudio de Investigación Renal',
      'Active su cuenta del Estudio de Investigación Renal',
    ]);
  });

  it('answers the same for unknown, active and withdrawn accounts, and sends them nothing', async () => {
    const t = testApp();
    const activated = await registerParticipant(t);
    await confirm(t, activated);
    const withdrawn = await registerParticipant(t);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, withdrawn.id));
    const unknown = uniqueEmail('nobody');

    for (const query of [
      { email: unknown },
      { email: activated.email },
      { email: DEMO_PATIENT.email },
      { email: withdrawn.email },
      { id: activated.id },
      { id: withdrawn.id },
      { id: randomUUID() },
      { id: 'not-a-uuid' },
    ]) {
      const reply = await resend(t, query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(200);
      expect(reply.json(), JSON.stringify(query)).toEqual(RESENT);
    }
    await t.app.services.mailer.idle();
    expect(t.mail.to(unknown)).toEqual([]);
    expect(t.mail.to(DEMO_PATIENT.email)).toEqual([]);
    expect(t.mail.to(activated.email)).toHaveLength(1);
    expect(t.mail.to(withdrawn.email)).toHaveLength(1);
  });

  it('answers a malformed address, NUL included, like an unknown one', async () => {
    for (const email of ['ana\u0000x@example.org', 'not an address']) {
      const reply = await resend(testApp(), { email });
      expect(reply.statusCode, JSON.stringify(email)).toBe(200);
      expect(reply.json()).toEqual(RESENT);
    }
  });

  it('answers in Spanish to a Spanish reader', async () => {
    expect((await resend(testApp(), { email: uniqueEmail() }, { language: 'sp' })).json()).toEqual({
      status: true,
      message: 'El correo de activación se reenvió correctamente.',
    });
  });

  it('asks for an e-mail address when neither an address nor an id is given', async () => {
    for (const query of [{}, { email: '' }, { email: '   ' }, { id: ' ' }]) {
      const reply = await resend(testApp(), query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json()).toEqual({ status: false, message: 'Please enter a valid email.' });
    }
  });
}
