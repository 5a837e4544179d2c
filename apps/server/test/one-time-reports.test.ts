import { expect, it } from 'vitest';
import { surveyResponses } from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { freshStartAt, signIn, useAuthApp } from './auth-helpers';
import { createSurvey, insertParticipants, runInvitations, startOneTime } from './one-time-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { consentedParticipant, submitAnswers } from './survey-helpers';

// Sunday 03/01/2026, 09:00 in Chicago; invitations go on Monday 03/02 at 10:00 there.
const NOW = '2026-03-01T15:00:00.000Z';
const SEND = '2026-03-02T16:00:00.000Z';

type Page<T> = { content: T[]; totalElements: number; page: number; size: number };
const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T16:00:00.000Z`;

/** Submitted answers of these participants to a survey, as the portal stores them. */
async function submitted(t: TestApp, survey: { id: string; formId: string }, userIds: string[]) {
  if (userIds.length === 0) return;
  const at = t.clock.now();
  await t.db.insert(surveyResponses).values(
    userIds.map((userId) => ({
      userId,
      formId: survey.formId,
      formKey: `one-time-${survey.id}`,
      oneTimeSurveyId: survey.id,
      answers: { 'used-telehealth': 'yes' },
      startedAt: at,
      updatedAt: at,
      submittedAt: at,
    })),
  );
}

describeOnDatabase('One-time survey lists and figures', (target) => {
  const testApp = useAuthApp(target);

  it('lists the surveys by start date, newest first, 10 or 25 a page, and sorts by send or creation date', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const [ana] = await insertParticipants(t, 1);
    // Twelve surveys starting on 03/03 … 03/14, made in the reverse order of their send dates.
    for (let n = 1; n <= 12; n += 1) {
      t.clock.set(`2026-03-01T15:00:${String(n).padStart(2, '0')}.000Z`);
      await createSurvey(admin, {
        name: { en: `Survey ${n}`, sp: `Encuesta ${n}` },
        effectiveStartDate: day(n + 2),
        sendDate: day(16 - n),
        effectiveEndDate: day(28),
        participants: [ana!.email],
      });
    }
    const names = (page: Page<{ name: { en: string } }>) => page.content.map((row) => row.name.en);

    const first = await dataOf<Page<{ name: { en: string } }>>(admin('GET', '/survey/one-time'));
    expect(first).toMatchObject({ totalElements: 12, page: 0, size: 10 });
    expect(names(first)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Survey ${n}`));
    const second = await dataOf<Page<{ name: { en: string } }>>(admin('GET', '/survey/one-time?page=1&size=10'));
    expect(names(second)).toEqual(['Survey 2', 'Survey 1']);
    const bySend = await dataOf<Page<{ name: { en: string } }>>(
      admin('GET', '/survey/one-time?size=25&sort=sendDate,asc'),
    );
    expect(names(bySend)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Survey ${n}`));
    const byCreation = await dataOf<Page<{ name: { en: string } }>>(
      admin('GET', '/survey/one-time?size=25&sort=createdAt,desc'),
    );
    expect(names(byCreation).slice(0, 3)).toEqual(['Survey 12', 'Survey 11', 'Survey 10']);

    const badSize = await admin('GET', '/survey/one-time?size=50');
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().data).toEqual([
      { errorField: 'size', message: 'Please choose one of the page sizes offered.' },
    ]);
    const badSort = await admin('GET', '/survey/one-time?sort=name,asc');
    expect(badSort.json().data).toEqual([{ errorField: 'sort', message: 'This list cannot be sorted that way.' }]);
  });

  it("pages a survey's participants by e-mail with how far each got", async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const answering = await consentedParticipant(t);
    const starting = await consentedParticipant(t);
    const [waiting] = await insertParticipants(t, 1, { email: 'c.waiting@example.org' });
    const [optedOut] = await insertParticipants(t, 1, { email: 'd.optedout@example.org', emailSubscription: false });
    const saved = await createSurvey(await adminSession(t), {
      participants: [answering.email, starting.email, waiting!.email, optedOut!.email],
    });
    const users = (query = '') =>
      adminSession(t).then((admin) =>
        dataOf<Page<{ email: string; progress: string; invitedAt: string | null }>>(
          admin('GET', `/survey/one-time/users?formId=${saved.formId}${query}`),
        ),
      );
    expect((await users()).content.map((row) => row.progress)).toEqual([
      'notInvited',
      'notInvited',
      'notInvited',
      'notInvited',
    ]);

    t.clock.set(SEND);
    expect(await runInvitations(t)).toBe(3);
    const answeringToken = (await signIn(t, answering.email)).access_token;
    const answer = await startOneTime(t, answeringToken, saved.id);
    const reply = await submitAnswers(t, answeringToken, answer, { answers: { 'used-telehealth': 'no' } });
    expect(reply.statusCode, reply.body).toBe(200);
    await startOneTime(t, (await signIn(t, starting.email)).access_token, saved.id);

    const page = await users('&size=25');
    expect(page).toMatchObject({ totalElements: 4, page: 0, size: 25 });
    const byEmail = new Map(page.content.map((row) => [row.email, row]));
    expect(byEmail.get(answering.email)).toMatchObject({ progress: 'submitted', invitedAt: SEND });
    expect(byEmail.get(starting.email)).toMatchObject({ progress: 'started', invitedAt: SEND });
    expect(byEmail.get('c.waiting@example.org')).toMatchObject({ progress: 'notStarted', invitedAt: SEND });
    expect(byEmail.get('d.optedout@example.org')).toMatchObject({ progress: 'notInvited', invitedAt: null });
    const emails = page.content.map((row) => row.email);
    expect(emails).toEqual([...emails].sort());
    const firstTwo = await users('&size=5&page=0&sort=email,desc');
    expect(firstTwo.content.map((row) => row.email)).toEqual([...emails].reverse());

    const unknown = await (
      await adminSession(t)
    )('GET', '/survey/one-time/users?formId=6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This survey no longer exists. Please reload the page.');
  });

  it(
    'counts the surveys in each state and charts the ten highest submission rates, hand-counted',
    { timeout: 120_000 },
    async () => {
      const t = testApp();
      await freshStartAt(t, NOW);
      const admin = await adminSession(t);
      // Surveys 1 to 11: ten participants each, 10 − (n − 1) of them submit (100 %, 90 % … 0 %).
      // Survey 12: ten participants, one with study e-mails off (not invited), 7 of the 9 invited submit: 77.8 %.
      // Surveys 1 to 3 end on 03/05; the others on 03/16. Survey 13's invitations go on 03/10.
      const surveys: { id: string; formId: string; people: string[] }[] = [];
      for (let n = 1; n <= 12; n += 1) {
        const people = await insertParticipants(t, n === 12 ? 9 : 10);
        if (n === 12) people.push(...(await insertParticipants(t, 1, { emailSubscription: false })));
        const saved = await createSurvey(admin, {
          name: { en: `Survey ${String(n).padStart(2, '0')}`, sp: `Encuesta ${String(n).padStart(2, '0')}` },
          effectiveEndDate: n <= 3 ? day(5) : day(16),
          participants: people.map((p) => p.email),
        });
        surveys.push({ ...saved, people: people.map((p) => p.id) });
      }
      const [late] = await insertParticipants(t, 1);
      await createSurvey(admin, {
        name: { en: 'Survey 13', sp: 'Encuesta 13' },
        sendDate: day(10),
        effectiveStartDate: day(10),
        effectiveEndDate: day(20),
        participants: [late!.email],
      });

      t.clock.set(SEND);
      expect(await runInvitations(t)).toBe(119);
      for (const [index, survey] of surveys.entries()) {
        const count = index === 11 ? 7 : 10 - index;
        await submitted(t, survey, survey.people.slice(0, count));
      }

      t.clock.set('2026-03-06T16:00:00.000Z');
      const stats = await dataOf((await adminSession(t))('GET', '/survey/one-time/stats'));
      const rate = (n: string, value: number) => ({
        id: expect.any(String),
        name: { en: `Survey ${n}`, sp: `Encuesta ${n}` },
        rate: value,
      });
      expect(stats).toEqual({
        total: 13,
        upcoming: 1,
        inProgress: 9,
        completed: 3,
        submissionRateList: [
          rate('01', 100),
          rate('02', 90),
          rate('03', 80),
          rate('12', 77.8),
          rate('04', 70),
          rate('05', 60),
          rate('06', 50),
          rate('07', 40),
          rate('08', 30),
          rate('09', 20),
        ],
      });
      const list = await dataOf<Page<{ name: { en: string }; state: string }>>(
        (await adminSession(t))('GET', '/survey/one-time?size=25&sort=createdAt,asc'),
      );
      expect(list.content.find((row) => row.name.en === 'Survey 12')).toMatchObject({
        state: 'inProgress',
        userCount: 10,
        successCount: 9,
        failureCount: 1,
        submittedCount: 7,
      });
      expect(list.content.find((row) => row.name.en === 'Survey 01')).toMatchObject({
        state: 'completed',
        submittedCount: 10,
      });
      expect(list.content.find((row) => row.name.en === 'Survey 13')).toMatchObject({
        state: 'upcoming',
        formEditable: true,
      });
    },
  );
});
