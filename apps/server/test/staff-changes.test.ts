import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import type { PortalApp } from '../src/app';
import { auditLog, staffMembers, users } from '../src/db/schema';
import { readEnv } from '../src/env';
import { describeEachDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useTestApp, type TestApp } from './helpers';
import { freshStart, freshStartAt, login, me, refresh, signIn, signInAdmin, UNAUTHORIZED } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { userByEmail } from './registration-helpers';
import { twoServerProcesses } from './server-processes';
import { adminSession, FORBIDDEN, type AdminCall } from './settings-helpers';
import {
  addStaffMember,
  healthSystemIdsByValue,
  signedInStaff,
  STAFF,
  STAFF_PASSWORD,
  staffInvitation,
  listStaff,
} from './staff-helpers';

const START = '2026-06-01T14:00:00.000Z';
/** A throw-away call that answers what the access layer read of its caller: their staff role and health systems. */
const ACCESS_ECHO = '/common-server/test/staff-access';
const LAST_ADMINISTRATOR = {
  en: 'The study must keep at least one active study administrator.',
  sp: 'El estudio debe conservar al menos un administrador del estudio activo.',
};
const refusal = (message: string) => ({ status: false, message });

function addAccessEcho(app: FastifyInstance) {
  app.get(ACCESS_ECHO, { config: { access: 'staff' } }, async (request) => ({
    status: true,
    data: { staffRole: request.auth!.staffRole, healthSystems: request.auth!.healthSystems },
  }));
}
const accessOf = async (t: TestApp, token: string) => (await call(t, 'GET', ACCESS_ECHO, token)).json().data;

const staffAudit = async (t: TestApp, subjectId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)))
    .orderBy(auditLog.at);

/** The ids of the active study administrators. */
const activeStudyAdmins = async (t: TestApp) =>
  (
    await t.db
      .select({ id: users.id })
      .from(staffMembers)
      .innerJoin(users, eq(users.id, staffMembers.userId))
      .where(and(eq(staffMembers.role, 'studyAdmin'), eq(users.status, 'active')))
  ).map((row) => row.id);

const adminId = async (t: TestApp) => (await userByEmail(t, TEST_ADMIN_EMAIL))!.id;

