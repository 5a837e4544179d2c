import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { surveyRounds, users } from '../src/db/schema';
import { describeEachDatabase, type TestApp } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { timelineOf } from './audit-helpers';
import { call } from './participant-helpers';
import { adminSession, dataOf, type AdminCall } from './settings-helpers';
import { signedInStaff } from './staff-helpers';
import { DAY_MS } from './survey-helpers';
import {
  BATCHES,
  manyRecords,
  NOT_EXISTS,
  onboardHealthSystem,
  RECORDS,
  recordsAt,
  statusesOf,
} from './verification-helpers';
import { recordRequest, REQUESTS, requestsOf, withdrawnParticipant } from './withdrawal-helpers';

const START = '2026-05-04T09:00:00.000Z';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_EMAIL = 'nobody@example.org';

type Page = { content: Record<string, unknown>[]; totalElements: number };

/** A coordinator of the health systems (database values), signed in: their calls, as `adminSession` gives. */
async function coordinator(t: TestApp, email: string, healthSystems: string[]): Promise<AdminCall> {
  const { token } = await signedInStaff(t, { role: 'coordinator', email, healthSystems });
  return (method, path, options = {}) => call(t, method, path, token, options);
}

const search = (as: AdminCall, payload: object, query = '') =>
  dataOf<Page>(as('POST', `${RECORDS}${query}`, { payload }));
const emailsOf = async (t: TestApp, ids: string[]) => {
  const rows = await t.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!.email);
};

/**
 * The study the scenarios share: Geisinger (the demo participant's record and 3 more), Riverside (9 records, and
 * one of a participant who withdrew) and Lakeside (1 record); a coordinator of Geisinger, one of Riverside, one
 * of both, and the study administrator.
 */
async function scopedStudy(t: TestApp) {
  await freshStartAt(t, START);
  await onboardHealthSystem(t, 'lakeside', 'Lakeside Health');
  const geisinger = await recordsAt(t, 'geisinger', [
    '2026-05-01T10:00:00.000Z',
    '2026-05-02T10:00:00.000Z',
    '2026-05-03T10:00:00.000Z',
  ]);
  const riverside = await manyRecords(t, 'riverside', 9, '2026-05-02T12:00:00.000Z');
  const [riversideWithdrawn] = await recordsAt(t, 'riverside', ['2026-04-30T10:00:00.000Z'], true);
  const [lakeside] = await recordsAt(t, 'lakeside', ['2026-05-01T12:00:00.000Z']);
  return {
    geisinger,
    riverside,
    riversideWithdrawn: riversideWithdrawn!,
    lakeside: lakeside!,
    ofGeisinger: await coordinator(t, 'geisinger.coordinator@staff.example.org', ['geisinger']),
    ofRiverside: await coordinator(t, 'riverside.coordinator@staff.example.org', ['riverside']),
    ofBoth: await coordinator(t, 'both.coordinator@staff.example.org', ['geisinger', 'riverside']),
    admin: await adminSession(t),
  };
}

