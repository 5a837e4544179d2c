import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { appSettings, auditLog, users } from '../src/db/schema';
import { describeEachDatabase, TEST_ADMIN_EMAIL, type TestApp } from './helpers';
import { auditSince, useAuthApp } from './auth-helpers';
import { adminSession, dataOf, SEEDED_POLICY, STALE, UUID, VERSION } from './settings-helpers';

const POLICY = '/setting/security-policy-config';
const changesOf = (t: TestApp, query: string) =>
  adminSession(t).then((admin) => admin('GET', `/settings/changes?${query}`));
/** Signs in afresh at the clock's moment and makes one call as the administrator. */
const asAdmin = async (t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  (await adminSession(t))(method, path, { payload });

interface Change {
  id: string;
  setting: string;
  changedAt: string;
  changedBy: string;
  before: unknown;
  after: unknown;
}
interface ChangePage {
  content: Change[];
  totalElements: number;
  page: number;
  size: number;
}

// Both databases: saves at once and stale saves are refused under the database's locks (409).
describeEachDatabase('Setting change history (/settings/changes)', (target) => {
  const testApp = useAuthApp(target);

  it('records who changed the security policy, when, and the whole value before and after, newest first', async () => {
    const t = testApp();
    t.clock.set('2026-05-01T10:00:00.000Z');
    const since = t.clock.now();
    expect((await asAdmin(t, 'PUT', POLICY, { ...SEEDED_POLICY, otpLength: 7 })).statusCode).toBe(200);
    t.clock.set('2026-05-02T11:30:00.000Z');
    const both = { ...SEEDED_POLICY, otpLength: 7, minLength: 10 };
    expect((await asAdmin(t, 'PUT', POLICY, both)).statusCode).toBe(200);
    // Neither a refused save nor one that changes nothing is a change.
    expect((await asAdmin(t, 'PUT', POLICY, { ...both, otpLength: 3 })).statusCode).toBe(400);
    expect((await asAdmin(t, 'PUT', POLICY, { ...both, version: '0000000000000000' })).statusCode).toBe(409);
    expect((await asAdmin(t, 'PUT', POLICY, both)).statusCode).toBe(200);

    const page = await dataOf<ChangePage>(changesOf(t, 'setting=security-policy'));
    expect(page).toEqual({
      content: [
        {
          id: UUID,
          setting: 'security-policy',
          changedAt: '2026-05-02T11:30:00.000Z',
          changedBy: TEST_ADMIN_EMAIL,
          before: { ...SEEDED_POLICY, otpLength: 7 },
          after: both,
        },
        {
          id: UUID,
          setting: 'security-policy',
          changedAt: '2026-05-01T10:00:00.000Z',
          changedBy: TEST_ADMIN_EMAIL,
          before: SEEDED_POLICY,
          after: { ...SEEDED_POLICY, otpLength: 7 },
        },
      ],
      totalElements: 2,
      page: 0,
      size: 5,
    });
    const rows = (await auditSince(t, since)).filter((r) => r.action === 'setting.changed');
    expect(rows).toHaveLength(2);
    const [admin] = await t.db.query.users.findMany({ where: (u, { eq }) => eq(u.email, TEST_ADMIN_EMAIL) });
    for (const row of rows) expect(row).toMatchObject({ actorId: admin!.id, ip: '127.0.0.1' });
  });

  it('records each reminder save and delete under its own type', async () => {
    const t = testApp();
    t.clock.set('2026-05-03T09:00:00.000Z');
    const first = await dataOf<{ reminders: { id: string; days: number }[] }>(
      asAdmin(t, 'POST', '/settings/reminder?type=ICF', { reminders: [{ days: 3 }, { days: 10 }] }),
    );
    t.clock.set('2026-05-03T09:05:00.000Z');
    const [three, ten] = first.reminders;
    expect((await asAdmin(t, 'DELETE', `/settings/reminder?type=ICF&id=${three!.id}`)).statusCode).toBe(200);

    const page = await dataOf<ChangePage>(changesOf(t, 'setting=reminder.ICF'));
    expect(page.content.map((c) => [c.changedAt, c.changedBy, c.before, c.after])).toEqual([
      ['2026-05-03T09:05:00.000Z', TEST_ADMIN_EMAIL, first.reminders, [ten]],
      ['2026-05-03T09:00:00.000Z', TEST_ADMIN_EMAIL, [], first.reminders],
    ]);
    expect((await dataOf<ChangePage>(changesOf(t, 'setting=reminder.SURVEY'))).totalElements).toBe(0);
  });

  it('records survey period changes and refuses one from a stale editor with 409', async () => {
    const t = testApp();
    t.clock.set('2026-05-04T08:00:00.000Z');
    const opened = await dataOf<{ version: string }>(asAdmin(t, 'GET', '/survey/config/period'));
    const saved = await asAdmin(t, 'PUT', '/survey/config/period', { period: 60, version: opened.version });
    expect(saved.json()).toEqual({
      status: true,
      data: { value: 60, description: 'Days a survey round stays open after it starts', version: VERSION },
    });
    const late = await asAdmin(t, 'PUT', '/survey/config/period', { period: 30, version: opened.version });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(STALE.en);
    expect((await dataOf<{ value: number }>(asAdmin(t, 'GET', '/survey/config/period'))).value).toBe(60);

    const description = 'Days a survey round stays open after it starts';
    const page = await dataOf<ChangePage>(changesOf(t, 'setting=survey-period'));
    expect(page.content.map((c) => [c.changedAt, c.before, c.after])).toEqual([
      ['2026-05-04T08:00:00.000Z', { value: 90, description }, { value: 60, description }],
    ]);
  });

  it('lists survey period changes saved before the shared change record, as their days before and after', async () => {
    const t = testApp();
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
    await t.db.insert(auditLog).values({
      at: new Date('2026-06-20T09:15:00.000Z'),
      action: 'survey-period.updated',
      actorId: admin!.id,
      details: { from: 120, to: 90 },
      ip: '127.0.0.1',
    });
    t.clock.set('2026-07-04T08:00:00.000Z');
    expect((await asAdmin(t, 'PUT', '/survey/config/period', { period: 60 })).statusCode).toBe(200);

    const description = 'Days a survey round stays open after it starts';
    const page = await dataOf<ChangePage>(changesOf(t, 'setting=survey-period'));
    // The audit trail outlives each test's reset of the database: only this test's changes are from June on.
    const recent = page.content.filter((c) => c.changedAt >= '2026-06-01');
    expect(recent.map((c) => [c.changedAt, c.changedBy, c.before, c.after])).toEqual([
      ['2026-07-04T08:00:00.000Z', TEST_ADMIN_EMAIL, { value: 90, description }, { value: 60, description }],
      ['2026-06-20T09:15:00.000Z', TEST_ADMIN_EMAIL, { value: 120 }, { value: 90 }],
    ]);
    const downtime = await dataOf<ChangePage>(changesOf(t, 'setting=downtime'));
    expect(downtime.content.filter((c) => c.changedAt >= '2026-06-01')).toEqual([]);
  });

  it('records downtime changes and refuses one from a stale editor with 409', async () => {
    const t = testApp();
    t.clock.set('2026-05-05T08:00:00.000Z');
    const body = {
      enableDowntime: true,
      message: { en: 'Maintenance on May 9.', sp: 'Mantenimiento el 9 de mayo.' },
      effectiveStartDate: '2026-05-09T06:00:00.000Z',
      effectiveEndDate: '2026-05-09T10:00:00.000Z',
      reminderDaysInAdvance: 2,
    };
    const opened = await dataOf<{ version: string }>(asAdmin(t, 'GET', '/downtime'));
    const saved = await asAdmin(t, 'POST', '/downtime', { ...body, version: opened.version });
    expect(saved.json()).toEqual({
      status: true,
      data: { ...body, inDowntime: false, show: false, version: VERSION },
    });
    expect(saved.json().data.version).not.toBe(opened.version);
    for (const language of ['en', 'sp'] as const) {
      const late = await (
        await adminSession(t)
      )('POST', '/downtime', { payload: { ...body, enableDowntime: false, version: opened.version }, language });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual(STALE[language]);
    }
    expect((await dataOf<{ enableDowntime: boolean }>(asAdmin(t, 'GET', '/downtime'))).enableDowntime).toBe(true);
    // A script that sends no version still saves, as before versions existed.
    t.clock.set('2026-05-05T08:10:00.000Z');
    expect((await asAdmin(t, 'POST', '/downtime', { ...body, reminderDaysInAdvance: 1 })).statusCode).toBe(200);

    const page = await dataOf<ChangePage>(changesOf(t, 'setting=downtime'));
    const nothing = {
      enableDowntime: false,
      message: { en: '', sp: '' },
      effectiveStartDate: null,
      effectiveEndDate: null,
      reminderDaysInAdvance: 0,
    };
    expect(page.content.map((c) => [c.before, c.after])).toEqual([
      [body, { ...body, reminderDaysInAdvance: 1 }],
      [nothing, body],
    ]);
  });

  it('keeps both of two survey period saves made at once, each in the list of changes and the history', async () => {
    const t = testApp();
    t.clock.set('2026-05-06T08:00:00.000Z');
    const admin = await adminSession(t);
    const replies = await Promise.all(
      [30, 45].map((period) => admin('PUT', '/survey/config/period', { payload: { period } })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'surveyPeriodChanges'));
    const changes = stored!.value as { from: number; to: number }[];
    expect(changes).toHaveLength(2);
    expect(changes[0]!.from).toBe(90);
    expect(changes[1]!.from).toBe(changes[0]!.to);
    expect([changes[0]!.to, changes[1]!.to].sort()).toEqual([30, 45]);
    // The history of this database holds earlier scenarios' changes too.
    const history = await dataOf<ChangePage>(changesOf(t, 'setting=survey-period'));
    const now = history.content.filter((c) => c.changedAt === '2026-05-06T08:00:00.000Z');
    expect(now.map((c) => c.after)).toEqual(expect.arrayContaining([expect.objectContaining({ value: 30 })]));
    expect(now.map((c) => c.after)).toEqual(expect.arrayContaining([expect.objectContaining({ value: 45 })]));
    expect(now).toHaveLength(2);
  });

  it('saves one of two saves made at once from editors opened on the same version, and refuses the other', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const reminders = await dataOf<{ version: string }>(admin('GET', '/settings/reminder?type=SURVEY'));
    const policy = await dataOf<{ version: string }>(admin('GET', POLICY));
    const statuses = async (calls: Promise<{ statusCode: number }>[]) =>
      (await Promise.all(calls)).map((r) => r.statusCode).sort();
    expect(
      await statuses(
        [7, 14].map((days) =>
          admin('POST', '/settings/reminder?type=SURVEY', {
            payload: { reminders: [{ days }], version: reminders.version },
          }),
        ),
      ),
    ).toEqual([200, 409]);
    expect(
      await statuses(
        [5, 7].map((otpLength) =>
          admin('PUT', POLICY, { payload: { ...SEEDED_POLICY, otpLength, version: policy.version } }),
        ),
      ),
    ).toEqual([200, 409]);
  });

  it('pages and sorts the history: sizes 5, 10 and 25, by changedAt either way', async () => {
    const t = testApp();
    const moments = [1, 2, 3, 4, 5, 6, 7].map((day) => `2026-06-0${day}T12:00:00.000Z`);
    for (const [index, moment] of moments.entries()) {
      t.clock.set(moment);
      const reply = await asAdmin(t, 'POST', '/settings/reminder?type=ACCOUNT_ACTIVATION', {
        reminders: [{ days: index + 1 }],
      });
      expect(reply.statusCode).toBe(200);
    }
    const at = async (query: string) => {
      const page = await dataOf<ChangePage>(changesOf(t, `setting=reminder.ACCOUNT_ACTIVATION&${query}`));
      return { at: page.content.map((c) => c.changedAt.slice(0, 10)), total: page.totalElements, size: page.size };
    };
    expect(await at('')).toEqual({
      at: ['2026-06-07', '2026-06-06', '2026-06-05', '2026-06-04', '2026-06-03'],
      total: 7,
      size: 5,
    });
    expect(await at('page=1&size=5')).toEqual({ at: ['2026-06-02', '2026-06-01'], total: 7, size: 5 });
    expect(await at('page=2&size=5')).toEqual({ at: [], total: 7, size: 5 });
    expect((await at('size=10&sort=changedAt,asc')).at).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    expect((await at('size=25&sort=changedAt,desc')).at).toHaveLength(7);
    expect((await at('page=1&size=5&sort=changedAt,asc')).at).toEqual(['2026-06-06', '2026-06-07']);
  });

  it('refuses a bad page, size, sort or setting under the parameter’s name, in the reader’s language', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const refusals: [string, string, string][] = [
      ['setting=downtime&page=-1', 'page', 'The page must be a whole number from 0.'],
      ['setting=downtime&page=1.5', 'page', 'The page must be a whole number from 0.'],
      ['setting=downtime&page=first', 'page', 'The page must be a whole number from 0.'],
      ['setting=downtime&size=7', 'size', 'Please choose one of the page sizes offered.'],
      ['setting=downtime&size=100', 'size', 'Please choose one of the page sizes offered.'],
      ['setting=downtime&sort=changedBy,desc', 'sort', 'This list cannot be sorted that way.'],
      ['setting=downtime&sort=changedAt,up', 'sort', 'This list cannot be sorted that way.'],
      ['setting=downtime&sort=changedAt,desc,again', 'sort', 'This list cannot be sorted that way.'],
      [
        'setting=contact',
        'setting',
        'Please choose a setting: account activation reminders, ICF reminders, survey reminders, survey period, ' +
          'downtime or security policy.',
      ],
      [
        '',
        'setting',
        'Please choose a setting: account activation reminders, ICF reminders, survey reminders, survey period, ' +
          'downtime or security policy.',
      ],
    ];
    for (const [query, errorField, message] of refusals) {
      const reply = await admin('GET', `/settings/changes?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json(), query).toEqual({
        status: false,
        message: 'Invalid request',
        data: [{ errorField, message }],
      });
    }
    const spanish = await admin('GET', '/settings/changes?setting=downtime&size=7&page=-2', { language: 'sp' });
    expect(spanish.json()).toEqual({
      status: false,
      message: 'Solicitud no válida',
      data: [
        { errorField: 'page', message: 'La página debe ser un número entero de 0 en adelante.' },
        { errorField: 'size', message: 'Elija uno de los tamaños de página disponibles.' },
      ],
    });
  });
});
