import { createHash, createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { appSettings, users } from '../src/db/schema';
import { describeEachDatabase, type TestApp } from './helpers';
import { freshStartAt, signIn, useAuthApp } from './auth-helpers';
import { call } from './participant-helpers';
import { adminSession, dataOf, FORBIDDEN, type AdminCall } from './settings-helpers';
import { signedInStaff, STAFF_PASSWORD } from './staff-helpers';
import {
  adminId,
  downloadCsv,
  EXPORT_NOW as NOW,
  exportAudits,
  insertAnswers,
  insertConsents,
  insertParticipants,
  insertVerifications,
  ONE_TIME_SURVEY,
  P1,
  P2,
  P3,
  recordsOf,
} from './data-export-helpers';

const ANSWERS = '/data-export/survey-answers?formKey=exit-interview&version=2';
const DICTIONARY = '/data-export/data-dictionary?formKey=exit-interview&version=2';
const CONSENT = '/data-export/consent-register';
const VERIFICATION = '/data-export/verification-register';

/** The de-identified headers: a pseudonym for the participant, no free-text question, no staff id. */
const ANSWERS_HEADER =
  'participantPseudonym,roundNumber,oneTimeSurveyId,startedAt,submittedAt,overall,reasons,rate.surveys,rate.emails,' +
  'again';
const DICTIONARY_HEADER = 'code,labelEn,labelSp,type,answersEn,answersSp';
const CONSENT_HEADER = 'participantPseudonym,event,date,healthSystem,formLanguage,formVersion,carriedOutBy';
const VERIFICATION_HEADER = 'participantPseudonym,healthSystem,status,consentedAt,updatedAt,lastChange';

/** Today's identified headers, which an administrator who does not ask still gets. */
const IDENTIFIED_HEADERS = {
  [ANSWERS]:
    'participantId,roundNumber,oneTimeSurveyId,startedAt,submittedAt,overall,reasons,reasons-Comment,' +
    'rate.surveys,rate.emails,again,notes',
  [DICTIONARY]: DICTIONARY_HEADER,
  [CONSENT]: 'participantId,event,date,healthSystem,formLanguage,formVersion,carriedOutBy,administratorId',
  [VERIFICATION]: 'participantId,healthSystem,status,consentedAt,updatedAt,lastChange',
};

/** What identifies the fixture's participants: none of it may be in a de-identified file. */
const PERSONAL = {
  birthDate: '1961-07-04',
  postalCode: '60614',
  phoneNumber: '+1 312 555 0147',
};
/** What they wrote in the answers' free-text questions and "other" texts, and the signer's name and address. */
const FREE_TEXTS = ['Fine, thanks', '5 stars', 'mention', 'HYPERLINK', 'indented'];
const SIGNER = ['Rosa', 'Vega', 'rosa@example.org'];

/**
 * P1, P2 and P3 (the last two withdrawn) with a birth date, postal code and phone number, and the answers,
 * consent register and verification records of the other data export scenarios.
 */
async function studyFixture(t: TestApp) {
  await freshStartAt(t, NOW);
  await insertParticipants(t, [P1]);
  await insertParticipants(t, [P2, P3], 'withdrawn');
  await t.db
    .update(users)
    .set(PERSONAL)
    .where(inArray(users.id, [P1, P2, P3]));
  await insertAnswers(t);
  await insertConsents(t);
  await insertVerifications(t);
}

/** A staff member's calls with their token, as `adminSession` makes the administrator's. */
const staffCalls =
  (t: TestApp, token: string): AdminCall =>
  (method, path, options) =>
    call(t, method, path, token, options);

/** The pseudonym of a participant as the portal's kept secret makes it: HMAC-SHA-256 of the user ID, in hex. */
async function expectedPseudonym(t: TestApp, userId: string) {
  const [row] = await t.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'secret:export-pseudonym'));
  expect(typeof row?.value).toBe('string');
  return createHmac('sha256', Buffer.from(row!.value as string, 'base64url'))
    .update(userId)
    .digest('hex');
}

/** The first cell of each record after the header. */
const firstCells = (records: string[]) => records.slice(1).map((record) => record.split(',')[0]!);