// Both databases: a scoped caller's queries are SQL of their own (index ranges merged, array containment).
describeEachDatabase('A coordinator’s scope', (target) => {
  const testApp = useAuthApp(target);

  it('limits the verification search and the health systems to the coordinator’s own; the administrator sees all', async () => {
    const t = testApp();
    const study = await scopedStudy(t);
    const { ofGeisinger, ofBoth, admin } = study;

    const own = await search(ofGeisinger, { healthSystem: 'none' });
    expect(own.totalElements).toBe(4);
    expect(own.content.map((r) => r.healthSystem)).toEqual(['geisinger', 'geisinger', 'geisinger', 'geisinger']);
    expect(await search(ofGeisinger, { healthSystem: 'riverside' })).toMatchObject({ content: [], totalElements: 0 });
    const byIds = await search(ofGeisinger, { userIds: [study.riverside[0], study.geisinger[0], study.lakeside] });
    expect(byIds.totalElements).toBe(1);
    expect(byIds.content.map((r) => r.userId)).toEqual([study.geisinger[0]]);

    // Two systems: 4 + 10 records, paged across both in the order the administrator's search gives them.
    for (const sort of ['updatedAt,desc', 'userId,asc', 'healthSystem,desc']) {
      const [first, second] = [
        await search(ofBoth, { healthSystem: 'none' }, `?page=0&size=10&sort=${sort}`),
        await search(ofBoth, { healthSystem: 'none' }, `?page=1&size=10&sort=${sort}`),
      ];
      expect([first.totalElements, first.content.length, second.content.length]).toEqual([14, 10, 4]);
      const all = await search(admin, { healthSystem: 'none' }, `?page=0&size=25&sort=${sort}`);
      expect(all.totalElements).toBe(15);
      const expected = all.content.filter((r) => r.healthSystem !== 'lakeside').map((r) => r.userId);
      expect(
        [...first.content, ...second.content].map((r) => r.userId),
        sort,
      ).toEqual(expected);
    }
    expect((await search(ofBoth, { healthSystem: 'riverside' })).totalElements).toBe(10);
    expect((await search(ofBoth, { healthSystem: 'lakeside' })).totalElements).toBe(0);

    expect(await dataOf(ofGeisinger('GET', `${RECORDS}/health-systems`))).toEqual([
      { value: 'geisinger', name: 'Geisinger' },
    ]);
    expect(await dataOf(ofBoth('GET', `${RECORDS}/health-systems`))).toEqual([
      { value: 'geisinger', name: 'Geisinger' },
      { value: 'riverside', name: 'Riverside Kidney Care (demo)' },
    ]);
    expect(await dataOf(admin('GET', `${RECORDS}/health-systems`))).toEqual([
      { value: 'geisinger', name: 'Geisinger' },
      { value: 'lakeside', name: 'Lakeside Health' },
      { value: 'riverside', name: 'Riverside Kidney Care (demo)' },
    ]);

    const ofNone = await coordinator(t, 'unassigned.coordinator@staff.example.org', []);
    expect((await search(ofNone, { healthSystem: 'none' })).totalElements).toBe(0);
    expect(await dataOf(ofNone('GET', `${RECORDS}/health-systems`))).toEqual([]);
  });

  it('answers an update or check of another system’s participant exactly as one of an unknown ID', async () => {
    const t = testApp();
    const study = await scopedStudy(t);
    const { ofGeisinger } = study;
    const outside = study.riverside[0]!;

    const unknown = await ofGeisinger('PUT', RECORDS, {
      payload: { userIds: [UNKNOWN_ID], status: true, source: 'single' },
    });
    const other = await ofGeisinger('PUT', RECORDS, {
      payload: { userIds: [outside], status: true, source: 'single' },
    });
    expect(unknown.statusCode).toBe(409);
    expect([other.statusCode, other.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(await statusesOf(t, [outside])).toEqual({ [outside]: null });

    // A withdrawn participant of another system is not found either, never "withdrawn".
    const issues = await dataOf<Page>(
      ofGeisinger('POST', `${NOT_EXISTS}?size=15`, {
        payload: { userIds: [outside, study.riversideWithdrawn, UNKNOWN_ID, study.geisinger[0]] },
      }),
    );
    expect(issues.content).toEqual(
      [
        { userId: outside, reason: 'notFound' },
        { userId: study.riversideWithdrawn, reason: 'notFound' },
        { userId: UNKNOWN_ID, reason: 'notFound' },
      ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    );

    const bulk = await dataOf(
      ofGeisinger('PUT', RECORDS, {
        payload: { userIds: [study.geisinger[0], outside], status: true, skipIdIssues: true, source: 'bulk' },
      }),
    );
    expect(bulk).toMatchObject({ applied: 1, skipped: 1 });
    expect(await statusesOf(t, [study.geisinger[0]!, outside])).toEqual({
      [study.geisinger[0]!]: true,
      [outside]: null,
    });
  });

  it('shows, downloads and undoes only the batches whose participants are all of the coordinator’s systems', async () => {
    const t = testApp();
    const study = await scopedStudy(t);
    const { admin, ofGeisinger, ofRiverside, ofBoth } = study;
    const [g1, g2, g3] = study.geisinger as [string, string, string];
    const [r1, r2, r3] = study.riverside as [string, string, string];
    const bulk = async (as: AdminCall, userIds: string[]) => {
      const data = await dataOf<{ batchId: string }>(
        as('PUT', RECORDS, { payload: { userIds, status: true, skipIdIssues: true, source: 'bulk' } }),
      );
      t.clock.advance(1000);
      return data.batchId;
    };
    const mixed = await bulk(admin, [g1, r1]);
    const geisingerOnly = await bulk(admin, [g2]);
    // Left out because the participant withdrew: the batch names a Riverside participant.
    const namesWithdrawn = await bulk(admin, [g3, study.riversideWithdrawn]);
    const coordinators = await bulk(ofGeisinger, [g3, r2]);
    const riversideOnly = await bulk(admin, [r3]);
    const listed = async (as: AdminCall) =>
      (await dataOf<Page>(as('GET', `${BATCHES}?size=25`))).content.map((batch) => batch.id);

    expect(await listed(ofGeisinger)).toEqual([coordinators, geisingerOnly]);
    expect(await listed(ofRiverside)).toEqual([riversideOnly]);
    expect(await listed(ofBoth)).toEqual([riversideOnly, coordinators, namesWithdrawn, geisingerOnly, mixed]);
    expect(await listed(admin)).toEqual([riversideOnly, coordinators, namesWithdrawn, geisingerOnly, mixed]);
    expect((await dataOf<Page>(ofGeisinger('GET', BATCHES))).totalElements).toBe(2);

    // The coordinator's own batch lists the other system's ID as not found, as it answered them.
    const csv = await ofGeisinger('GET', `${BATCHES}/${coordinators}/result.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(
      `userId,previousStatus,newStatus,result\r\n${g3},Verified,Verified,updated\r\n${r2},,,notFound\r\n`,
    );

    const unknownCsv = await ofGeisinger('GET', `${BATCHES}/${UNKNOWN_ID}/result.csv`);
    expect(unknownCsv.statusCode).toBe(404);
    for (const hidden of [mixed, namesWithdrawn, riversideOnly]) {
      const csvReply = await ofGeisinger('GET', `${BATCHES}/${hidden}/result.csv`);
      expect([csvReply.statusCode, csvReply.json()]).toEqual([404, unknownCsv.json()]);
    }
    const unknownUndo = await ofGeisinger('POST', `${BATCHES}/${UNKNOWN_ID}/undo`);
    expect(unknownUndo.statusCode).toBe(404);
    const hiddenUndo = await ofGeisinger('POST', `${BATCHES}/${mixed}/undo`);
    expect([hiddenUndo.statusCode, hiddenUndo.json()]).toEqual([404, unknownUndo.json()]);
    expect(await statusesOf(t, [g1, r1])).toEqual({ [g1]: true, [r1]: true });

    const undone = await dataOf(ofGeisinger('POST', `${BATCHES}/${geisingerOnly}/undo`));
    expect(undone).toMatchObject({ restored: 1, kept: 0 });
    expect(await statusesOf(t, [g2])).toEqual({ [g2]: null });
    // The undo is a batch of the Geisinger records it restored.
    expect(await listed(ofGeisinger)).toEqual([undone.batchId, coordinators, geisingerOnly]);
    expect(await listed(ofRiverside)).toEqual([riversideOnly]);
  });

  it('limits the withdrawal lists, and answers a request for another system’s participant as for an unknown address', async () => {
    const t = testApp();
    const study = await scopedStudy(t);
    const { admin, ofGeisinger, ofBoth } = study;
    for (const [email, healthSystem] of [
      ['left.geisinger.1@example.org', 'geisinger'],
      ['left.geisinger.2@example.org', 'geisinger'],
      ['left.riverside@example.org', 'riverside'],
      ['left.none@example.org', undefined],
    ] as const)
      await withdrawnParticipant(t, { email, at: '2026-04-20T10:00:00.000Z', healthSystem });
    const withdrawn = async (as: AdminCall) => {
      const page = await dataOf<Page>(as('GET', '/consent/withdrawal-users?sort=email,asc'));
      return [page.totalElements, page.content.map((row) => row.email)];
    };
    expect(await withdrawn(ofGeisinger)).toEqual([2, ['left.geisinger.1@example.org', 'left.geisinger.2@example.org']]);
    expect((await withdrawn(ofBoth))[0]).toBe(3);
    expect((await withdrawn(admin))[0]).toBe(4);

    const [geisingerEmail, otherGeisingerEmail] = await emailsOf(t, study.geisinger.slice(0, 2));
    const [riversideEmail, otherRiversideEmail] = await emailsOf(t, study.riverside.slice(0, 2));
    await recordRequest(admin, geisingerEmail!);
    await recordRequest(admin, riversideEmail!);
    const pending = async (as: AdminCall) => {
      const page = await dataOf<Page>(as('GET', REQUESTS));
      return [page.totalElements, page.content.map((row) => row.email)];
    };
    expect(await pending(ofGeisinger)).toEqual([1, [geisingerEmail]]);
    expect((await pending(ofBoth))[0]).toBe(2);
    expect((await pending(admin))[0]).toBe(2);

    const request = (email: string) => ofGeisinger('POST', REQUESTS, { payload: { email, reason: 'Asked by phone' } });
    const unknown = await request(UNKNOWN_EMAIL);
    expect(unknown.statusCode).toBe(400);
    const other = await request(otherRiversideEmail!);
    expect([other.statusCode, other.json()]).toEqual([400, unknown.json()]);
    expect(await requestsOf(t, study.riverside[1]!)).toEqual([]);
    expect((await request(otherGeisingerEmail!)).statusCode).toBe(200);

    const remove = (email: string) => ofGeisinger('DELETE', `${REQUESTS}?email=${encodeURIComponent(email)}`);
    const unknownDelete = await remove(UNKNOWN_EMAIL);
    expect(unknownDelete.statusCode).toBe(404);
    const otherDelete = await remove(riversideEmail!);
    expect([otherDelete.statusCode, otherDelete.json()]).toEqual([404, unknownDelete.json()]);
    expect((await requestsOf(t, study.riverside[0]!)).map((row) => row.status)).toEqual(['pending']);
    expect((await remove(geisingerEmail!)).statusCode).toBe(200);
    // Deleted once, the other system's request is still unknown, never "already deleted".
    expect((await admin('DELETE', `${REQUESTS}?email=${encodeURIComponent(riversideEmail!)}`)).statusCode).toBe(200);
    const afterDelete = await remove(riversideEmail!);
    expect([afterDelete.statusCode, afterDelete.json()]).toEqual([404, unknownDelete.json()]);
  });

  it('lists only the coordinator’s participants with a survey window open', async () => {
    const t = testApp();
    const study = await scopedStudy(t);
    const opensAt = new Date('2026-05-01T09:00:00.000Z');
    const withRounds = [...study.geisinger, ...study.riverside.slice(0, 2), study.lakeside];
    await t.db.update(users).set({ consentSignedAt: opensAt }).where(inArray(users.id, withRounds));
    await t.db.insert(surveyRounds).values(
      withRounds.map((userId) => ({
        userId,
        number: 1,
        opensAt,
        closesAt: new Date(opensAt.getTime() + 90 * DAY_MS),
        createdAt: opensAt,
      })),
    );
    const open = async (as: AdminCall) => {
      const page = await dataOf<{ content: { userId: string }[]; totalElements: number }>(
        as('GET', '/survey/opened-users?size=25'),
      );
      return [page.totalElements, page.content.map((row) => row.userId).sort()];
    };
    expect(await open(study.ofGeisinger)).toEqual([3, [...study.geisinger].sort()]);
    expect(await open(study.ofRiverside)).toEqual([2, study.riverside.slice(0, 2).sort()]);
    expect((await open(study.ofBoth))[0]).toBe(5);
    expect((await open(study.admin))[0]).toBe(6);
  });

  it('keeps the Audit Log’s timelines to roles that read the audit trail, whatever the participant', async () => {
    const t = testApp();
    const study = await scopedStudy(t);
    expect((await study.ofGeisinger('GET', timelineOf(study.geisinger[0]!))).statusCode).toBe(403);
    expect((await study.ofGeisinger('GET', timelineOf(study.riverside[0]!))).statusCode).toBe(403);
    expect((await study.admin('GET', timelineOf(study.lakeside))).statusCode).toBe(200);
  });
});
