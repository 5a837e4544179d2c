import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, databaseError } from './helpers';
import { auditSince, useAuthApp } from './auth-helpers';
import { adminSession, dataOf, STALE, UUID, VERSION, type AdminCall } from './settings-helpers';

const RULE = {
  en: 'Please enter a valid value (Duplicates not allowed)',
  sp: 'Ingrese un valor válido (no se permiten duplicados)',
};
const GONE = {
  en: 'This reminder no longer exists. Please reload the page.',
  sp: 'Este recordatorio ya no existe. Vuelva a cargar la página.',
};

interface Schedule {
  type: string;
  reminders: { id: string; days: number }[];
  version: string;
}

const url = (type: string, extra: Record<string, string> = {}) =>
  `/settings/reminder?${new URLSearchParams({ type, ...extra }).toString()}`;
const read = (admin: AdminCall, type: string) => dataOf<Schedule>(admin('GET', url(type)));
const save = (admin: AdminCall, type: string, payload: unknown, language?: 'en' | 'sp') =>
  admin('POST', url(type), { payload, language });
const saved = (admin: AdminCall, type: string, days: number[]) =>
  dataOf<Schedule>(save(admin, type, { reminders: days.map((d) => ({ days: d })) }));
const daysOf = (schedule: Schedule) => schedule.reminders.map((r) => r.days);

