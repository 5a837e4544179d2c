import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { verifyPassword } from '../src/security/password-hash';
import { describeOnDatabase, type TestApp } from './helpers';
import {
  auditSince,
  login,
  setPolicy,
  signIn,
  signInAdmin,
  tokenStatuses,
  useAuthApp,
  ADMIN,
  PATIENT_PASSWORD,
} from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';

const NEW_PASSWORD = 'Riñon#2027';
const HOUR_MS = 3_600_000;
const WRONG_CURRENT = {
  status: false,
  message: 'Wrong current password.',
  data: [{ errorField: 'password', message: 'Wrong current password.' }],
};

const change = (t: TestApp, token: string, payload: unknown, language?: 'en' | 'sp') =>
  call(t, 'PUT', '/update-password', token, { payload, language });

describeOnDatabase('Change password (PUT /update-password)', (target) => {
  const testApp = useAuthApp(target);

  it('changes the password, keeps this session, ends every other one and sends a security notice', async () => {
    const t = testApp();
    const { tokens, userId, email } = await signedInParticipant(t);
    const elsewhere = await signIn(t, email);
    t.mail.delivered.length = 0;
    const since = t.clock.now();

    const reply = await change(t, tokens.access_token, { password: PATIENT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(reply.json()).toEqual({
      status: true,
      message: 'Your password has been changed. You stay signed in here; any other sessions have been signed out.',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(await verifyPassword(row!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(row!.passwordChangedAt?.toISOString()).toBe(t.clock.now().toISOString());

    expect(await tokenStatuses(t, elsewhere)).toEqual({ access: 401, refresh: 401 });
    expect((await call(t, 'GET', '/keycloak/user', tokens.access_token)).statusCode).toBe(200);
    expect((await login(t, email, PATIENT_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(200);

    await t.app.services.mailer.idle();
    const notice = t.mail.to(email).find((m) => m.subject === 'Your Kidney Research Study password was changed');
    expect(notice?.text).toContain('every other device that was signed in has been signed out');
    const audit = await auditSince(t, since);
    expect(audit.filter((r) => r.action === 'password.changed')).toMatchObject([
      { actorId: userId, subjectId: userId },
    ]);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password with its message on the field, in both languages', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const reply = await change(t, tokens.access_token, { password: 'Not#Mine123', newPassword: NEW_PASSWORD });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(WRONG_CURRENT);
    const sp = await change(t, tokens.access_token, { password: 'Not#Mine123', newPassword: NEW_PASSWORD }, 'sp');
    expect(sp.json().message).toBe('La contraseña actual es incorrecta.');
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(await verifyPassword(row!.passwordHash, PATIENT_PASSWORD)).toBe(true);
    expect(row!.passwordChangedAt).toBeNull();
  });

  it('stops guessing the current password after 5 tries in 15 minutes', async () => {
    const t = testApp();
    const { tokens, email } = await signedInParticipant(t);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await change(t, tokens.access_token, { password: `Guess#${i}abc`, newPassword: NEW_PASSWORD })).json(),
      ).toEqual(WRONG_CURRENT);
    }
    const blocked = await change(t, tokens.access_token, { password: PATIENT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    const { access_token } = await signIn(t, email);
    const later = await change(t, access_token, { password: PATIENT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(later.json().status).toBe(true);
  });

  it('refuses a second change within resetPasswordAgainLimitInHrs, in the policy’s hours, then allows it', async () => {
    const t = testApp();
    const { tokens, email } = await signedInParticipant(t);
    expect(
      (await change(t, tokens.access_token, { password: PATIENT_PASSWORD, newPassword: NEW_PASSWORD })).json().status,
    ).toBe(true);
    t.clock.advance(23 * HOUR_MS);
    // The session's access token has long expired by now: a fresh sign-in, as the participant would.
    const { access_token } = await signIn(t, email, NEW_PASSWORD);
    const again = await change(t, access_token, { password: NEW_PASSWORD, newPassword: 'Third#2028' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: false, message: 'You can not change password before 24 hours.' });
    // Without the current password nothing is said of when it last changed.
    const guess = await change(t, access_token, { password: 'Guess#2020', newPassword: 'Third#2028' });
    expect(guess.json().message).toBe('Wrong current password.');
    expect(
      (await change(t, access_token, { password: NEW_PASSWORD, newPassword: 'Third#2028' }, 'sp')).json().message,
    ).toBe('No puede cambiar la contraseña antes de 24 horas.');

    await setPolicy(t, { resetPasswordAgainLimitInHrs: 48 });
    expect((await change(t, access_token, { password: NEW_PASSWORD, newPassword: 'Third#2028' })).json().message).toBe(
      'You can not change password before 48 hours.',
    );
    await setPolicy(t, { resetPasswordAgainLimitInHrs: 24 });
    t.clock.advance(HOUR_MS);
    const next = await signIn(t, email, NEW_PASSWORD);
    expect(
      (await change(t, next.access_token, { password: NEW_PASSWORD, newPassword: 'Third#2028' })).json().status,
    ).toBe(true);
  });

  it('asks for both fields and a new password under the policy, different from the current one', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const empty = await change(t, tokens.access_token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      status: false,
      message: 'We could not change your password. Please check the fields below.',
      data: [
        { errorField: 'password', message: 'Please enter your current password.' },
        { errorField: 'newPassword', message: 'Please enter your new password.' },
      ],
    });
    const spanish = await change(t, tokens.access_token, { password: '', newPassword: '' }, 'sp');
    expect(spanish.json().data).toEqual([
      { errorField: 'password', message: 'Ingrese su contraseña actual.' },
      { errorField: 'newPassword', message: 'Ingrese su contraseña nueva.' },
    ]);
    const weak = await change(t, tokens.access_token, { password: PATIENT_PASSWORD, newPassword: 'short' });
    expect(weak.json().data).toEqual([
      { errorField: 'newPassword', message: 'Your password does not meet all the requirements below.' },
    ]);
    const same = await change(t, tokens.access_token, { password: PATIENT_PASSWORD, newPassword: PATIENT_PASSWORD });
    expect(same.json().data).toEqual([
      { errorField: 'newPassword', message: 'Your new password must be different from your current password.' },
    ]);
  });

  it('needs a signed-in caller, and lets an administrator change their own password too', async () => {
    const t = testApp();
    expect((await change(t, '', { password: PATIENT_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    const reply = await change(t, admin.access_token, { password: ADMIN.password, newPassword: 'Admin#Next2' });
    expect(reply.json().status).toBe(true);
    expect((await login(t, ADMIN.email, 'Admin#Next2')).statusCode).toBe(200);
  });
});