// Both databases: the embedded one keeps sessions in memory until the staff tables announce a change, and on
// PostgreSQL two changes of the study administrators really run at once.
describeEachDatabase('Staff changes', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' }, configure: addAccessEcho });
  beforeEach(() => freshStart(testApp()));

  it('applies a new role and health systems at once, from the member’s next call, and audits each change', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const systems = await healthSystemIdsByValue(t);
    const member = await signedInStaff(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    expect(await accessOf(t, member.token)).toEqual({ staffRole: 'coordinator', healthSystems: ['geisinger'] });
    const put = (payload: unknown, language?: 'en' | 'sp') =>
      admin('PUT', `${STAFF}/${member.id}`, { payload, language });

    const wider = await put({ role: 'coordinator', healthSystemIds: [systems.riverside, systems.geisinger] });
    expect(wider.json()).toMatchObject({
      status: true,
      message: 'Role saved.',
      data: {
        id: member.id,
        role: 'coordinator',
        healthSystems: [
          { id: systems.geisinger, name: 'Geisinger' },
          { id: systems.riverside, name: 'Riverside Kidney Care (demo)' },
        ],
        status: 'active',
      },
    });
    expect(await accessOf(t, member.token)).toEqual({
      staffRole: 'coordinator',
      healthSystems: ['geisinger', 'riverside'],
    });
    expect((await call(t, 'POST', `${STAFF}/search`, member.token, { payload: {} })).statusCode).toBe(403);

    const promoted = await put({ role: 'studyAdmin', healthSystemIds: [systems.geisinger] }, 'sp');
    expect(promoted.json()).toMatchObject({
      message: 'Rol guardado.',
      data: { role: 'studyAdmin', healthSystems: [] },
    });
    expect(await accessOf(t, member.token)).toEqual({ staffRole: 'studyAdmin', healthSystems: [] });
    expect((await call(t, 'POST', `${STAFF}/search`, member.token, { payload: {} })).statusCode).toBe(200);

    // The same role and health systems again change nothing, and leave no record.
    expect((await put({ role: 'studyAdmin', healthSystemIds: [] })).statusCode).toBe(200);

    await put({ role: 'auditor' });
    expect((await call(t, 'POST', `${STAFF}/search`, member.token, { payload: {} })).json()).toEqual(FORBIDDEN);
    expect(await accessOf(t, member.token)).toEqual({ staffRole: 'auditor', healthSystems: [] });

    const audit = await staffAudit(t, member.id, 'staff.updated');
    const actorId = await adminId(t);
    expect(audit.map(({ actorId, subjectId, details }) => ({ actorId, subjectId, details }))).toEqual(
      [
        [
          { role: 'coordinator', healthSystems: ['geisinger'], status: 'active' },
          { role: 'coordinator', healthSystems: ['geisinger', 'riverside'], status: 'active' },
        ],
        [
          { role: 'coordinator', healthSystems: ['geisinger', 'riverside'], status: 'active' },
          { role: 'studyAdmin', healthSystems: [], status: 'active' },
        ],
        [
          { role: 'studyAdmin', healthSystems: [], status: 'active' },
          { role: 'auditor', healthSystems: [], status: 'active' },
        ],
      ].map(([before, after]) => ({ actorId, subjectId: member.id, details: { before, after } })),
    );
  });

  it('refuses a health system that does not exist, and a scoped role without one, saving nothing', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const member = await signedInStaff(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const put = (payload: unknown, language?: 'en' | 'sp') =>
      admin('PUT', `${STAFF}/${member.id}`, { payload, language });
    expect((await put({ role: 'coordinator', healthSystemIds: [] }, 'sp')).json()).toEqual({
      status: false,
      message: 'Elija al menos un sistema de salud para este rol.',
      data: [{ errorField: 'healthSystemIds', message: 'Elija al menos un sistema de salud para este rol.' }],
    });
    const unknown = await put({ role: 'coordinator', healthSystemIds: ['00000000-0000-4000-8000-000000000001'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toEqual([
      {
        errorField: 'healthSystemIds',
        message: 'One of the chosen health systems no longer exists. Please choose again.',
      },
    ]);
    expect((await put({ role: 'owner', healthSystemIds: [] })).json().data).toEqual([
      { errorField: 'role', message: 'Please choose a role.' },
    ]);
    expect(await accessOf(t, member.token)).toEqual({ staffRole: 'coordinator', healthSystems: ['geisinger'] });
  });

  it('refuses a change of one’s own role and one’s own deactivation, in English and Spanish', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    await addStaffMember(t, { role: 'studyAdmin', email: 'second.admin@staff.example.org' });
    const self = await adminId(t);
    const demote = (language?: 'en' | 'sp') =>
      admin('PUT', `${STAFF}/${self}`, { payload: { role: 'analyst', healthSystemIds: [] }, language });
    expect((await demote()).statusCode).toBe(403);
    expect((await demote()).json()).toEqual(refusal('You cannot change your own role.'));
    expect((await demote('sp')).json()).toEqual(refusal('No puede cambiar su propio rol.'));
    expect((await admin('PUT', `${STAFF}/${self}`, { payload: { role: 'studyAdmin' } })).statusCode).toBe(200);
    const deactivate = (language?: 'en' | 'sp') => admin('POST', `${STAFF}/${self}/deactivate`, { language });
    expect((await deactivate()).statusCode).toBe(403);
    expect((await deactivate()).json()).toEqual(refusal('You cannot deactivate your own account.'));
    expect((await deactivate('sp')).json()).toEqual(refusal('No puede desactivar su propia cuenta.'));
    expect((await me(t, (await signInAdmin(t)).access_token)).statusCode).toBe(200);
  });

  it('keeps the last active study administrator from being demoted or deactivated', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const self = await adminId(t);
    // A deactivated study administrator does not count.
    const other = await addStaffMember(t, { role: 'studyAdmin', email: 'second.admin@staff.example.org' });
    expect((await admin('POST', `${STAFF}/${other.id}/deactivate`)).statusCode).toBe(200);

    const demoted = await admin('PUT', `${STAFF}/${self}`, { payload: { role: 'auditor', healthSystemIds: [] } });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toEqual(refusal(LAST_ADMINISTRATOR.en));
    const deactivated = await admin('POST', `${STAFF}/${self}/deactivate`, { language: 'sp' });
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json()).toEqual(refusal(LAST_ADMINISTRATOR.sp));
    expect(await activeStudyAdmins(t)).toEqual([self]);
  });

  it('changes nothing for someone who is no longer a study administrator once the change takes its locks', async () => {
    const t = testApp();
    const member = await addStaffMember(t, { role: 'analyst' });
    // A request that was let in while its sender was an administrator, and reaches the change after their demotion.
    const demoted = await addStaffMember(t, { role: 'auditor', email: 'former.admin@staff.example.org' });
    const outcome = await t.app.services.staff.deactivate({ userId: demoted.id, ip: '127.0.0.1' }, member.id);
    expect(outcome).toMatchObject({ ok: false, httpStatus: 403, message: 'error.forbidden' });
    expect((await userByEmail(t, member.email))!.status).toBe('active');
  });

  it('keeps one study administrator when two demote each other at the same moment', async () => {
    const t = testApp();
    const first = { id: await adminId(t), call: await adminSession(t) };
    const second = await signedInStaff(t, { role: 'studyAdmin', email: 'second.admin@staff.example.org' });
    const secondCall: AdminCall = (method, path, options) => call(t, method, path, second.token, options);
    const demote = (by: AdminCall, id: string) =>
      by('PUT', `${STAFF}/${id}`, { payload: { role: 'analyst', healthSystemIds: [] } });
    const replies = await Promise.all([demote(first.call, second.id), demote(secondCall, first.id)]);
    // The later one is refused: as the last study administrator's demotion, or, when the earlier one was done
    // before it was even let in, for want of the role.
    const [done, refused] = [...replies].sort((a, b) => a.statusCode - b.statusCode);
    expect(done!.statusCode).toBe(200);
    expect([
      { statusCode: 403, body: FORBIDDEN },
      { statusCode: 409, body: refusal(LAST_ADMINISTRATOR.en) },
    ]).toContainEqual({ statusCode: refused!.statusCode, body: refused!.json() });
    expect(await activeStudyAdmins(t)).toHaveLength(1);
  });

  it('keeps one study administrator when two deactivate each other at the same moment', async () => {
    const t = testApp();
    const first = { id: await adminId(t), call: await adminSession(t) };
    const second = await signedInStaff(t, { role: 'studyAdmin', email: 'second.admin@staff.example.org' });
    const secondCall: AdminCall = (method, path, options) => call(t, method, path, second.token, options);
    const replies = await Promise.all([
      first.call('POST', `${STAFF}/${second.id}/deactivate`),
      secondCall('POST', `${STAFF}/${first.id}/deactivate`),
    ]);
    // The later one is refused: its sender is no longer an administrator once it holds the locks, or, when the
    // earlier one was done before it was even let in, its session has ended.
    const [done, refused] = [...replies].sort((a, b) => a.statusCode - b.statusCode);
    expect(done!.statusCode).toBe(200);
    expect([
      { statusCode: 401, body: UNAUTHORIZED },
      { statusCode: 403, body: FORBIDDEN },
    ]).toContainEqual({ statusCode: refused!.statusCode, body: refused!.json() });
    expect(await activeStudyAdmins(t)).toHaveLength(1);
  });

  it('keeps one study administrator when two changes already let in run at the same moment', async () => {
    const t = testApp();
    const service = t.app.services.staff;
    const first = await adminId(t);
    const second = (await addStaffMember(t, { role: 'studyAdmin', email: 'second.admin@staff.example.org' })).id;
    const by = (userId: string) => ({ userId, ip: '127.0.0.1' });
    const demotions = await Promise.all([
      service.update(by(first), second, { role: 'analyst', healthSystemIds: [] }),
      service.update(by(second), first, { role: 'analyst', healthSystemIds: [] }),
    ]);
    expect(demotions.filter((outcome) => outcome.ok)).toHaveLength(1);
    // The change that waited finds its sender no longer an administrator.
    expect(demotions.find((outcome) => !outcome.ok)).toMatchObject({ httpStatus: 403, message: 'error.forbidden' });
    expect(await activeStudyAdmins(t)).toHaveLength(1);

    const [remaining] = await activeStudyAdmins(t);
    const other = remaining === first ? second : first;
    expect((await service.update(by(remaining!), other, { role: 'studyAdmin', healthSystemIds: [] })).ok).toBe(true);
    const deactivations = await Promise.all([
      service.deactivate(by(first), second),
      service.deactivate(by(second), first),
    ]);
    expect(deactivations.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(deactivations.find((outcome) => !outcome.ok)).toMatchObject({ httpStatus: 403, message: 'error.forbidden' });
    expect(await activeStudyAdmins(t)).toHaveLength(1);
  });

  it('ends every session of a deactivated member at once and refuses their sign-in; Reactivate lets them back', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const member = await signedInStaff(t, { role: 'analyst' });
    const laptop = await signIn(t, member.email, STAFF_PASSWORD);
    expect((await me(t, member.token)).statusCode).toBe(200);

    const reply = await admin('POST', `${STAFF}/${member.id}/deactivate`);
    expect(reply.json()).toMatchObject({
      status: true,
      message: 'Account deactivated.',
      data: { id: member.id, status: 'deactivated', role: 'analyst', lastSignInAt: START },
    });
    for (const token of [member.token, laptop.access_token]) {
      const next = await me(t, token);
      expect(next.statusCode).toBe(401);
      expect(next.json()).toEqual(UNAUTHORIZED);
    }
    expect((await refresh(t, laptop.refresh_token)).statusCode).toBe(401);
    const refused = await login(t, member.email, STAFF_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      message: 'Your access to the portal has been ended. If you still need it, ask a study administrator.',
      data: { errorCode: 'ACCOUNT_NOT_ACTIVE' },
    });
    const twice = await admin('POST', `${STAFF}/${member.id}/deactivate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refusal('This account is already deactivated.'));
    const [deactivation] = await staffAudit(t, member.id, 'staff.deactivated');
    expect(deactivation).toMatchObject({
      actorId: await adminId(t),
      subjectId: member.id,
      at: new Date(START),
      details: {
        before: { role: 'analyst', healthSystems: [], status: 'active' },
        after: { role: 'analyst', healthSystems: [], status: 'deactivated' },
        sessionsEnded: 2,
      },
    });

    const back = await admin('POST', `${STAFF}/${member.id}/reactivate`, { language: 'sp' });
    expect(back.json()).toMatchObject({ message: 'Cuenta reactivada.', data: { status: 'active' } });
    await t.app.services.mailer.idle();
    expect(t.mail.to(member.email)).toEqual([]);
    expect((await me(t, (await signIn(t, member.email, STAFF_PASSWORD)).access_token)).statusCode).toBe(200);
    const again = await admin('POST', `${STAFF}/${member.id}/reactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal('This account is not deactivated.'));
    const [reactivation] = await staffAudit(t, member.id, 'staff.reactivated');
    expect(reactivation!.details).toEqual({
      before: { role: 'analyst', healthSystems: [], status: 'deactivated' },
      after: { role: 'analyst', healthSystems: [], status: 'active' },
    });
  });

  it('answers 404 for an id that is no staff member’s', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const participant = await signedInParticipant(t);
    for (const id of [participant.userId, '00000000-0000-4000-8000-000000000001']) {
      const reply = await admin('POST', `${STAFF}/${id}/deactivate`);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(refusal('This staff member was not found. Reload the list and try again.'));
    }
    expect((await admin('POST', `${STAFF}/not-an-id/reactivate`)).statusCode).toBe(400);
    expect((await me(t, participant.tokens.access_token)).statusCode).toBe(200);
  });

  it('lists staff members: searched by name or e-mail in any case, paged, and sorted', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const systems = await healthSystemIdsByValue(t);
    const people: [string, string, string, string][] = [
      ['Alicia', 'Navarro', 'alicia.navarro@staff.example.org', 'coordinator'],
      ['Ben', 'Okafor', 'ben.okafor@staff.example.org', 'analyst'],
      ['Carmen', 'Alvarez', 'carmen@help.example.org', 'helpDesk'],
      ['Dmitri', 'Ivanov', 'd.ivanov@staff.example.org', 'auditor'],
      ['Elena', 'Sokolova', 'elena@staff.example.org', 'analyst'],
      ['Farid', 'Haddad', 'farid@staff.example.org', 'helpDesk'],
      ['Grace', 'Lee', 'grace.lee@staff.example.org', 'auditor'],
      ['Hana', 'Sato', 'hana@staff.example.org', 'studyAdmin'],
      ['Ivan', 'Petrov', 'ivan@staff.example.org', 'analyst'],
      ['Julia', 'Roberts', 'julia@staff.example.org', 'helpDesk'],
      ['Kofi', 'Mensah', 'kofi@staff.example.org', 'analyst'],
    ];
    const ids: Record<string, string> = {};
    for (const [firstName, lastName, email, role] of people) {
      const healthSystemIds = role === 'coordinator' ? [systems.geisinger] : [];
      const reply = await admin('POST', `${STAFF}/invitation`, {
        payload: staffInvitation({ firstName, lastName, email, role, healthSystemIds }),
      });
      expect(reply.statusCode, reply.body).toBe(200);
      ids[firstName] = reply.json().data.id;
    }
    expect((await admin('POST', `${STAFF}/${ids.Ben}/deactivate`)).statusCode).toBe(200);
    const names = async (query: string, search?: string) => {
      const reply = await listStaff(admin, query, search);
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json().data;
      return { names: page.content.map((row: { firstName: string }) => row.firstName), total: page.totalElements };
    };

    expect(await names('?size=10')).toEqual({
      names: ['Alicia', 'Ben', 'Carmen', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hana', 'Ivan', 'Julia'],
      total: 12,
    });
    expect(await names('?size=10&page=1')).toEqual({ names: ['Kofi', 'Study'], total: 12 });
    expect(await names('?size=10&page=2')).toEqual({ names: [], total: 12 });
    expect(await names('', 'ALI')).toEqual({ names: ['Alicia'], total: 1 });
    expect(await names('', 'alicia NAVARRO')).toEqual({ names: ['Alicia'], total: 1 });
    expect(await names('', 'HELP.example')).toEqual({ names: ['Carmen'], total: 1 });
    expect(await names('', '%')).toEqual({ names: [], total: 0 });
    expect((await names('?sort=email,desc&size=10')).names.slice(0, 4)).toEqual(['Kofi', 'Julia', 'Ivan', 'Hana']);
    expect((await names('?sort=name,desc&size=25')).names.slice(0, 2)).toEqual(['Study', 'Kofi']);
    // Roles in the order of the role list; the invited first, then the active, then the deactivated.
    const byRole = (await listStaff(admin, '?sort=role,asc&size=25')).json().data.content;
    expect(byRole.map((row: { role: string }) => row.role)).toEqual([
      'studyAdmin',
      'studyAdmin',
      'coordinator',
      'helpDesk',
      'helpDesk',
      'helpDesk',
      'analyst',
      'analyst',
      'analyst',
      'analyst',
      'auditor',
      'auditor',
    ]);
    const byStatus = (await names('?sort=status,desc&size=25')).names;
    expect(byStatus.slice(0, 2)).toEqual(['Ben', 'Study']);
    // Never signed in sorts last either way.
    expect((await names('?sort=lastSignInAt,asc&size=25')).names[0]).toBe('Study');
    expect((await names('?sort=lastSignInAt,desc&size=25')).names[0]).toBe('Study');

    const alicia = (await listStaff(admin, '', 'navarro')).json().data.content[0];
    expect(alicia).toEqual({
      id: ids.Alicia,
      firstName: 'Alicia',
      lastName: 'Navarro',
      email: 'alicia.navarro@staff.example.org',
      role: 'coordinator',
      healthSystems: [{ id: systems.geisinger, name: 'Geisinger' }],
      status: 'invited',
      language: 'en',
      lastSignInAt: null,
      invitationExpiresAt: '2026-06-08T14:00:00.000Z',
    });
    const seeded = (await listStaff(admin, '', 'admin@example.org')).json().data.content[0];
    expect(seeded).toMatchObject({ status: 'active', lastSignInAt: START, invitationExpiresAt: null });

    const wrongSize = await listStaff(admin, '?size=7');
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().data).toEqual([
      { errorField: 'size', message: 'Please choose one of the page sizes offered.' },
    ]);
    expect((await listStaff(admin, '?sort=password,asc')).statusCode).toBe(400);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
it.skipIf(!serverUrl)(
  'two server processes on one PostgreSQL: a deactivation on one ends the member’s session on the other',
  { timeout: 60_000 },
  async () => {
    const processes = await twoServerProcesses(serverUrl!);
    try {
      const { apps, handles, transports, clock } = processes;
      await Promise.all(apps.map((app) => app.ready()));
      const env = readEnv({ ADMIN_EMAIL: TEST_ADMIN_EMAIL, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, LOG_LEVEL: 'silent' });
      const onProcess = (index: number) =>
        ({
          app: apps[index] as PortalApp,
          db: handles[0]!.db,
          env,
          mail: transports[index]!,
          clock,
        }) as unknown as TestApp;
      const [first, second] = [onProcess(0), onProcess(1)];
      const member = await addStaffMember(first, { role: 'auditor' });

      const tokens = await signIn(second, member.email, STAFF_PASSWORD);
      expect((await me(second, tokens.access_token)).statusCode).toBe(200);

      const admin = await adminSession(first);
      expect((await admin('POST', `${STAFF}/${member.id}/deactivate`)).statusCode).toBe(200);

      const next = await me(second, tokens.access_token);
      expect(next.statusCode).toBe(401);
      expect(next.json()).toEqual(UNAUTHORIZED);
      expect((await refresh(second, tokens.refresh_token)).statusCode).toBe(401);
      expect((await login(second, member.email, STAFF_PASSWORD)).statusCode).toBe(403);
    } finally {
      await processes.close();
    }
  },
);
