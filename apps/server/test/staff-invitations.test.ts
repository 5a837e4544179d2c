import { and, count, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { auditLog, emailMessages, staffHealthSystems, staffInvitations, staffMembers, users } from '../src/db/schema';
import { describeEachDatabase, TEST_ADMIN_EMAIL, type TestApp } from './helpers';
import { attemptCookie, DEMO, freshStartAt, login, me, UNAUTHORIZED, useAuthApp } from './auth-helpers';
import { enrolApp } from './second-factor-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { activationLinks, get, postRaw, registerParticipant, resend, userByEmail } from './registration-helpers';
import { adminSession, FORBIDDEN, UUID, type AdminCall } from './settings-helpers';
import {
  healthSystemIdsByValue,
  invitationLinks,
  latestInvitationToken,
  signedInStaff,
  STAFF,
  staffInvitation,
  tokenOf,
  listStaff,
} from './staff-helpers';

const START = '2026-06-01T14:00:00.000Z';
const EMAIL = 'rosa.mendez@staff.example.org';
const GOOD_PASSWORD = 'Riñón#2026';
const INVITATION_INVALID = {
  en: 'This invitation link is not valid: it may have expired, been cancelled or been used already.',
  sp: 'Este enlace de invitación no es válido: puede que haya vencido, se haya cancelado o ya se haya usado.',
};
const POLICY = {
  en: 'Your password does not meet all the requirements below.',
  sp: 'Su contraseña no cumple todos los requisitos que se indican abajo.',
};
const invalidLink = (language: 'en' | 'sp' = 'en') => ({ status: false, message: INVITATION_INVALID[language] });
const onField = (errorField: string, message: string, top = message) => ({
  status: false,
  message: top,
  data: [{ errorField, message }],
});

const verify = (t: TestApp, token: string, language?: 'en' | 'sp') =>
  postRaw(t, '/staff-invitation/verify', { token }, { language });
const accept = (t: TestApp, token: string, password: string, language?: 'en' | 'sp') =>
  postRaw(t, '/staff-invitation/accept', { token, password }, { language });

async function invite(admin: AdminCall, overrides: Record<string, unknown> = {}) {
  const reply = await admin('POST', `${STAFF}/invitation`, { payload: staffInvitation(overrides) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { id: string; status: string; invitationExpiresAt: string | null };
}

/** How many rows each table of staff accounts, and the e-mail ledger, holds. */
async function staffRowCounts(t: TestApp) {
  const total = async (table: typeof users | typeof staffMembers | typeof staffHealthSystems) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await total(users),
    staffMembers: await total(staffMembers),
    staffHealthSystems: await total(staffHealthSystems),
    staffInvitations: (await t.db.select({ n: count() }).from(staffInvitations))[0]!.n,
    emails: (await t.db.select({ n: count() }).from(emailMessages))[0]!.n,
  };
}

const staffAudit = async (t: TestApp, subjectId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId))).filter((row) =>
    row.action.startsWith('staff.'),
  );

const adminId = async (t: TestApp) => (await userByEmail(t, TEST_ADMIN_EMAIL))!.id;

