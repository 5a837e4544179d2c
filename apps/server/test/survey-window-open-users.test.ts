import { expect, it } from 'vitest';
import { surveyRounds, users } from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { freshStartAt, signIn, signInAdmin, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { expectAdminOnly, UUID } from './settings-helpers';
import {
  COMPLETE_ANSWERS,
  consentedParticipant,
  DAY_MS,
  startRound,
  submitAnswers,
  submitRound,
  widget,
} from './survey-helpers';

const TITLES = {
  core: { en: 'About you and your kidney health', sp: 'Sobre usted y la salud de sus riñones' },
  'quality-of-life': { en: 'Quality of life', sp: 'Calidad de vida' },
  'health-status': { en: 'Health status', sp: 'Estado de salud' },
};
type FormKey = keyof typeof TITLES;
const progress = (core: string, qualityOfLife: string, healthStatus: string) =>
  (
    [
      ['core', core],
      ['quality-of-life', qualityOfLife],
      ['health-status', healthStatus],
    ] as [FormKey, string][]
  ).map(([formKey, value]) => ({ formKey, title: TITLES[formKey], progress: value }));

async function adminGet(t: TestApp, path: string, language?: 'en' | 'sp') {
  const admin = await signInAdmin(t);
  return call(t, 'GET', path, admin.access_token, { language });
}

async function openedUsers(t: TestApp, query = '') {
  const reply = await adminGet(t, `/survey/opened-users${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { content: { email: string }[]; totalElements: number; page: number; size: number };
}

async function dataOfGet(t: TestApp, path: string) {
  const reply = await adminGet(t, path);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

/** `GET /survey/report/count` answers these counts. */
async function expectCounts(t: TestApp, counts: Record<string, number>) {
  expect(await dataOfGet(t, '/survey/report/count')).toEqual(counts);
}

/** Answers and submits one questionnaire of the participant's open round. */
async function submitOne(t: TestApp, token: string, formKey: FormKey) {
  const responseId = await startRound(t, token, formKey);
  const reply = await submitAnswers(t, token, responseId, { answers: COMPLETE_ANSWERS[formKey] });
  expect(reply.statusCode, reply.body).toBe(200);
}

const withdraw = async (t: TestApp, token: string) => {
  const reply = await call(t, 'PUT', '/consent/withdraw', token, { payload: { reason: 'Moving abroad' } });
  expect(reply.statusCode, reply.body).toBe(200);
};

/**
 * Consented participants straight in the database, each with their first round open from `firstOpensAt` plus
 * one hour per participant, for 90 days: `window-01@example.org` first.
 */
async function participantsWithOpenRounds(t: TestApp, howMany: number, firstOpensAt: string) {
  for (let n = 1; n <= howMany; n += 1) {
    const opensAt = new Date(new Date(firstOpensAt).getTime() + (n - 1) * 3_600_000);
    const [user] = await t.db
      .insert(users)
      .values({
        email: `window-${String(n).padStart(2, '0')}@example.org`,
        passwordHash: 'not-used',
        role: 'patient',
        status: 'active',
        firstName: 'Window',
        lastName: `Number ${n}`,
        consentSignedAt: opensAt,
        createdAt: opensAt,
        updatedAt: opensAt,
      })
      .returning({ id: users.id });
    await t.db.insert(surveyRounds).values({
      userId: user!.id,
      number: 1,
      opensAt,
      closesAt: new Date(opensAt.getTime() + 90 * DAY_MS),
      createdAt: opensAt,
    });
  }
}

describeOnDatabase('Survey Window Open Users', (target) => {
  const testApp = useAuthApp(target);

  it('lists who has a window open now, soonest closing first, with each questionnaire’s progress, and counts them', async () => {
    const t = testApp();
    await freshStartAt(t, '2025-12-01T12:00:00.000Z');
    const closed = await consentedParticipant(t); // window 12/01/2025 to 03/01/2026 12:00, over at that instant
    t.clock.set('2026-03-01T12:00:00.000Z');
    const notStarted = await consentedParticipant(t);
    t.clock.set('2026-03-11T12:00:00.000Z');
    const started = await consentedParticipant(t);
    await startRound(t, started.tokens.access_token, 'core');
    await submitOne(t, started.tokens.access_token, 'health-status');
    t.clock.set('2026-03-21T12:00:00.000Z');
    const done = await consentedParticipant(t);
    await submitRound(t, done.tokens.access_token);
    const withdrawn = await consentedParticipant(t);
    await withdraw(t, withdrawn.tokens.access_token);
    await signedInParticipant(t); // no consent, so no round

    const page = await openedUsers(t);
    expect(page).toMatchObject({ totalElements: 3, page: 0, size: 10 });
    expect(page.content).toEqual([
      {
        roundId: UUID,
        userId: notStarted.userId,
        email: notStarted.email,
        name: 'Ana Núñez',
        roundNumber: 1,
        opensAt: '2026-03-01T12:00:00.000Z',
        closesAt: '2026-05-30T12:00:00.000Z',
        questionnaires: progress('notStarted', 'notStarted', 'notStarted'),
      },
      {
        roundId: UUID,
        userId: started.userId,
        email: started.email,
        name: 'Ana Núñez',
        roundNumber: 1,
        opensAt: '2026-03-11T12:00:00.000Z',
        closesAt: '2026-06-09T12:00:00.000Z',
        questionnaires: progress('started', 'notStarted', 'submitted'),
      },
      {
        roundId: UUID,
        userId: done.userId,
        email: done.email,
        name: 'Ana Núñez',
        roundNumber: 1,
        opensAt: '2026-03-21T12:00:00.000Z',
        closesAt: '2026-06-19T12:00:00.000Z',
        questionnaires: progress('submitted', 'submitted', 'submitted'),
      },
    ]);
    expect(page.content.map((row) => row.email)).not.toContain(closed.email);
    await expectCounts(t, { openWindows: 3, notStarted: 1, started: 1, submitted: 1 });
  });

  it('lists a round that opened since the participant’s last visit, and none that has not opened yet', async () => {
    const t = testApp();
    await freshStartAt(t, '2025-12-01T12:00:00.000Z');
    const participant = await consentedParticipant(t);
    // Between rounds: the first closed on 03/01/2026, the second opens 12 months after consent.
    t.clock.set('2026-11-30T12:00:00.000Z');
    expect(await openedUsers(t)).toMatchObject({ content: [], totalElements: 0 });
    await expectCounts(t, { openWindows: 0, notStarted: 0, started: 0, submitted: 0 });

    t.clock.set('2026-12-01T12:00:00.000Z');
    const page = await openedUsers(t);
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      userId: participant.userId,
      roundNumber: 2,
      opensAt: '2026-12-01T12:00:00.000Z',
      closesAt: '2027-03-01T12:00:00.000Z',
      questionnaires: progress('notStarted', 'notStarted', 'notStarted'),
    });
  });

  it('pages and sorts: by closing time by default, by opening time or e-mail either way', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    await participantsWithOpenRounds(t, 12, '2026-02-01T00:00:00.000Z');
    const emails = (page: { content: { email: string }[] }) => page.content.map((row) => row.email.slice(0, 9));

    const first = await openedUsers(t);
    expect(first).toMatchObject({ totalElements: 12, page: 0, size: 10 });
    expect(emails(first)).toEqual([
      'window-01',
      'window-02',
      'window-03',
      'window-04',
      'window-05',
      'window-06',
      'window-07',
      'window-08',
      'window-09',
      'window-10',
    ]);
    expect(first.content[0]).toMatchObject({
      name: 'Window Number 1',
      opensAt: '2026-02-01T00:00:00.000Z',
      closesAt: '2026-05-02T00:00:00.000Z',
    });
    expect(emails(await openedUsers(t, '?page=1&size=10'))).toEqual(['window-11', 'window-12']);
    expect(emails(await openedUsers(t, '?page=1&size=25'))).toEqual([]);
    expect((await openedUsers(t, '?size=25')).content).toHaveLength(12);
    expect(emails(await openedUsers(t, '?size=10&sort=closesAt,desc'))[0]).toBe('window-12');
    expect(emails(await openedUsers(t, '?page=1&size=10&sort=opensAt,desc'))).toEqual(['window-02', 'window-01']);
    expect(emails(await openedUsers(t, '?sort=opensAt,asc')).slice(0, 2)).toEqual(['window-01', 'window-02']);
    expect(emails(await openedUsers(t, '?sort=email,desc')).slice(0, 3)).toEqual([
      'window-12',
      'window-11',
      'window-10',
    ]);
    expect(emails(await openedUsers(t, '?page=1&sort=email,asc'))).toEqual(['window-11', 'window-12']);
    await expectCounts(t, { openWindows: 12, notStarted: 12, started: 0, submitted: 0 });
  });

  it('counts open windows and submissions per day of the study’s time zone, a withdrawal ending a window the next day', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z'); // 6:00 AM in Chicago
    const stays = await consentedParticipant(t);
    t.clock.set('2026-03-02T12:00:00.000Z');
    const leaves = await consentedParticipant(t);
    await widget(t, leaves.tokens.access_token); // a visit records the round that opened
    await submitOne(t, (await signIn(t, stays.email)).access_token, 'health-status');
    t.clock.set('2026-03-03T05:30:00.000Z'); // 11:30 PM on 03/02 in Chicago
    await submitOne(t, (await signIn(t, stays.email)).access_token, 'core');
    t.clock.set('2026-03-03T12:00:00.000Z');
    await withdraw(t, (await signIn(t, leaves.email)).access_token);
    t.clock.set('2026-03-05T12:00:00.000Z');

    expect(await dataOfGet(t, '/survey/report/completion?days=5')).toEqual({
      timeZone: 'America/Chicago',
      days: [
        { date: '2026-03-01', openWindows: 1, submitted: 0 },
        { date: '2026-03-02', openWindows: 2, submitted: 2 },
        { date: '2026-03-03', openWindows: 2, submitted: 0 },
        { date: '2026-03-04', openWindows: 1, submitted: 0 },
        { date: '2026-03-05', openWindows: 1, submitted: 0 },
      ],
    });
    const month = await dataOfGet(t, '/survey/report/completion');
    expect(month.days).toHaveLength(30);
    expect(month.days[0]).toEqual({ date: '2026-02-04', openWindows: 0, submitted: 0 });
    expect(month.days.at(-1)).toEqual({ date: '2026-03-05', openWindows: 1, submitted: 0 });
    await expectCounts(t, { openWindows: 1, notStarted: 0, started: 1, submitted: 0 });
  });

  it('refuses a page, size, sort or number of days it does not offer, in the reader’s language', async () => {
    const t = testApp();
    const invalid = (errorField: string, message: string) => ({
      status: false,
      message: 'Invalid request',
      data: [{ errorField, message }],
    });
    const cases: [string, unknown][] = [
      ['/survey/opened-users?size=15', invalid('size', 'Please choose one of the page sizes offered.')],
      ['/survey/opened-users?page=-1', invalid('page', 'The page must be a whole number from 0.')],
      ['/survey/opened-users?sort=name,asc', invalid('sort', 'This list cannot be sorted that way.')],
      ['/survey/opened-users?sort=email,up', invalid('sort', 'This list cannot be sorted that way.')],
      ['/survey/report/completion?days=0', invalid('days', 'Please choose a number of days from 1 to 365.')],
      ['/survey/report/completion?days=366', invalid('days', 'Please choose a number of days from 1 to 365.')],
      ['/survey/report/completion?days=seven', invalid('days', 'Please choose a number of days from 1 to 365.')],
    ];
    for (const [path, body] of cases) {
      const reply = await adminGet(t, path);
      expect(reply.statusCode, path).toBe(400);
      expect(reply.json(), path).toEqual(body);
    }
    const spanish = await adminGet(t, '/survey/report/completion?days=1.5', 'sp');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().data).toEqual([{ errorField: 'days', message: 'Elija un número de días entre 1 y 365.' }]);
  });

  it('answers administrators only: 401 without a token, 403 to a participant', async () => {
    const t = testApp();
    const participant = await consentedParticipant(t);
    await expectAdminOnly(t, participant.tokens.access_token, [
      ['GET', '/survey/opened-users'],
      ['GET', '/survey/report/count'],
      ['GET', '/survey/report/completion?days=7'],
    ]);
  });
});