// Both databases: stale saves and deletes are refused under the database's locks (409).
describeEachDatabase('Reminder schedules (/settings/reminder)', (target) => {
  const testApp = useAuthApp(target);

  it('starts empty for each type, with a version', async () => {
    const admin = await adminSession(testApp());
    for (const type of ['ACCOUNT_ACTIVATION', 'ICF', 'SURVEY']) {
      const reply = await admin('GET', url(type));
      expect(reply.json()).toEqual({ status: true, data: { type, reminders: [], version: VERSION } });
    }
  });

  it('saves days from 1 to 365 in day order, each with an id, for its own type only', async () => {
    const admin = await adminSession(testApp());
    const schedule = await saved(admin, 'ICF', [365, 1, 7]);
    expect(schedule).toEqual({
      type: 'ICF',
      reminders: [
        { id: UUID, days: 1 },
        { id: UUID, days: 7 },
        { id: UUID, days: 365 },
      ],
      version: VERSION,
    });
    expect(await read(admin, 'ICF')).toEqual(schedule);
    expect(daysOf(await read(admin, 'SURVEY'))).toEqual([]);
    expect(daysOf(await read(admin, 'ACCOUNT_ACTIVATION'))).toEqual([]);
  });

  it('refuses 0, 366, 1.5, text, a missing day and a duplicate, naming each row, in English and Spanish', async () => {
    const admin = await adminSession(testApp());
    const payload = {
      reminders: [{ days: 0 }, { days: 366 }, { days: 1.5 }, { days: 'x' }, {}, { days: 3 }, { days: 3 }],
    };
    const rows = [0, 1, 2, 3, 4, 6];
    for (const language of ['en', 'sp'] as const) {
      const reply = await save(admin, 'SURVEY', payload, language);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        message: language === 'en' ? 'Invalid request' : 'Solicitud no válida',
        data: rows.map((i) => ({ errorField: `reminders.${i}.days`, message: RULE[language] })),
      });
    }
    const duplicate = await save(admin, 'SURVEY', { reminders: [{ days: 30 }, { days: 60 }, { days: 30 }] });
    expect(duplicate.json().data).toEqual([{ errorField: 'reminders.2.days', message: RULE.en }]);
    const id = crypto.randomUUID();
    const twice = await save(admin, 'SURVEY', {
      reminders: [
        { id, days: 1 },
        { id, days: 2 },
      ],
    });
    expect(twice.json().data).toEqual([{ errorField: 'reminders.1.id', message: RULE.en }]);
    const notAList = await save(admin, 'SURVEY', { reminders: 14 });
    expect(notAList.json().data).toEqual([{ errorField: 'reminders', message: RULE.en }]);
    expect(daysOf(await read(admin, 'SURVEY'))).toEqual([]);
  });

  it('replaces the whole schedule: rows with an id keep it, new rows get one, rows left out are removed', async () => {
    const admin = await adminSession(testApp());
    const [one, seven, fourteen] = (await saved(admin, 'ACCOUNT_ACTIVATION', [1, 7, 14])).reminders;
    const next = await dataOf<Schedule>(
      save(admin, 'ACCOUNT_ACTIVATION', {
        reminders: [{ id: one!.id, days: 1 }, { id: fourteen!.id, days: 10 }, { days: 30 }],
      }),
    );
    expect(next.reminders).toEqual([
      { id: one!.id, days: 1 },
      { id: fourteen!.id, days: 10 },
      { id: UUID, days: 30 },
    ]);
    expect([one!.id, seven!.id, fourteen!.id]).not.toContain(next.reminders[2]!.id);

    // Two rows may trade days in one save.
    const traded = await dataOf<Schedule>(
      save(admin, 'ACCOUNT_ACTIVATION', {
        reminders: [
          { id: one!.id, days: 10 },
          { id: fourteen!.id, days: 1 },
        ],
      }),
    );
    expect(traded.reminders).toEqual([
      { id: fourteen!.id, days: 1 },
      { id: one!.id, days: 10 },
    ]);
    expect(daysOf(await dataOf<Schedule>(save(admin, 'ACCOUNT_ACTIVATION', { reminders: [] })))).toEqual([]);
  });

  it('dates each day from when it entered the schedule: a changed day counts from its change, a kept one does not', async () => {
    const t = testApp();
    const since = async () => {
      const result = await t.db.execute<{ days: number; since: string }>(
        sql`select days, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as since
            from reminder_days where type = 'ICF' order by days`,
      );
      return (result as unknown as { rows: { days: number; since: string }[] }).rows.map((r) => [r.days, r.since]);
    };
    t.clock.set('2026-04-01T15:00:00.000Z');
    const [three, ten] = (await saved(await adminSession(t), 'ICF', [3, 10])).reminders;
    t.clock.set('2026-04-09T16:30:00.000Z');
    await dataOf<Schedule>(
      save(await adminSession(t), 'ICF', {
        reminders: [{ id: three!.id, days: 3 }, { id: ten!.id, days: 12 }, { days: 20 }],
      }),
    );
    expect(await since()).toEqual([
      [3, '2026-04-01T15:00'],
      [12, '2026-04-09T16:30'],
      [20, '2026-04-09T16:30'],
    ]);
  });

  it('refuses a row whose reminder no longer exists with 404, changing nothing', async () => {
    const admin = await adminSession(testApp());
    const before = await saved(admin, 'ICF', [3, 6]);
    const elsewhere = (await saved(admin, 'SURVEY', [3])).reminders[0]!.id;
    for (const id of [crypto.randomUUID(), elsewhere]) {
      const reply = await save(
        admin,
        'ICF',
        {
          reminders: [
            { id: before.reminders[0]!.id, days: 3 },
            { id, days: 9 },
          ],
        },
        'sp',
      );
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        status: false,
        message: GONE.sp,
        data: [{ errorField: 'reminders.1.id', message: GONE.sp }],
      });
    }
    expect(await read(admin, 'ICF')).toEqual(before);
  });

  it('DELETE removes one reminder and answers the rest; a reminder that no longer exists is 404', async () => {
    const admin = await adminSession(testApp());
    const [, second] = (await saved(admin, 'SURVEY', [5, 10, 20])).reminders;
    const reply = await admin('DELETE', url('SURVEY', { id: second!.id }));
    expect(reply.statusCode).toBe(200);
    expect(daysOf(reply.json().data)).toEqual([5, 20]);
    expect(daysOf(await read(admin, 'SURVEY'))).toEqual([5, 20]);

    for (const language of ['en', 'sp'] as const) {
      const again = await admin('DELETE', url('SURVEY', { id: second!.id }), { language });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ status: false, message: GONE[language] });
    }
    const otherType = await admin('DELETE', url('ICF', { id: (await read(admin, 'SURVEY')).reminders[0]!.id }));
    expect(otherType.statusCode).toBe(404);
    expect(daysOf(await read(admin, 'SURVEY'))).toEqual([5, 20]);
  });

  it('refuses a save or delete from an editor opened before another save with 409, changing nothing', async () => {
    const admin = await adminSession(testApp());
    const opened = await read(admin, 'ICF');
    const first = await dataOf<Schedule>(save(admin, 'ICF', { reminders: [{ days: 2 }], version: opened.version }));
    expect(first.version).not.toBe(opened.version);

    for (const language of ['en', 'sp'] as const) {
      const late = await save(admin, 'ICF', { reminders: [{ days: 4 }], version: opened.version }, language);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual(STALE[language]);
    }
    const lateDelete = await admin('DELETE', url('ICF', { id: first.reminders[0]!.id, version: opened.version }));
    expect(lateDelete.statusCode).toBe(409);
    expect(await read(admin, 'ICF')).toEqual(first);

    const current = await dataOf<Schedule>(save(admin, 'ICF', { reminders: [{ days: 4 }], version: first.version }));
    expect(daysOf(current)).toEqual([4]);
    const removed = await admin('DELETE', url('ICF', { id: current.reminders[0]!.id, version: current.version }));
    expect(removed.json().data.reminders).toEqual([]);
  });

  it('adds one reminder at a time in the form { days, type }, answering the schedule as it now stands', async () => {
    const admin = await adminSession(testApp());
    const first = await dataOf<Schedule>(save(admin, 'ICF', { days: 5, type: 'ICF' }));
    expect(first).toEqual({ type: 'ICF', reminders: [{ id: UUID, days: 5 }], version: VERSION });
    const second = await dataOf<Schedule>(save(admin, 'ICF', { days: 2 }));
    expect(second.reminders).toEqual([
      { id: UUID, days: 2 },
      { id: first.reminders[0]!.id, days: 5 },
    ]);
    expect(await read(admin, 'ICF')).toEqual(second);
    expect(daysOf(await read(admin, 'SURVEY'))).toEqual([]);
  });

  it('moves the reminder named by id to its new day, keeping the id and the other reminders', async () => {
    const admin = await adminSession(testApp());
    const [five, ten] = (await saved(admin, 'SURVEY', [5, 10])).reminders;
    const moved = await dataOf<Schedule>(save(admin, 'SURVEY', { id: ten!.id, days: 30, type: 'SURVEY' }));
    expect(moved.reminders).toEqual([
      { id: five!.id, days: 5 },
      { id: ten!.id, days: 30 },
    ]);
    const gone = await save(admin, 'SURVEY', { id: crypto.randomUUID(), days: 40 }, 'sp');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: false, message: GONE.sp, data: [{ errorField: 'id', message: GONE.sp }] });
    expect(await read(admin, 'SURVEY')).toEqual(moved);
  });

  it('refuses one reminder out of 1 to 365, not whole, missing, a duplicate or of another type, changing nothing', async () => {
    const admin = await adminSession(testApp());
    const before = await saved(admin, 'ACCOUNT_ACTIVATION', [7]);
    for (const language of ['en', 'sp'] as const) {
      for (const days of [0, 366, 2.5, 'x', undefined, 7]) {
        const reply = await save(admin, 'ACCOUNT_ACTIVATION', { days }, language);
        expect(reply.statusCode).toBe(400);
        expect(reply.json().data).toEqual([{ errorField: 'days', message: RULE[language] }]);
      }
    }
    const otherType = await save(admin, 'ACCOUNT_ACTIVATION', { days: 9, type: 'ICF' });
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json().data).toEqual([
      {
        errorField: 'type',
        message: 'Please choose a reminder type: account activation, informed consent (ICF) or survey.',
      },
    ]);
    expect(await read(admin, 'ACCOUNT_ACTIVATION')).toEqual(before);
  });

  it('records one reminder saved in the audit trail with the schedule before and after', async () => {
    const t = testApp();
    t.clock.set('2026-06-02T08:00:00.000Z');
    await dataOf<Schedule>(save(await adminSession(t), 'ICF', { days: 14, type: 'ICF' }));
    const rows = (await auditSince(t, new Date('2026-06-02T08:00:00.000Z'))).filter(
      (row) => row.action === 'setting.changed',
    );
    expect(rows.map((row) => row.details)).toEqual([
      { setting: 'reminder.ICF', before: [], after: [{ id: UUID, days: 14 }] },
    ]);
  });

  it('takes the version an editor opened from If-Match too: a stale one is refused with 409', async () => {
    const admin = await adminSession(testApp());
    const opened = await read(admin, 'SURVEY');
    const first = await dataOf<Schedule>(
      admin('POST', url('SURVEY'), { payload: { days: 3 }, headers: { 'if-match': `"${opened.version}"` } }),
    );
    const late = await admin('POST', url('SURVEY'), {
      payload: { days: 4 },
      headers: { 'if-match': `"${opened.version}"` },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(STALE.en);
    const lateDelete = await admin('DELETE', url('SURVEY', { id: first.reminders[0]!.id }), {
      headers: { 'if-match': opened.version },
    });
    expect(lateDelete.statusCode).toBe(409);
    const any = await admin('POST', url('SURVEY'), { payload: { days: 4 }, headers: { 'if-match': '*' } });
    expect(daysOf(await dataOf<Schedule>(Promise.resolve(any)))).toEqual([3, 4]);
  });

  it('refuses an unknown type and a malformed id, naming the parameter', async () => {
    const admin = await adminSession(testApp());
    const type = await admin('GET', url('EMAIL'), { language: 'sp' });
    expect(type.statusCode).toBe(400);
    expect(type.json().data).toEqual([
      {
        errorField: 'type',
        message: 'Elija un tipo de recordatorio: activación de cuenta, consentimiento informado (ICF) o encuesta.',
      },
    ]);
    const id = await admin('DELETE', url('ICF', { id: '42' }));
    expect(id.statusCode).toBe(400);
    expect(id.json().data).toEqual([{ errorField: 'id', message: GONE.en }]);
  });

  it('is kept by the database to days 1 to 365, one row per type and day, and the three types', async () => {
    const { db } = testApp();
    const insert = (type: string, days: number) =>
      db.execute(sql`insert into reminder_days (type, days) values (${type}, ${days})`);
    await insert('ICF', 1);
    await insert('ICF', 365);
    await insert('SURVEY', 1);
    expect((await databaseError(insert('ICF', 0))).code).toBe('23514');
    expect((await databaseError(insert('ICF', 366))).code).toBe('23514');
    expect((await databaseError(insert('EMAIL', 5))).code).toBe('23514');
    expect((await databaseError(insert('ICF', 1))).code).toBe('23505');
  });
});
