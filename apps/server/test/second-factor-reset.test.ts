import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { staffFactors, staffRecoveryCodes, users } from '../src/db/schema';
import { describeEachDatabase } from './helpers';
import { attemptCookie, freshStartAt, login, submitCode, tokenStatuses, useAuthApp } from './auth-helpers';
import { enrolApp, STAFF_APP_SECRET } from './second-factor-helpers';
import { adminSession } from './settings-helpers';
import { userIdOf } from './audit-helpers';
import { addStaffMember, STAFF, STAFF_PASSWORD, staffInvitation } from './staff-helpers';
import { addPasskey, auditOf, newRecoveryCodes, staffSignIn, wrongCode } from './staff-security-helpers';

const START = '2026-03-02T09:00:00.000Z';
const ENDED = { access: 401, refresh: 401 };

// Both databases: the reset removes the factors and codes and ends the sessions in one transaction, and an ended
// session must reach the sessions the embedded database's server keeps in memory.
describeEachDatabase(
  'An administrator’s reset of a member’s second factors (POST /staff/:id/factors/reset)',
  (target) => {
    const testApp = useAuthApp(target);

    it('removes the member’s factors and recovery codes, ends their sessions, tells them by e-mail in their language, and they enrol again', async () => {
      const t = testApp();
      await freshStartAt(t, START);
      const member = await addStaffMember(t, { role: 'coordinator', healthSystems: ['geisinger'] });
      await t.db.update(users).set({ language: 'sp' }).where(eq(users.id, member.id));
      const phone = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
      await addPasskey(t, phone.access_token);
      t.clock.set('2026-03-02T09:00:30.000Z');
      const laptop = await staffSignIn(t, member.email, STAFF_PASSWORD, STAFF_APP_SECRET);
      const oldCodes = await newRecoveryCodes(t, laptop.access_token);
      const english = await addStaffMember(t, { role: 'analyst' });
      await t.app.services.mailer.idle();
      t.mail.delivered.length = 0;

      t.clock.set('2026-03-02T09:10:00.000Z');
      const admin = await adminSession(t);
      const reply = await admin('POST', `${STAFF}/${member.id}/factors/reset`);
      expect(reply.json()).toMatchObject({
        status: true,
        message: 'Second factors reset. They will set up a new one at their next sign-in.',
        data: { id: member.id, email: member.email, status: 'active' },
      });
      expect(await t.db.select().from(staffFactors).where(eq(staffFactors.userId, member.id))).toEqual([]);
      const codes = await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, member.id));
      expect(codes.map((code) => code.voidedAt)).toEqual(Array(10).fill(new Date('2026-03-02T09:10:00.000Z')));
      expect(await tokenStatuses(t, laptop)).toEqual(ENDED);
      expect(await tokenStatuses(t, phone)).toEqual(ENDED);
      const adminId = await userIdOf(t, 'admin@example.org');
      expect(await auditOf(t, 'secondFactor.reset', member.id)).toEqual([
        { actorId: adminId, subjectId: member.id, details: { factorsRemoved: 2, sessionsEnded: 2 } },
      ]);

      await t.app.services.mailer.idle();
      const [mail, ...more] = t.mail.to(member.email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Se restableció su segundo paso de inicio de sesión');
      expect(mail!.text).toContain('Hola, Staff:');
      expect(mail!.links).toContain('http://localhost:8080/login-patient');

      // In English for a member who reads English.
      expect((await admin('POST', `${STAFF}/${english.id}/factors/reset`)).statusCode).toBe(200);
      await t.app.services.mailer.idle();
      expect(t.mail.to(english.email).map((m) => m.subject)).toEqual(['Your second sign-in step was reset']);

      // Their next sign-in asks for enrolment; an old recovery code is no way in.
      const first = await login(t, member.email, STAFF_PASSWORD);
      expect(first.json().data).toEqual({
        twoFactorEnabled: true,
        secondFactors: [],
        enrolmentRequired: true,
        autoAuthCookie: 'login_attempt',
      });
      const enrolled = await enrolApp(t, attemptCookie(first));
      t.clock.set('2026-03-02T09:10:30.000Z');
      const next = await login(t, member.email, STAFF_PASSWORD);
      expect((await submitCode(t, { otp: oldCodes[0]!, username: member.email }, attemptCookie(next))).json()).toEqual(
        wrongCode(),
      );
      expect(
        (await submitCode(t, { otp: enrolled.recoveryCodes[0]!, username: member.email }, attemptCookie(next)))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a reset of one’s own factors, of an invited member’s (409) and of someone unknown (404)', async () => {
      const t = testApp();
      await freshStartAt(t, START);
      const admin = await adminSession(t);
      const adminId = await userIdOf(t, 'admin@example.org');

      const own = await admin('POST', `${STAFF}/${adminId}/factors/reset`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ status: false });
      expect(await t.db.select().from(staffFactors).where(eq(staffFactors.userId, adminId))).toHaveLength(1);

      const invited = await admin('POST', `${STAFF}/invitation`, { payload: staffInvitation() });
      const invitedId = invited.json().data.id as string;
      const pending = await admin('POST', `${STAFF}/${invitedId}/factors/reset`);
      expect(pending.statusCode).toBe(409);
      expect(pending.json()).toEqual({ status: false, message: 'This staff member has no second factor to reset.' });
      expect((await admin('POST', `${STAFF}/${invitedId}/factors/reset`, { language: 'sp' })).json()).toEqual({
        status: false,
        message: 'Este miembro del personal no tiene ningún segundo factor que restablecer.',
      });

      const unknown = await admin('POST', `${STAFF}/${randomUUID()}/factors/reset`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        status: false,
        message: 'This staff member was not found. Reload the list and try again.',
      });
      expect(await auditOf(t, 'secondFactor.reset', adminId)).toEqual([]);
      expect(await auditOf(t, 'secondFactor.reset', invitedId)).toEqual([]);
    });
  },
);
