import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, oneTimeSurveys, surveyForms, surveyResponses, users } from '../src/db/schema';
import { describeOnDatabase } from './helpers';
import { freshStartAt, signInAdmin, useAuthApp } from './auth-helpers';
import {
  createSurvey,
  insertBulkParticipants,
  insertParticipants,
  runInvitations,
  startOneTime,
  storedCounts,
  surveyInput,
  surveyUserRows,
  TELEHEALTH_FORM,
  TELEHEALTH_FORM_V2,
  TELEHEALTH_NAME,
} from './one-time-helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, dataOf, expectAdminOnly, type Method } from './settings-helpers';
import { consentedParticipant, readResponse } from './survey-helpers';

// Sunday 03/01/2026, 09:00 in Chicago. Surveys go out on Monday 03/02 at 10:00 there (16:00 UTC).
const NOW = '2026-03-01T15:00:00.000Z';
const NOTHING = { surveys: 0, users: 0, forms: 0 };

describeOnDatabase('One-time surveys: creating and changing', (target) => {
  const testApp = useAuthApp(target);

  it('creates a survey from e-mails and user IDs in any case, trimmed, blank and repeated rows dropped', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const [ana, ben, cruz] = await insertParticipants(t, 3);
    const participants = [
      `\uFEFF${ana!.email.toUpperCase()}`,
      '',
      '   ',
      ben!.id.toUpperCase(),
      `  ${cruz!.email}  `,
      ana!.email,
      ben!.email,
    ];
    const saved = await createSurvey(admin, { participants });

    expect(await storedCounts(t)).toEqual({ surveys: 1, users: 3, forms: 1 });
    const members = (await surveyUserRows(t, saved.id)).map((row) => row.userId).sort();
    expect(members).toEqual([ana!.id, ben!.id, cruz!.id].sort());
    const [form] = await t.db.select().from(surveyForms).where(eq(surveyForms.id, saved.formId));
    expect(form).toMatchObject({
      key: `one-time-${saved.id}`,
      version: 1,
      kind: 'one-time',
      titleEn: 'Your experience with telehealth',
      titleSp: 'Su experiencia con la telesalud',
      definition: TELEHEALTH_FORM,
    });
    const detail = await dataOf(admin('GET', `/survey/one-time/detail?id=${saved.id}`));
    expect(detail).toEqual({
      id: saved.id,
      formId: saved.formId,
      name: TELEHEALTH_NAME,
      sendDate: '2026-03-02T16:00:00.000Z',
      effectiveStartDate: '2026-03-02T16:00:00.000Z',
      effectiveEndDate: '2026-03-16T16:00:00.000Z',
      createdAt: '2026-03-01T15:00:00.000Z',
      state: 'upcoming',
      userCount: 3,
      successCount: 0,
      failureCount: 0,
      submittedCount: 0,
      formEditable: true,
      definition: TELEHEALTH_FORM,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'one-time-survey.created'), eq(auditLog.at, new Date(NOW))));
    expect(audit!.details).toEqual({
      surveyId: saved.id,
      formId: saved.formId,
      version: 1,
      sendDate: '2026-03-02T16:00:00.000Z',
      effectiveStartDate: '2026-03-02T16:00:00.000Z',
      effectiveEndDate: '2026-03-16T16:00:00.000Z',
      participants: 3,
    });
  });

  const definitionOf = (elements: unknown[]) => ({ pages: [{ name: 'p1', elements }] });
  const BAD_INPUTS: [string, Record<string, unknown>, string, string][] = [
    [
      'a definition that is not JSON',
      { definition: '{"pages": [' },
      'definition',
      'The survey engine cannot read this form. Please provide a valid SurveyJS JSON definition.',
    ],
    [
      'a definition the engine cannot load',
      { definition: { pages: 'first' } },
      'definition',
      'The survey engine cannot read this form. Please provide a valid SurveyJS JSON definition.',
    ],
    [
      'a form with no pages',
      { definition: { pages: [] } },
      'definition',
      'The form has no questions. Please add at least one page with a question.',
    ],
    [
      'a form of text only',
      { definition: definitionOf([{ type: 'html', name: 'hello', html: '<p>Hi</p>' }]) },
      'definition',
      'The form has no questions. Please add at least one page with a question.',
    ],
    [
      'a question type the engine does not know',
      { definition: definitionOf([{ type: 'slider3d', name: 'q1' }]) },
      'definition',
      'The form uses a question type the survey engine does not know. Please check the type of each question.',
    ],
    [
      'two questions with one name',
      {
        definition: definitionOf([
          { type: 'text', name: 'q1' },
          { type: 'comment', name: 'q1' },
        ]),
      },
      'definition',
      'Two questions in the form have the same name. Please give each question a name of its own.',
    ],
    [
      'an end before the start',
      { effectiveEndDate: '2026-03-02T15:00:00.000Z' },
      'effectiveEndDate',
      'Please enter valid start and end dates, with the start before the end.',
    ],
    [
      'a send date in the past',
      { sendDate: '2026-03-01T14:59:00.000Z' },
      'sendDate',
      'The send date cannot be in the past.',
    ],
    [
      'a send date after the end',
      { sendDate: '2026-03-16T16:00:00.000Z' },
      'sendDate',
      'The send date must come before the end date.',
    ],
    ['a send date that is not a date', { sendDate: '03/02/2026' }, 'sendDate', 'Please enter a valid send date.'],
    [
      'a blank English name',
      { name: { en: '   ', sp: 'Encuesta' } },
      'name.en',
      "Please enter the survey's name in English and in Spanish.",
    ],
    [
      'a name of 201 characters',
      { name: { en: 'x'.repeat(201), sp: 'Encuesta' } },
      'name.en',
      "The survey's name can be at most 200 characters.",
    ],
    [
      'no participants',
      { participants: [] },
      'participants',
      'Please add at least one participant by e-mail or user ID.',
    ],
    [
      'only blank rows',
      { participants: ['', '  ', '\uFEFF'] },
      'participants',
      'Please add at least one participant by e-mail or user ID.',
    ],
    [
      'a row that names no one',
      { participants: ['nobody@example.org'] },
      'participants',
      'Some rows match no participant in the study. Please remove or correct them, then save again.',
    ],
    [
      'a formula-looking cell',
      { participants: ['=HYPERLINK("http://x.example")'] },
      'participants',
      'Some rows match no participant in the study. Please remove or correct them, then save again.',
    ],
  ];

  it.each(BAD_INPUTS)(
    'refuses %s under its field, in English, and saves nothing',
    async (_case, override, field, message) => {
      const t = testApp();
      await freshStartAt(t, NOW);
      const admin = await adminSession(t);
      const [ana] = await insertParticipants(t, 1);
      const reply = await admin('POST', '/survey/one-time', {
        payload: surveyInput({ participants: [ana!.email], ...override }),
      });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().data).toContainEqual({ errorField: field, message });
      expect(await storedCounts(t)).toEqual(NOTHING);
    },
  );

  it('answers a body cut short with 400, not a failure of the server, and saves nothing', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const token = (await signInAdmin(t)).access_token;
    const reply = await t.app.inject({
      method: 'POST',
      url: '/common-server/survey/one-time',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name": {"en": "Half',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().status).toBe(false);
    expect(await storedCounts(t)).toEqual(NOTHING);
  });

  it('says why in Spanish, and a row that names a withdrawn participant refuses the whole list', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const [active] = await insertParticipants(t, 1);
    const [withdrawn] = await insertParticipants(t, 1, { status: 'withdrawn' });
    const reply = await admin('POST', '/survey/one-time', {
      payload: surveyInput({ participants: [active!.email, withdrawn!.email] }),
      language: 'sp',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      message:
        'Algunas filas no corresponden a ningún participante del estudio. Quítelas o corríjalas y vuelva a guardar.',
      data: [
        {
          errorField: 'participants',
          message:
            'Algunas filas no corresponden a ningún participante del estudio. Quítelas o corríjalas y vuelva a guardar.',
        },
      ],
    });
    const late = await admin('POST', '/survey/one-time', {
      payload: surveyInput({ participants: [active!.email], sendDate: '2026-03-01T14:00:00.000Z' }),
      language: 'sp',
    });
    expect(late.json().data).toEqual([
      { errorField: 'sendDate', message: 'La fecha de envío no puede estar en el pasado.' },
    ]);
    expect(await storedCounts(t)).toEqual(NOTHING);
  });

  it('checks a list row by row, as given, and saves nothing', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const [ana, ben] = await insertParticipants(t, 2);
    const [gone] = await insertParticipants(t, 1, { status: 'withdrawn' });
    const [pending] = await insertParticipants(t, 1, { status: 'pending' });
    const unknownId = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f';
    const rows = [
      `\uFEFF${ana!.email}`, // 1
      '', // 2
      'not an address', // 3
      '=HYPERLINK("http://x.example")', // 4
      'nobody@example.org', // 5
      unknownId.toUpperCase(), // 6
      gone!.email, // 7
      ana!.email.toUpperCase(), // 8
      ana!.id, // 9
      ben!.id, // 10
      pending!.email, // 11
      'admin@example.org', // 12
    ];
    const check = await dataOf(
      admin('POST', '/survey/one-time/participants/check', { payload: { participants: rows } }),
    );
    expect(check).toEqual({
      matched: 3,
      unmatched: [
        { row: 3, value: 'not an address', reason: 'invalid' },
        { row: 4, value: '=HYPERLINK("http://x.example")', reason: 'invalid' },
        { row: 5, value: 'nobody@example.org', reason: 'notFound' },
        { row: 6, value: unknownId.toUpperCase(), reason: 'notFound' },
        { row: 7, value: gone!.email, reason: 'withdrawn' },
        { row: 8, value: ana!.email.toUpperCase(), reason: 'duplicate' },
        { row: 9, value: ana!.id, reason: 'duplicate' },
        { row: 12, value: 'admin@example.org', reason: 'notFound' },
      ],
    });
    expect(await storedCounts(t)).toEqual(NOTHING);
  });

  it('counts a participant who withdrew and registered again with the same address as the new account', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const [old] = await insertParticipants(t, 1, { status: 'withdrawn' });
    const [again] = await insertParticipants(t, 1, { email: old!.email });
    const saved = await createSurvey(admin, { participants: [old!.email] });
    expect((await surveyUserRows(t, saved.id)).map((row) => row.userId)).toEqual([again!.id]);
  });

  it(
    'checks and saves 100,000 user IDs and e-mails within the body limit, in seconds, and refuses a larger body',
    { timeout: 180_000 },
    async () => {
      const t = testApp();
      await freshStartAt(t, NOW);
      const admin = await adminSession(t);
      await insertBulkParticipants(t, 100_000);
      // Every other participant by user ID, in capitals; the rest by e-mail.
      const ids = new Map(
        (await t.db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
      );
      const rows = Array.from({ length: 100_000 }, (_, i) => {
        const email = `bulk.${i + 1}@example.org`;
        return i % 2 === 0 ? email : ids.get(email)!.toUpperCase();
      });

      const check = await dataOf(
        admin('POST', '/survey/one-time/participants/check', { payload: { participants: rows } }),
      );
      expect(check).toEqual({ matched: 100_000, unmatched: [] });
      // One query per kind of identifier, whatever the length of the list.
      const started = Date.now();
      await t.app.services.oneTimeSurveys.admin.checkParticipants(rows);
      expect(Date.now() - started).toBeLessThan(15_000);

      await createSurvey(admin, { participants: rows });
      expect(await storedCounts(t)).toEqual({ surveys: 1, users: 100_000, forms: 1 });

      const tooMany = await admin('POST', '/survey/one-time/participants/check', {
        payload: { participants: [...rows, 'bulk.100001@example.org'] },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().data).toEqual([
        { errorField: 'participants', message: 'A survey can have at most 100,000 participants.' },
      ]);
      const huge = await admin('POST', '/survey/one-time', {
        payload: surveyInput({
          participants: Array.from({ length: 30_000 }, (_, i) => `${'x'.repeat(290)}${i}@example.org`),
        }),
        language: 'sp',
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({
        status: false,
        message:
          'Esta lista es demasiado grande. Una encuesta puede tener como máximo 100,000 participantes, de un archivo CSV de hasta 5 MB.',
      });
      expect(await storedCounts(t)).toEqual({ surveys: 1, users: 100_000, forms: 1 });
    },
  );

  it('changes a survey before its invitations: a new form version for a new form, old answers kept on theirs', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const early = await consentedParticipant(t);
    const later = await consentedParticipant(t);
    const [other] = await insertParticipants(t, 1);
    // Open from now, invitations tomorrow: a participant can start before the form changes.
    const window = { effectiveStartDate: NOW, sendDate: '2026-03-02T16:00:00.000Z' };
    const saved = await createSurvey(admin, { ...window, participants: [early.email, later.email] });
    const earlyResponse = await startOneTime(t, early.tokens.access_token, saved.id);

    const changed = await dataOf<{ id: string; formId: string }>(
      admin('PUT', `/survey/one-time?id=${saved.id}`, {
        payload: surveyInput({
          ...window,
          definition: TELEHEALTH_FORM_V2,
          participants: [early.email, later.email, other!.email],
        }),
      }),
    );
    expect(changed.id).toBe(saved.id);
    expect(changed.formId).not.toBe(saved.formId);
    const forms = await t.db
      .select({ id: surveyForms.id, version: surveyForms.version })
      .from(surveyForms)
      .where(eq(surveyForms.key, `one-time-${saved.id}`))
      .orderBy(surveyForms.version);
    expect(forms).toEqual([
      { id: saved.formId, version: 1 },
      { id: changed.formId, version: 2 },
    ]);
    expect((await surveyUserRows(t, saved.id)).length).toBe(3);

    // The answer begun on version 1 stays on version 1; a new one is given version 2.
    const earlyView = (await readResponse(t, early.tokens.access_token, earlyResponse)).json().data;
    expect(earlyView.formVersion).toBe(1);
    expect(earlyView.definition).toEqual(TELEHEALTH_FORM);
    const laterResponse = await startOneTime(t, later.tokens.access_token, saved.id);
    expect((await readResponse(t, later.tokens.access_token, laterResponse)).json().data.formVersion).toBe(2);
    const stored = await t.db
      .select({ id: surveyResponses.id, formId: surveyResponses.formId })
      .from(surveyResponses)
      .where(eq(surveyResponses.oneTimeSurveyId, saved.id));
    expect(stored.sort((a, b) => (a.id === earlyResponse ? -1 : b.id === earlyResponse ? 1 : 0))).toEqual([
      { id: earlyResponse, formId: saved.formId },
      { id: laterResponse, formId: changed.formId },
    ]);

    // Same form and name, another list: the version stays, the list is replaced as a whole.
    const same = await dataOf<{ formId: string }>(
      admin('PUT', `/survey/one-time?id=${saved.id}`, {
        payload: surveyInput({ ...window, definition: TELEHEALTH_FORM_V2, participants: [other!.email] }),
      }),
    );
    expect(same.formId).toBe(changed.formId);
    expect((await surveyUserRows(t, saved.id)).map((row) => row.userId)).toEqual([other!.id]);

    // Without a list, new dates and the participants it has.
    const { participants: _omitted, ...withoutList } = surveyInput({
      ...window,
      effectiveEndDate: '2026-03-20T16:00:00.000Z',
      definition: TELEHEALTH_FORM_V2,
    });
    await dataOf(admin('PUT', `/survey/one-time?id=${saved.id}`, { payload: withoutList }));
    expect((await surveyUserRows(t, saved.id)).map((row) => row.userId)).toEqual([other!.id]);
    const [kept] = await t.db
      .select({ end: oneTimeSurveys.effectiveEndDate })
      .from(oneTimeSurveys)
      .where(eq(oneTimeSurveys.id, saved.id));
    expect(kept!.end.toISOString()).toBe('2026-03-20T16:00:00.000Z');
    const updates = await t.db.select().from(auditLog).where(eq(auditLog.action, 'one-time-survey.updated'));
    const mine = updates.filter((row) => (row.details as { surveyId?: string }).surveyId === saved.id);
    expect(mine.map((row) => (row.details as { participants: number }).participants)).toEqual([3, 1, 1]);
  });

  it('keeps the form once the send date has come, and the whole survey once its invitations went out', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const [ana] = await insertParticipants(t, 1);
    const saved = await createSurvey(await adminSession(t), { participants: [ana!.email] });

    t.clock.set('2026-03-02T16:00:30.000Z'); // the send date has come; the job has not run yet
    const admin = await adminSession(t);
    const formChange = await admin('PUT', `/survey/one-time?id=${saved.id}`, {
      payload: surveyInput({ definition: TELEHEALTH_FORM_V2, participants: [ana!.email] }),
    });
    expect(formChange.statusCode).toBe(409);
    expect(formChange.json()).toEqual({
      status: false,
      message: 'The send date has passed, so the form can no longer be changed.',
    });
    const longer = await admin('PUT', `/survey/one-time?id=${saved.id}`, {
      payload: surveyInput({ effectiveEndDate: '2026-03-20T16:00:00.000Z', participants: [ana!.email] }),
    });
    expect(longer.statusCode, longer.body).toBe(200);
    const [survey] = await t.db.select().from(oneTimeSurveys).where(eq(oneTimeSurveys.id, saved.id));
    expect(survey!.effectiveEndDate.toISOString()).toBe('2026-03-20T16:00:00.000Z');
    expect(survey!.formId).toBe(saved.formId);

    expect(await runInvitations(t)).toBe(1);
    const afterSend = await admin('PUT', `/survey/one-time?id=${saved.id}`, {
      payload: surveyInput({ effectiveEndDate: '2026-03-25T16:00:00.000Z', participants: [ana!.email] }),
      language: 'sp',
    });
    expect(afterSend.statusCode).toBe(409);
    expect(afterSend.json().message).toBe(
      'Ya se enviaron las invitaciones de esta encuesta, así que ya no se puede cambiar.',
    );
    const missing = await admin('PUT', '/survey/one-time?id=6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f', {
      payload: surveyInput({ participants: [ana!.email] }),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This survey no longer exists. Please reload the page.');
  });

  const ID = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f';
  const CALLS: [Method, string, unknown?][] = [
    ['POST', '/survey/one-time', surveyInput({ participants: ['a@example.org'] })],
    ['PUT', `/survey/one-time?id=${ID}`, surveyInput({ participants: ['a@example.org'] })],
    ['POST', '/survey/one-time/participants/check', { participants: ['a@example.org'] }],
    ['GET', '/survey/one-time'],
    ['GET', `/survey/one-time/detail?id=${ID}`],
    ['GET', `/survey/one-time/users?formId=${ID}`],
    ['GET', `/survey/one-time/failure?formId=${ID}&sort=email`],
    ['GET', '/survey/one-time/stats'],
  ];

  it('answers 401 without a token and 403 to a participant, saving nothing', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const patient = await signedInParticipant(t);
    await expectAdminOnly(t, patient.tokens.access_token, CALLS);
    expect(await storedCounts(t)).toEqual(NOTHING);
  });
});