/** The records of a de-identified file after its header, for the participants' pseudonyms. */
function deidentifiedRecords(ps: Record<string, string>) {
  return {
    [ANSWERS]: [
      `${ps[P1]},2,,2026-03-02T10:00:00.000Z,2026-03-02T10:30:00.000Z,good,help;other,2,1,true`,
      `${ps[P2]},,${ONE_TIME_SURVEY},2026-03-31T20:00:00.000Z,2026-04-01T03:00:00.000Z,bad,,1,,false`,
      `${ps[P3]},1,,2026-04-10T14:00:00.000Z,2026-04-10T15:00:00.000Z,good,,,,`,
    ],
    // The dictionary of the de-identified answers file: the comment and the "other" text are left out of both.
    [DICTIONARY]: [
      'overall,How was the study?,¿Cómo fue el estudio?,radiogroup,good=Good | bad=Bad,good=Bueno | bad=Malo',
      'reasons,Why did you take part?,¿Por qué participó?,checkbox,help=To help others | other=Something else,' +
        'help=Para ayudar a otros | other=Otra razón',
      'rate.surveys,Rate each part: — Surveys,Califique cada parte: — Encuestas,matrix,1=Poor | 2=Fine,1=Mala | 2=Buena',
      'rate.emails,Rate each part: — E-mails,Califique cada parte: — Correos,matrix,1=Poor | 2=Fine,1=Mala | 2=Buena',
      'again,Would you join again?,¿Volvería a participar?,boolean,true=Yes | false=No,true=Sí | false=No',
    ],
    [CONSENT]: [
      `${ps[P1]},consent,2026-03-02T15:00:00.000Z,north-clinic,en,1,participant`,
      `${ps[P1]},reconsent,2026-03-20T15:00:00.000Z,north-clinic,en,2,participant`,
      `${ps[P2]},consent,2026-03-05T15:00:00.000Z,north-clinic,sp,1,participant`,
      `${ps[P3]},consent,2026-04-01T04:00:00.000Z,default,en,1,participant`,
      `${ps[P2]},withdrawal,2026-03-25T16:00:00.000Z,,,,participant`,
      `${ps[P3]},withdrawal,2026-04-02T16:00:00.000Z,,,,administrator`,
    ],
    [VERIFICATION]: [
      `${ps[P1]},north-clinic,verified,2026-03-02T15:00:00.000Z,2026-03-10T12:00:00.000Z,bulk`,
      `${ps[P2]},north-clinic,pending,2026-03-05T15:00:00.000Z,2026-03-05T15:00:00.000Z,`,
      `${ps[P3]},north-clinic,rejected,2026-04-01T04:00:00.000Z,2026-04-12T12:00:00.000Z,single`,
    ],
  };
}

const DEIDENTIFIED = [
  [ANSWERS, ANSWERS_HEADER, 'survey-answers-deidentified-exit-interview-v2-2026-04-15.csv'],
  [DICTIONARY, DICTIONARY_HEADER, 'data-dictionary-deidentified-exit-interview-v2-2026-04-15.csv'],
  [CONSENT, CONSENT_HEADER, 'consent-register-deidentified-2026-04-15.csv'],
  [VERIFICATION, VERIFICATION_HEADER, 'verification-register-deidentified-2026-04-15.csv'],
] as const;

/** `path` with one more query parameter. */
const withQuery = (path: string, parameter: string) => `${path}${path.includes('?') ? '&' : '?'}${parameter}`;

async function pseudonymsOf(t: TestApp): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all([P1, P2, P3].map(async (id) => [id, await expectedPseudonym(t, id)])));
}

