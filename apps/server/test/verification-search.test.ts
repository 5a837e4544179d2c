import { it, expect } from 'vitest';
import { describeOnDatabase } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, dataOf, expectAdminOnly } from './settings-helpers';
import {
  BATCHES,
  NOT_EXISTS,
  onboardHealthSystem,
  RECORDS,
  recordsAt,
  search,
  SEARCH_NEEDED,
} from './verification-helpers';

const START = '2026-05-04T09:00:00.000Z';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeOnDatabase('Verification records search', (target) => {
  const testApp = useAuthApp(target);

  it('is for administrators only, each call', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    await expectAdminOnly(t, participant.tokens.access_token, [
      ['POST', RECORDS, { healthSystem: 'none' }],
      ['GET', `${RECORDS}/health-systems`],
      ['PUT', RECORDS, { userIds: [UNKNOWN_ID], status: true }],
      ['POST', NOT_EXISTS, { userIds: [UNKNOWN_ID] }],
      ['GET', BATCHES],
      ['GET', `${BATCHES}/${UNKNOWN_ID}/result.csv`],
      ['POST', `${BATCHES}/${UNKNOWN_ID}/undo`],
    ]);
  });

  it('filters by health system (none: all), by IDs in any letter case, or both, the newest update first', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await onboardHealthSystem(t, 'lakeside', 'Lakeside Health');
    const geisinger = await recordsAt(t, 'geisinger', ['2026-05-01T10:00:00.000Z', '2026-05-03T10:00:00.000Z']);
    const [lakeside] = await recordsAt(t, 'lakeside', ['2026-05-02T10:00:00.000Z']);
    const [withdrawn] = await recordsAt(t, 'lakeside', ['2026-04-30T10:00:00.000Z'], true);
    const admin = await adminSession(t);

    const lakesidePage = await search(admin, { healthSystem: 'lakeside' });
    expect(lakesidePage).toEqual({
      content: [
        {
          userId: lakeside,
          healthSystem: 'lakeside',
          healthSystemName: 'Lakeside Health',
          isVerified: null,
          updatedAt: '2026-05-02T10:00:00.000Z',
          withdrawn: false,
        },
        {
          userId: withdrawn,
          healthSystem: 'lakeside',
          healthSystemName: 'Lakeside Health',
          isVerified: null,
          updatedAt: '2026-04-30T10:00:00.000Z',
          withdrawn: true,
        },
      ],
      totalElements: 2,
      page: 0,
      size: 10,
    });
    // All health systems: the demo participant's record (made at the fresh start) and the four above.
    const all = await search(admin, { healthSystem: 'none' });
    expect(all.totalElements).toBe(5);
    expect(all.content.map((r) => r.updatedAt)).toEqual([
      START,
      '2026-05-03T10:00:00.000Z',
      '2026-05-02T10:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
    ]);
    expect(all.content[1]).toMatchObject({ userId: geisinger[1], healthSystemName: 'Geisinger' });

    const byIds = await search(admin, { userIds: [geisinger[0]!.toUpperCase(), ` ${lakeside} `, UNKNOWN_ID] });
    expect(byIds.content.map((r) => r.userId)).toEqual([lakeside, geisinger[0]]);
    expect(byIds.totalElements).toBe(2);
    const both = await search(admin, { userIds: [geisinger[0], lakeside], healthSystem: 'geisinger' });
    expect(both.content.map((r) => r.userId)).toEqual([geisinger[0]]);
    expect(both.totalElements).toBe(1);
    expect(await search(admin, { healthSystem: 'nowhere' })).toEqual({
      content: [],
      totalElements: 0,
      page: 0,
      size: 10,
    });
  });

  it('sorts by user ID, health system or update time either way, ties by user ID', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await onboardHealthSystem(t, 'lakeside', 'Lakeside Health');
    const same = '2026-05-01T10:00:00.000Z';
    const geisinger = await recordsAt(t, 'geisinger', [same, same, '2026-05-02T10:00:00.000Z']);
    const lakeside = await recordsAt(t, 'lakeside', [same, '2026-04-01T10:00:00.000Z']);
    const admin = await adminSession(t);
    const ids = [...geisinger, ...lakeside];
    const ofIds = { userIds: ids };
    const sorted = [...ids].sort();
    const userIdsOf = async (query: string, filter: object = ofIds) =>
      (await search(admin, filter, query)).content.map((r) => r.userId);

    expect(await userIdsOf('?sort=userId,asc')).toEqual(sorted);
    expect(await userIdsOf('?sort=userId,desc')).toEqual([...sorted].reverse());
    const bySystem = [...[...geisinger].sort(), ...[...lakeside].sort()];
    expect(await userIdsOf('?sort=healthSystem,asc')).toEqual(bySystem);
    expect(await userIdsOf('?sort=healthSystem,desc')).toEqual([...bySystem].reverse());
    const sameTime = [geisinger[0]!, geisinger[1]!, lakeside[0]!].sort();
    const byTime = [lakeside[1], ...sameTime, geisinger[2]];
    expect(await userIdsOf('?sort=updatedAt,asc')).toEqual(byTime);
    expect(await userIdsOf('')).toEqual([...byTime].reverse());

    const firstPage = await search(admin, { healthSystem: 'none' }, '?size=10&sort=userId,asc');
    expect(firstPage.totalElements).toBe(6);
    expect((await search(admin, { healthSystem: 'none' }, '?page=1&size=10')).content).toEqual([]);
    const refused = await admin('POST', `${RECORDS}?size=7&sort=email,asc`, { payload: ofIds });
    expect(refused.statusCode).toBe(400);
  });

  it('pages a health system and all records without overlap, in both directions', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const instants = Array.from({ length: 12 }, (_, i) => `2026-04-${String(i + 10)}T08:00:00.000Z`);
    const ids = await recordsAt(t, 'riverside', instants);
    const admin = await adminSession(t);
    const pageOf = async (filter: object, query: string) =>
      (await search(admin, filter, query)).content.map((r) => r.userId);
    const newestFirst = [...ids].reverse();
    expect(await pageOf({ healthSystem: 'riverside' }, '?page=0&size=10')).toEqual(newestFirst.slice(0, 10));
    expect(await pageOf({ healthSystem: 'riverside' }, '?page=1&size=10')).toEqual(newestFirst.slice(10));
    expect(await pageOf({ healthSystem: 'riverside' }, '?page=1&size=10&sort=updatedAt,asc')).toEqual(ids.slice(10));
    const byId = [...ids].sort();
    expect(await pageOf({ healthSystem: 'riverside' }, '?page=1&size=10&sort=userId,asc')).toEqual(byId.slice(10));
    // All records: the demo participant's (made at the start, the newest) first, then the twelve.
    expect(await pageOf({ healthSystem: 'none' }, '?page=1&size=10')).toEqual(newestFirst.slice(9, 12));
    expect((await search(admin, { healthSystem: 'none' }, '?page=1&size=10')).totalElements).toBe(13);
  });

  it('counts a health system from the trigger-kept count, all records from their sum, IDs by their matches', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const admin = await adminSession(t);
    const count = async (filter: object) => (await search(admin, filter)).totalElements;
    expect(await count({ healthSystem: 'geisinger' })).toBe(1);
    const added = await recordsAt(t, 'geisinger', ['2026-05-01T10:00:00.000Z', '2026-05-02T10:00:00.000Z']);
    await recordsAt(t, 'riverside', ['2026-05-01T10:00:00.000Z']);
    expect(await count({ healthSystem: 'geisinger' })).toBe(3);
    expect(await count({ healthSystem: 'riverside' })).toBe(1);
    expect(await count({ healthSystem: 'none' })).toBe(4);
    expect(await count({ healthSystem: 'none', userIds: [added[0], UNKNOWN_ID] })).toBe(1);
    expect(await count({ healthSystem: 'riverside', userIds: added })).toBe(0);
  });

  it('refuses a search with neither an ID nor a health system, and an ID that is not a UUID, in both languages', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    for (const filter of [{}, { userIds: [] }, { healthSystem: '  ' }, { userIds: [], healthSystem: '' }]) {
      const reply = await admin('POST', RECORDS, { payload: filter });
      expect(reply.statusCode, JSON.stringify(filter)).toBe(400);
      expect(reply.json()).toEqual({ status: false, message: SEARCH_NEEDED });
    }
    const spanish = await admin('POST', RECORDS, { payload: {}, language: 'sp' });
    expect(spanish.json().message).toBe('Ingrese un ID de usuario válido o seleccione un sistema de salud');
    const invalid = await admin('POST', RECORDS, { payload: { userIds: ['12345'] } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      status: false,
      message: 'Invalid request',
      data: [{ errorField: 'userIds.0', message: 'Some User IDs are invalid' }],
    });
  });

  it('lists every onboarded health system, active or not, by name', async () => {
    const t = testApp();
    await onboardHealthSystem(t, 'lakeside', 'Lakeside Health', false);
    await onboardHealthSystem(t, 'bayview', 'Bayview Clinics');
    const admin = await adminSession(t);
    expect(await dataOf(admin('GET', `${RECORDS}/health-systems`))).toEqual([
      { value: 'bayview', name: 'Bayview Clinics' },
      { value: 'geisinger', name: 'Geisinger' },
      { value: 'lakeside', name: 'Lakeside Health' },
      { value: 'riverside', name: 'Riverside Kidney Care (demo)' },
    ]);
  });

  it('shows the record a registration made, pending, for the chosen health system only', async () => {
    const t = testApp();
    const chose = await signedInParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });
    const admin = await adminSession(t);
    const page = await search(admin, { userIds: [chose.userId] });
    expect(page.content).toEqual([expect.objectContaining({ userId: chose.userId, isVerified: null })]);
    const none = await signedInParticipant(t);
    expect((await search(admin, { userIds: [none.userId] })).totalElements).toBe(0);
  });
});
