import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, dataOf, expectAdminOnly } from './settings-helpers';
import {
  adminId,
  answersFixture,
  downloadCsv,
  EXPORT_NOW as NOW,
  exportAudits,
  ONE_TIME_SURVEY,
  P1,
  P2,
  P3,
  recordsOf,
} from './data-export-helpers';

const ANSWERS = '/data-export/survey-answers?formKey=exit-interview&version=2';
const DICTIONARY = '/data-export/data-dictionary?formKey=exit-interview&version=2';
const HEADER =
  'participantId,roundNumber,oneTimeSurveyId,startedAt,submittedAt,overall,reasons,reasons-Comment,rate.surveys,' +
  'rate.emails,again,notes';
/** The three submitted responses to version 2, in id order. */
const R1 =
  `${P1},2,,2026-03-02T10:00:00.000Z,2026-03-02T10:30:00.000Z,good,help;other,"'=HYPERLINK(""x"")",2,1,true,` +
  '"Fine, thanks"';
const R2 = `${P2},,${ONE_TIME_SURVEY},2026-03-31T20:00:00.000Z,2026-04-01T03:00:00.000Z,bad,,,1,,false,'-5 stars`;
const R5 = `${P3},1,,2026-04-10T14:00:00.000Z,2026-04-10T15:00:00.000Z,good,,'\tindented,,,,'@mention`;

describeOnDatabase('Data export of survey answers', (target) => {
  const testApp = useAuthApp(target);

  it('is for administrators only', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    await expectAdminOnly(t, tokens.access_token, [
      ['GET', '/data-export/instruments'],
      ['GET', ANSWERS],
      ['GET', DICTIONARY],
      ['GET', '/data-export/consent-register'],
      ['GET', '/data-export/verification-register'],
    ]);
  });

  it('lists the questionnaire versions with their submitted responses', async () => {
    const t = testApp();
    await answersFixture(t);
    const admin = await adminSession(t);
    const list = await dataOf<{ formKey: string; version: number; kind: string; submitted: number }[]>(
      admin('GET', '/data-export/instruments'),
    );
    expect(list.map((i) => [i.formKey, i.version, i.kind, i.submitted])).toEqual([
      ['core', 1, 'round', 0],
      ['quality-of-life', 1, 'round', 0],
      ['health-status', 1, 'round', 0],
      ['exit-interview', 1, 'one-time', 1],
      ['exit-interview', 2, 'one-time', 3],
    ]);
    expect(list[4]).toMatchObject({ title: { en: 'Exit interview', sp: 'Entrevista final' } });
  });

  it('writes one row per submitted response of the version, formulas neutralised, and audits the download', async () => {
    const t = testApp();
    await answersFixture(t);
    const admin = await adminSession(t);
    const file = await downloadCsv(admin, ANSWERS);
    expect(file.fileName).toBe('survey-answers-exit-interview-v2-2026-04-15.csv');
    expect(recordsOf(file.body)).toEqual([HEADER, R1, R2, R5]);
    expect(await exportAudits(t, NOW)).toEqual([
      {
        actorId: await adminId(t),
        ip: '127.0.0.1',
        details: {
          export: 'surveyAnswers',
          formKey: 'exit-interview',
          version: 2,
          deidentified: false,
          rowCount: 3,
          complete: true,
        },
      },
    ]);
  });

  it('narrows the answers to the days of a range in the study time zone', async () => {
    const t = testApp();
    await answersFixture(t);
    const admin = await adminSession(t);
    const march = await downloadCsv(admin, `${ANSWERS}&from=2026-03-01&to=2026-03-31`);
    expect(recordsOf(march.body)).toEqual([HEADER, R1, R2]);
    const april = await downloadCsv(admin, `${ANSWERS}&from=2026-04-01&to=2026-04-30`);
    expect(recordsOf(april.body)).toEqual([HEADER, R5]);
    const audits = await exportAudits(t, NOW);
    expect(audits.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        {
          export: 'surveyAnswers',
          formKey: 'exit-interview',
          version: 2,
          range: { from: '2026-04-01', to: '2026-04-30' },
          deidentified: false,
          rowCount: 1,
          complete: true,
        },
      ]),
    );
  });

  it('describes each column of the answers in a data dictionary', async () => {
    const t = testApp();
    await answersFixture(t);
    const admin = await adminSession(t);
    const file = await downloadCsv(admin, DICTIONARY);
    expect(file.fileName).toBe('data-dictionary-exit-interview-v2-2026-04-15.csv');
    expect(recordsOf(file.body)).toEqual([
      'code,labelEn,labelSp,type,answersEn,answersSp',
      'overall,How was the study?,¿Cómo fue el estudio?,radiogroup,good=Good | bad=Bad,good=Bueno | bad=Malo',
      'reasons,Why did you take part?,¿Por qué participó?,checkbox,help=To help others | other=Something else,' +
        'help=Para ayudar a otros | other=Otra razón',
      'reasons-Comment,Why did you take part? — Something else,¿Por qué participó? — Otra razón,text,,',
      'rate.surveys,Rate each part: — Surveys,Califique cada parte: — Encuestas,matrix,1=Poor | 2=Fine,1=Mala | 2=Buena',
      'rate.emails,Rate each part: — E-mails,Califique cada parte: — Correos,matrix,1=Poor | 2=Fine,1=Mala | 2=Buena',
      'again,Would you join again?,¿Volvería a participar?,boolean,true=Yes | false=No,true=Sí | false=No',
      'notes,Anything else?,Anything else?,comment,,',
    ]);
    expect((await exportAudits(t, NOW)).map((a) => a.details)).toEqual([
      {
        export: 'dataDictionary',
        formKey: 'exit-interview',
        version: 2,
        deidentified: false,
        rowCount: 7,
        complete: true,
      },
    ]);
  });

  it('refuses a range the wrong way round, over five years or half given, and a version that does not exist', async () => {
    const t = testApp();
    await answersFixture(t);
    const admin = await adminSession(t);
    for (const [path, en, sp] of [
      [
        `${ANSWERS}&from=2026-04-02&to=2026-04-01`,
        'The start date must be on or before the end date.',
        'La fecha de inicio debe ser igual o anterior a la fecha de fin.',
      ],
      [
        '/data-export/consent-register?from=2021-04-15&to=2026-04-15',
        'Choose a range of five years or less.',
        'Elija un rango de cinco años o menos.',
      ],
      [
        '/data-export/verification-register?from=2026-04-01',
        'Enter both a start date and an end date, or neither.',
        'Escriba una fecha de inicio y una fecha de fin, o ninguna de las dos.',
      ],
    ] as const) {
      const english = await admin('GET', path);
      expect(english.statusCode, path).toBe(400);
      expect(english.json(), path).toEqual({ status: false, message: en });
      expect((await admin('GET', path, { language: 'sp' })).json(), path).toEqual({ status: false, message: sp });
    }
    const missing = await admin('GET', '/data-export/survey-answers?formKey=exit-interview&version=3');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: 'There is no questionnaire with this key and version.' });
    expect(await exportAudits(t, NOW)).toEqual([]);
  });
});