// On both databases: the pseudonyms' secret is made in the database on first use and read back for each export.
describeEachDatabase('De-identified data export', (target) => {
  const testApp = useAuthApp(target);

  it('gives an analyst every file de-identified, whatever they ask, and audits the form produced', async () => {
    const t = testApp();
    await studyFixture(t);
    const analyst = await signedInStaff(t, { role: 'analyst' });
    const as = staffCalls(t, analyst.token);
    for (const asked of [undefined, 'deidentified=false', 'deidentified=true']) {
      for (const [path, header, fileName] of DEIDENTIFIED) {
        const file = await downloadCsv(as, asked ? withQuery(path, asked) : path);
        expect(file.fileName, `${path} ${asked}`).toBe(fileName);
        const records = recordsOf(file.body);
        expect(records[0], `${path} ${asked}`).toBe(header);
        expect(records.slice(1), `${path} ${asked}`).toEqual(deidentifiedRecords(await pseudonymsOf(t))[path]);
      }
    }
    const audits = await exportAudits(t, NOW, analyst.id);
    expect(audits).toHaveLength(12);
    expect(audits.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        {
          export: 'surveyAnswers',
          formKey: 'exit-interview',
          version: 2,
          deidentified: true,
          rowCount: 3,
          complete: true,
        },
        {
          export: 'dataDictionary',
          formKey: 'exit-interview',
          version: 2,
          deidentified: true,
          rowCount: 5,
          complete: true,
        },
        { export: 'consentRegister', deidentified: true, rowCount: 6, complete: true },
        { export: 'verificationRegister', deidentified: true, rowCount: 3, complete: true },
      ]),
    );
    expect(audits.every((a) => (a.details as { deidentified: unknown }).deidentified === true)).toBe(true);
  });

  it("leaves no e-mail, name, birth date, postal code, phone number, user ID or free text in an analyst's files", async () => {
    const t = testApp();
    await studyFixture(t);
    const analyst = await signedInStaff(t, { role: 'analyst' });
    const as = staffCalls(t, analyst.token);
    const administrator = await adminId(t);
    const bodies: string[] = [];
    for (const [path] of DEIDENTIFIED) bodies.push((await downloadCsv(as, path)).body);
    const everything = bodies.join('\n');
    const seeded = await t.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [P1, P2, P3]));
    const identifying = [
      ...seeded.flatMap((user) => [user.email, user.firstName, user.lastName]),
      PERSONAL.birthDate,
      '07/04/1961',
      PERSONAL.postalCode,
      PERSONAL.phoneNumber,
      '5550147',
      P1,
      P2,
      P3,
      administrator,
      analyst.id,
      ...FREE_TEXTS,
      ...SIGNER,
    ];
    expect(seeded).toHaveLength(3);
    for (const value of identifying) expect(everything, value).not.toContain(value);
    // The same files as an administrator shows what was left out.
    const admin = await adminSession(t);
    const identified = [];
    for (const [path] of DEIDENTIFIED) identified.push((await downloadCsv(admin, path)).body);
    for (const value of [P1, P2, P3, administrator, 'Fine, thanks', 'indented'])
      expect(identified.join('\n'), value).toContain(value);
  });

  it('gives a participant one pseudonym in every file and export: a keyed hash, not their user ID', async () => {
    const t = testApp();
    await studyFixture(t);
    const member = await signedInStaff(t, { role: 'analyst' });
    const analyst = staffCalls(t, member.token);
    const answers = recordsOf((await downloadCsv(analyst, ANSWERS)).body);
    const consents = recordsOf((await downloadCsv(analyst, CONSENT)).body);
    const ps = await pseudonymsOf(t);
    expect(firstCells(answers)).toEqual([ps[P1], ps[P2], ps[P3]]);
    expect(firstCells(consents)).toEqual([ps[P1], ps[P1], ps[P2], ps[P3], ps[P2], ps[P3]]);
    for (const userId of [P1, P2, P3]) {
      expect(ps[userId]).toMatch(/^[0-9a-f]{64}$/);
      expect(ps[userId]).not.toBe(userId);
      expect(ps[userId]).not.toBe(createHash('sha256').update(userId).digest('hex'));
    }
    expect(new Set(Object.values(ps)).size).toBe(3);

    // A day later in a new session, and for an administrator who asks for the de-identified form: the same.
    t.clock.advance(86_400_000);
    const nextDay = staffCalls(t, (await signIn(t, member.email, STAFF_PASSWORD)).access_token);
    const later = await downloadCsv(nextDay, ANSWERS);
    expect(later.fileName).toBe('survey-answers-deidentified-exit-interview-v2-2026-04-16.csv');
    expect(firstCells(recordsOf(later.body))).toEqual(firstCells(answers));
    const admin = await adminSession(t);
    const verifications = recordsOf((await downloadCsv(admin, withQuery(VERIFICATION, 'deidentified=true'))).body);
    expect(firstCells(verifications)).toEqual([ps[P1], ps[P2], ps[P3]]);
  });

  it("gives an administrator today's identified files unless they ask for the de-identified form", async () => {
    const t = testApp();
    await studyFixture(t);
    const admin = await adminSession(t);
    for (const [path, header, fileName] of DEIDENTIFIED) {
      const identified = await downloadCsv(admin, path);
      expect(identified.fileName).toBe(fileName.replace('-deidentified', ''));
      const records = recordsOf(identified.body);
      expect(records[0]).toBe(IDENTIFIED_HEADERS[path]);
      if (path !== DICTIONARY) expect(firstCells(records)).toContain(P1);
      const deidentified = await downloadCsv(admin, withQuery(path, 'deidentified=true'));
      expect(deidentified.fileName).toBe(fileName);
      expect(recordsOf(deidentified.body)).toEqual([header, ...deidentifiedRecords(await pseudonymsOf(t))[path]]);
      expect(recordsOf((await downloadCsv(admin, withQuery(path, 'deidentified=false'))).body)).toEqual(records);
    }
    // Written at one instant, the audit rows have no order of their own.
    const audits = (await exportAudits(t, NOW)).map((a) => a.details as { export: string; deidentified: boolean });
    expect(audits.map((a) => `${a.export} ${a.deidentified}`).sort()).toEqual(
      ['surveyAnswers', 'dataDictionary', 'consentRegister', 'verificationRegister']
        .flatMap((kind) => [`${kind} false`, `${kind} true`, `${kind} false`])
        .sort(),
    );
  });

  it('lists the questionnaires for an analyst, refuses a role without export, and a form that is not true or false', async () => {
    const t = testApp();
    await studyFixture(t);
    const analyst = staffCalls(t, (await signedInStaff(t, { role: 'analyst' })).token);
    const list = await dataOf<{ formKey: string; version: number; submitted: number }[]>(
      analyst('GET', '/data-export/instruments'),
    );
    expect(list.map((i) => [i.formKey, i.version, i.submitted])).toContainEqual(['exit-interview', 2, 3]);
    const helpDesk = staffCalls(t, (await signedInStaff(t, { role: 'helpDesk' })).token);
    for (const [path] of DEIDENTIFIED) {
      const refused = await helpDesk('GET', path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toEqual(FORBIDDEN);
    }
    expect((await analyst('GET', withQuery(CONSENT, 'deidentified=yes'))).statusCode).toBe(400);
  });
});