// Both databases: an invitation is saved in one transaction, and a link is used once however many calls race for it.
describeEachDatabase('Staff invitations', (target) => {
  const testApp = useAuthApp(target);

  it('invites, e-mails a one-use link in the chosen language, and opens the account with a password under the policy', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const systems = await healthSystemIdsByValue(t);
    const reply = await admin('POST', `${STAFF}/invitation`, {
      payload: staffInvitation({
        email: '  Rosa.Mendez@Staff.Example.org ',
        role: 'coordinator',
        healthSystemIds: [systems.geisinger, systems.geisinger],
        language: 'sp',
      }),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const invited = {
      id: UUID,
      firstName: 'Rosa',
      lastName: 'Méndez',
      email: EMAIL,
      role: 'coordinator',
      healthSystems: [{ id: systems.geisinger, name: 'Geisinger' }],
      status: 'invited',
      language: 'sp',
      lastSignInAt: null,
      invitationExpiresAt: '2026-06-08T14:00:00.000Z',
    };
    expect(reply.json()).toEqual({ status: true, message: 'Invitation sent.', data: invited });
    const id = reply.json().data.id as string;

    const [link, ...others] = await invitationLinks(t, EMAIL);
    expect(others).toEqual([]);
    expect(link).toMatch(/^http:\/\/localhost:8080\/accept-invitation#token=[\w-]{43}$/);
    const [mail] = t.mail.to(EMAIL);
    expect(mail!.subject).toBe('Le invitamos al equipo del Estudio de Investigación Renal');
    expect(mail!.text).toContain('con el rol «Coordinación de sistemas de salud»');
    expect(mail!.text).toContain('Este enlace se puede usar una sola vez y vence en 7 días.');
    const token = tokenOf(link!);
    const [stored] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.userId, id));
    expect(stored!.tokenHash).not.toContain(token);

    // An invited person cannot sign in before accepting, whatever they try.
    expect((await login(t, EMAIL, GOOD_PASSWORD)).statusCode).toBe(401);

    expect((await verify(t, token)).json()).toEqual({
      status: true,
      data: { email: EMAIL, firstName: 'Rosa', language: 'sp' },
    });
    for (const [password, language] of [
      ['short', 'en'],
      ['nodigits#Abc', 'sp'],
      ['', 'en'],
    ] as const) {
      const refused = await accept(t, token, password, language);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json()).toEqual(onField('password', POLICY[language]));
    }
    expect((await userByEmail(t, EMAIL))!.status).toBe('pending');

    t.clock.set('2026-06-02T09:30:00.000Z');
    const accepted = await accept(t, token, GOOD_PASSWORD);
    // The password is set; the new member goes straight on to enrol a second factor, in this browser.
    expect(accepted.json()).toEqual({
      status: true,
      message: 'Your account is ready. You can sign in now.',
      data: { enrolmentRequired: true },
    });
    expect(accepted.cookies.find((c) => c.name === 'login_attempt')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/common-server/login',
    });
    const account = (await userByEmail(t, EMAIL))!;
    expect(account).toMatchObject({ status: 'active', role: 'admin' });
    expect(account.activatedAt).toEqual(new Date('2026-06-02T09:30:00.000Z'));

    // The link was used: it works no more, for either call.
    expect((await accept(t, token, GOOD_PASSWORD)).json()).toEqual(invalidLink());
    const again = await verify(t, token, 'sp');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(invalidLink('sp'));

    const { tokens } = await enrolApp(t, attemptCookie(accepted));
    expect((await me(t, tokens.access_token)).statusCode).toBe(200);
    // A coordinator does not manage staff.
    expect((await call(t, 'POST', `${STAFF}/search`, tokens.access_token, { payload: {} })).json()).toEqual(FORBIDDEN);

    // The administrator's session of yesterday has ended.
    const listed = await listStaff(await adminSession(t), '', 'rosa');
    expect(listed.json().data.content).toEqual([
      { ...invited, id, status: 'active', lastSignInAt: '2026-06-02T09:30:00.000Z', invitationExpiresAt: null },
    ]);

    const audit = await staffAudit(t, id);
    expect(audit.map(({ action, actorId, details, at }) => ({ action, actorId, details, at }))).toEqual([
      {
        action: 'staff.invited',
        actorId: await adminId(t),
        details: { after: { role: 'coordinator', healthSystems: ['geisinger'], status: 'invited' }, language: 'sp' },
        at: new Date(START),
      },
      {
        action: 'staff.invitationAccepted',
        actorId: id,
        details: { before: { status: 'invited' }, after: { status: 'active' } },
        at: new Date('2026-06-02T09:30:00.000Z'),
      },
    ]);
  });

  it('uses a link once when two acceptances race for it', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    await invite(admin);
    const token = await latestInvitationToken(t, EMAIL);
    const replies = await Promise.all([accept(t, token, GOOD_PASSWORD), accept(t, token, 'Other#2026x')]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 404]);
    const used = await t.db.select().from(staffInvitations);
    expect(used.map((row) => row.usedAt !== null)).toEqual([true]);
  });

  it('sends a new link on a resend, after which the earlier link no longer works', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const { id } = await invite(admin);
    const first = await latestInvitationToken(t, EMAIL);

    t.clock.set('2026-06-03T08:00:00.000Z');
    const later = await adminSession(t);
    const resent = await later('POST', `${STAFF}/${id}/invitation/resend`);
    expect(resent.json()).toMatchObject({
      status: true,
      message: 'Invitation sent again.',
      data: { id, status: 'invited', invitationExpiresAt: '2026-06-10T08:00:00.000Z' },
    });
    const links = await invitationLinks(t, EMAIL);
    expect(links).toHaveLength(2);
    const second = tokenOf(links[1]!);
    expect(second).not.toBe(first);
    expect((await verify(t, first)).json()).toEqual(invalidLink());
    expect((await accept(t, first, GOOD_PASSWORD)).json()).toEqual(invalidLink());
    expect((await verify(t, second)).json().data).toEqual({ email: EMAIL, firstName: 'Rosa', language: 'en' });
    expect((await accept(t, second, GOOD_PASSWORD)).statusCode).toBe(200);

    // Only an invited person is sent an invitation.
    const notInvited = await later('POST', `${STAFF}/${id}/invitation/resend`, { language: 'sp' });
    expect(notInvited.statusCode).toBe(409);
    expect(notInvited.json()).toEqual({ status: false, message: 'Esta persona no tiene una invitación abierta.' });
    expect(await invitationLinks(t, EMAIL)).toHaveLength(2);
    expect((await staffAudit(t, id)).map((row) => row.action)).toEqual([
      'staff.invited',
      'staff.invitationResent',
      'staff.invitationAccepted',
    ]);
  });

  it('cancels an invitation: the link stops working, the person is deactivated, and Reactivate invites them again', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const { id } = await invite(admin, { role: 'helpDesk' });
    const token = await latestInvitationToken(t, EMAIL);

    t.clock.set('2026-06-01T14:01:00.000Z');
    const cancelled = await admin('DELETE', `${STAFF}/${id}/invitation`);
    expect(cancelled.json()).toMatchObject({
      status: true,
      message: 'Invitation cancelled.',
      data: { id, status: 'deactivated', invitationExpiresAt: null },
    });
    expect((await verify(t, token)).json()).toEqual(invalidLink());
    expect((await accept(t, token, GOOD_PASSWORD)).json()).toEqual(invalidLink());
    expect((await userByEmail(t, EMAIL))!.status).toBe('deactivated');
    const twice = await admin('DELETE', `${STAFF}/${id}/invitation`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ status: false, message: 'This person has no open invitation.' });
    // The address stays theirs: inviting it again is Reactivate's job.
    expect((await admin('POST', `${STAFF}/invitation`, { payload: staffInvitation() })).statusCode).toBe(409);

    t.clock.set('2026-06-04T10:00:00.000Z');
    const reactivated = await (await adminSession(t))('POST', `${STAFF}/${id}/reactivate`);
    expect(reactivated.json()).toMatchObject({
      status: true,
      message: 'Account reactivated.',
      data: { id, status: 'invited', role: 'helpDesk', invitationExpiresAt: '2026-06-11T10:00:00.000Z' },
    });
    const fresh = await latestInvitationToken(t, EMAIL);
    expect(fresh).not.toBe(token);
    const accepted = await accept(t, fresh, GOOD_PASSWORD);
    expect(accepted.statusCode).toBe(200);
    expect((await enrolApp(t, attemptCookie(accepted))).tokens.access_token).toEqual(expect.any(String));

    const audit = await staffAudit(t, id);
    expect(audit.map(({ action, details }) => ({ action, details }))).toEqual([
      expect.objectContaining({ action: 'staff.invited' }),
      {
        action: 'staff.invitationCancelled',
        details: {
          before: { role: 'helpDesk', healthSystems: [], status: 'invited' },
          after: { role: 'helpDesk', healthSystems: [], status: 'deactivated' },
        },
      },
      {
        action: 'staff.reactivated',
        details: {
          before: { role: 'helpDesk', healthSystems: [], status: 'deactivated' },
          after: { role: 'helpDesk', healthSystems: [], status: 'invited' },
        },
      },
      expect.objectContaining({ action: 'staff.invitationAccepted' }),
    ]);
  });

  it('lets a link expire 7 days after it was sent', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const { id, invitationExpiresAt } = await invite(admin);
    expect(invitationExpiresAt).toBe('2026-06-08T14:00:00.000Z');
    const token = await latestInvitationToken(t, EMAIL);

    t.clock.set('2026-06-08T13:59:59.000Z');
    expect((await verify(t, token)).statusCode).toBe(200);
    t.clock.set('2026-06-08T14:00:00.000Z');
    expect((await verify(t, token)).json()).toEqual(invalidLink());
    expect((await accept(t, token, GOOD_PASSWORD)).json()).toEqual(invalidLink());
    expect((await userByEmail(t, EMAIL))!.status).toBe('pending');

    // The table still says when it expired, so the administrator sends a new one.
    const later = await adminSession(t);
    const row = (await listStaff(later, '', 'rosa')).json().data.content[0];
    expect(row).toMatchObject({ status: 'invited', invitationExpiresAt: '2026-06-08T14:00:00.000Z' });
    await later('POST', `${STAFF}/${id}/invitation/resend`);
    expect((await accept(t, await latestInvitationToken(t, EMAIL), GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('opens an invited account only through its invitation: no activation e-mail, no password reset', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const { id } = await invite(admin);
    await t.app.services.mailer.idle();
    t.mail.delivered.length = 0;
    expect((await resend(t, { email: EMAIL })).statusCode).toBe(200);
    expect((await resend(t, { id })).statusCode).toBe(200);
    expect((await get(t, '/reset-password/init', { email: EMAIL })).statusCode).toBe(200);
    await t.app.services.mailer.idle();
    expect(t.mail.to(EMAIL)).toEqual([]);
    expect(await activationLinks(t, EMAIL)).toEqual([]);
    expect((await userByEmail(t, EMAIL))!.status).toBe('pending');
  });

  it('refuses an unknown or malformed token in the reader’s language', async () => {
    const t = testApp();
    const unknown = await verify(t, 'x'.repeat(43), 'sp');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(invalidLink('sp'));
    expect((await accept(t, 'x'.repeat(43), GOOD_PASSWORD)).json()).toEqual(invalidLink());
    const empty = await verify(t, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(onField('token', INVITATION_INVALID.en, 'Invalid request'));
  });

  it('says what is wrong with an invitation under each field, in English and Spanish, and saves nothing', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const systems = await healthSystemIdsByValue(t);
    const before = await staffRowCounts(t);
    const post = (overrides: Record<string, unknown>, language?: 'en' | 'sp') =>
      admin('POST', `${STAFF}/invitation`, { payload: staffInvitation(overrides), language });
    const refusals: [Record<string, unknown>, number, unknown][] = [
      [{ firstName: '  ' }, 400, onField('firstName', 'Please enter the first name.', 'Invalid request')],
      [{ lastName: undefined }, 400, onField('lastName', 'Please enter the last name.', 'Invalid request')],
      [
        { lastName: 'x'.repeat(101) },
        400,
        onField('lastName', 'A name can be at most 100 characters long.', 'Invalid request'),
      ],
      [{ email: 'rosa@' }, 400, onField('email', 'Please enter a valid e-mail address.', 'Invalid request')],
      [{ role: 'superuser' }, 400, onField('role', 'Please choose a role.', 'Invalid request')],
      [{ language: 'fr' }, 400, onField('language', 'Please choose English or Spanish.', 'Invalid request')],
      [
        { role: 'coordinator', healthSystemIds: [] },
        400,
        onField('healthSystemIds', 'Please choose at least one health system for this role.'),
      ],
      [
        { role: 'coordinator', healthSystemIds: [systems.geisinger, '00000000-0000-4000-8000-000000000001'] },
        400,
        onField('healthSystemIds', 'One of the chosen health systems no longer exists. Please choose again.'),
      ],
      [
        { role: 'coordinator', healthSystemIds: ['geisinger'] },
        400,
        onField(
          'healthSystemIds.0',
          'One of the chosen health systems no longer exists. Please choose again.',
          'Invalid request',
        ),
      ],
      [
        { email: DEMO.email.toUpperCase() },
        409,
        onField('email', 'An account with this e-mail address already exists.'),
      ],
      [{ email: TEST_ADMIN_EMAIL }, 409, onField('email', 'An account with this e-mail address already exists.')],
    ];
    for (const [overrides, status, body] of refusals) {
      const reply = await post(overrides);
      expect(reply.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(reply.json(), JSON.stringify(overrides)).toEqual(body);
    }
    // Every problem at once: the address and the health systems.
    expect((await post({ email: DEMO.email, role: 'coordinator' })).json()).toEqual({
      status: false,
      message: 'An account with this e-mail address already exists.',
      data: [
        { errorField: 'email', message: 'An account with this e-mail address already exists.' },
        { errorField: 'healthSystemIds', message: 'Please choose at least one health system for this role.' },
      ],
    });

    const spanish: [Record<string, unknown>, unknown][] = [
      [{ firstName: '' }, onField('firstName', 'Ingrese el nombre.', 'Solicitud no válida')],
      [{ role: 'superuser' }, onField('role', 'Elija un rol.', 'Solicitud no válida')],
      [{ role: 'coordinator' }, onField('healthSystemIds', 'Elija al menos un sistema de salud para este rol.')],
      [
        { role: 'coordinator', healthSystemIds: ['00000000-0000-4000-8000-000000000001'] },
        onField('healthSystemIds', 'Uno de los sistemas de salud elegidos ya no existe. Vuelva a elegir.'),
      ],
      [{ email: DEMO.email }, onField('email', 'Ya existe una cuenta con este correo electrónico.')],
    ];
    for (const [overrides, body] of spanish) {
      expect((await post(overrides, 'sp')).json(), JSON.stringify(overrides)).toEqual(body);
    }
    expect(await staffRowCounts(t)).toEqual(before);
  });

  it('refuses the address of a participant who has not activated yet, and takes a withdrawn one’s', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const registered = await registerParticipant(t);
    const taken = await admin('POST', `${STAFF}/invitation`, { payload: staffInvitation({ email: registered.email }) });
    expect(taken.statusCode).toBe(409);
    const participant = await signedInParticipant(t);
    await call(t, 'PUT', '/consent/withdraw', participant.tokens.access_token, { payload: { reason: 'Moved' } });
    expect((await invite(admin, { email: participant.email })).status).toBe('invited');
  });

  it('limits only a scoped role to health systems: any other role ignores those sent', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const systems = await healthSystemIdsByValue(t);
    const analyst = await invite(admin, { healthSystemIds: [systems.geisinger] });
    expect(analyst).toMatchObject({ status: 'invited', healthSystems: [] });
    const rows = await t.db.select().from(staffHealthSystems).where(eq(staffHealthSystems.userId, analyst.id));
    expect(rows).toEqual([]);
  });

  it('saves nothing of an invitation whose e-mail cannot be queued', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const systems = await healthSystemIdsByValue(t);
    const before = await staffRowCounts(t);
    const queue = vi.spyOn(t.app.services.mailer, 'queue').mockRejectedValueOnce(new Error('ledger unavailable'));
    try {
      const reply = await admin('POST', `${STAFF}/invitation`, {
        payload: staffInvitation({ role: 'coordinator', healthSystemIds: [systems.geisinger, systems.riverside] }),
      });
      expect(reply.statusCode).toBe(500);
    } finally {
      queue.mockRestore();
    }
    expect(await staffRowCounts(t)).toEqual(before);
    expect(await userByEmail(t, EMAIL)).toBeUndefined();
    // The same invitation goes through once the ledger works.
    const { id } = await invite(admin, { role: 'coordinator', healthSystemIds: [systems.geisinger] });
    expect((await staffRowCounts(t)).staffMembers).toBe(before.staffMembers + 1);
    expect(await staffAudit(t, id)).toHaveLength(1);
  });

  it('saves one of two invitations of one address sent at once', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const before = await staffRowCounts(t);
    const replies = await Promise.all(
      [EMAIL, EMAIL.toUpperCase()].map((email) =>
        admin('POST', `${STAFF}/invitation`, { payload: staffInvitation({ email }) }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const after = await staffRowCounts(t);
    expect(after.staffMembers - before.staffMembers).toBe(1);
    expect(after.staffInvitations - before.staffInvitations).toBe(1);
    expect(after.users - before.users).toBe(1);
  });

  it('lets only a study administrator manage staff; the invitation page needs no session', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    const auditor = await signedInStaff(t, { role: 'auditor' });
    const id = '00000000-0000-4000-8000-000000000001';
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['POST', `${STAFF}/search`, {}],
      ['POST', `${STAFF}/invitation`, staffInvitation()],
      ['POST', `${STAFF}/${id}/invitation/resend`],
      ['DELETE', `${STAFF}/${id}/invitation`],
      ['PUT', `${STAFF}/${id}`, { role: 'analyst', healthSystemIds: [] }],
      ['POST', `${STAFF}/${id}/deactivate`],
      ['POST', `${STAFF}/${id}/reactivate`],
      ['POST', `${STAFF}/${id}/factors/reset`],
    ];
    for (const [method, path, payload] of calls) {
      const anonymous = await call(t, method, path, undefined, { payload });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      expect(anonymous.json()).toEqual(UNAUTHORIZED);
      for (const token of [participant.tokens.access_token, auditor.token]) {
        const refused = await call(t, method, path, token, { payload });
        expect(refused.statusCode, `${method} ${path}`).toBe(403);
        expect(refused.json()).toEqual(FORBIDDEN);
      }
    }
    const routes = t.app.routeAccess.filter((route) => /\/staff(-invitation)?(\/|$)/.test(route.url));
    expect(routes.map(({ method, url, access }) => `${method} ${url} ${access}`).sort()).toEqual([
      'DELETE /common-server/staff/:id/invitation staff.manage',
      'POST /common-server/staff-invitation/accept public',
      'POST /common-server/staff-invitation/verify public',
      'POST /common-server/staff/:id/deactivate staff.manage',
      'POST /common-server/staff/:id/factors/reset staff.manage',
      'POST /common-server/staff/:id/invitation/resend staff.manage',
      'POST /common-server/staff/:id/reactivate staff.manage',
      'POST /common-server/staff/invitation staff.manage',
      'POST /common-server/staff/search staff.manage',
      'PUT /common-server/staff/:id staff.manage',
    ]);
    expect(
      await t.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'pending'))),
    ).toEqual([]);
  });
});
