import { expect, it } from 'vitest';
import { expectValidFhir } from '../src/modules/data-export/formats/fhir/validate-fhir.test-helper';
import { describeEachDatabase, type TestApp } from './helpers';
import { useAuthApp } from './auth-helpers';
import { adminSession } from './settings-helpers';
import { adminId, ONE_TIME_SURVEY, P1, P2, P3 } from './data-export-helpers';
import {
  csvRecords,
  downloadArchive,
  EVERYTHING,
  ndjson,
  runExportJob,
  smallStudy,
  startRun,
} from './export-run-helpers';

async function archiveOf(t: TestApp, deidentified: boolean) {
  const admin = await adminSession(t);
  const run = await startRun(admin, { ...EVERYTHING, deidentified });
  expect(await runExportJob(t)).toBe(1);
  return (await downloadArchive(admin, run.id)).files;
}

/** The study status records but that of the seeded demo participant, the only one who never signed. */
const withoutDemo = (text: string) => csvRecords(text).filter((record) => !record.includes(',registered,'));

const ARCHIVE_FILES = [
  'data/survey-answers-exit-interview-v2.csv',
  'data/data-dictionary-exit-interview-v2.csv',
  'data/consent-register.csv',
  'data/verification-register.csv',
  'data/study-status.csv',
  'data/datapackage.json',
  'redcap/data-dictionary.csv',
  'redcap/events.csv',
  'redcap/instrument-designations.csv',
  'redcap/repeating-instruments.csv',
  'redcap/records-exit_interview_v2.csv',
  'fhir/ResearchStudy.ndjson',
  'fhir/ResearchSubject.ndjson',
  'fhir/Questionnaire.ndjson',
  'fhir/QuestionnaireResponse.ndjson',
  'fhir/Consent.ndjson',
  'README.md',
];

const DAY_MS = 86_400_000;

// On each database: the formats are read through the database's own ordering and date handling.
describeEachDatabase('Data export run formats', (target) => {
  const testApp = useAuthApp(target);

  it('writes the data package, REDCap and FHIR R4 files of the small study, identified', async () => {
    const t = testApp();
    await smallStudy(t);
    const files = await archiveOf(t, false);
    expect(Object.keys(files)).toEqual(ARCHIVE_FILES);

    expect(csvRecords(files['data/survey-answers-exit-interview-v2.csv']!)).toEqual([
      'participantId,roundNumber,oneTimeSurveyId,startedAt,submittedAt,overall,reasons,reasons-Comment,rate.surveys,rate.emails,again,notes',
      `${P1},2,,2026-03-02T10:00:00.000Z,2026-03-02T10:30:00.000Z,good,help;other,"'=HYPERLINK(""x"")",2,1,true,"Fine, thanks"`,
      `${P2},,${ONE_TIME_SURVEY},2026-03-31T20:00:00.000Z,2026-04-01T03:00:00.000Z,bad,,,1,,false,'-5 stars`,
      `${P3},1,,2026-04-10T14:00:00.000Z,2026-04-10T15:00:00.000Z,good,,'\tindented,,,,'@mention`,
    ]);
    expect(withoutDemo(files['data/study-status.csv']!)).toEqual([
      'participantId,status,healthSystem,language,registeredAt,consentedAt,withdrawnAt,birthDate,postalCode,gender,country',
      `${P1},consented,,en,2026-03-01T12:00:00.000Z,2026-03-02T15:00:00.000Z,,1936-04-15,03601,,USA`,
      `${P2},withdrawn,,en,2026-03-04T12:00:00.000Z,2026-03-05T15:00:00.000Z,2026-03-25T16:00:00.000Z,1937-01-01,90210-1234,,USA`,
      `${P3},withdrawn,,en,2026-03-31T12:00:00.000Z,2026-04-01T04:00:00.000Z,2026-04-02T16:00:00.000Z,1980-07-04,60601,,USA`,
    ]);
    expect(csvRecords(files['data/consent-register.csv']!)).toEqual([
      'participantId,event,date,healthSystem,formLanguage,formVersion,carriedOutBy,administratorId',
      `${P1},consent,2026-03-02T15:00:00.000Z,north-clinic,en,1,participant,`,
      `${P1},reconsent,2026-03-20T15:00:00.000Z,north-clinic,en,2,participant,`,
      `${P2},consent,2026-03-05T15:00:00.000Z,north-clinic,sp,1,participant,`,
      `${P3},consent,2026-04-01T04:00:00.000Z,default,en,1,participant,`,
      `${P2},withdrawal,2026-03-25T16:00:00.000Z,,,,participant,`,
      `${P3},withdrawal,2026-04-02T16:00:00.000Z,,,,administrator,${await adminId(t)}`,
    ]);
    const dataPackage = JSON.parse(files['data/datapackage.json']!) as {
      profile: string;
      resources: Array<{ path: string; schema: { fields: Array<{ name: string; type: string }> } }>;
    };
    expect(dataPackage.resources.map((resource) => resource.path)).toEqual([
      'survey-answers-exit-interview-v2.csv',
      'data-dictionary-exit-interview-v2.csv',
      'consent-register.csv',
      'verification-register.csv',
      'study-status.csv',
    ]);
    for (const resource of dataPackage.resources)
      expect(resource.schema.fields.map((field) => field.name).join(','), resource.path).toBe(
        csvRecords(files[`data/${resource.path}`]!)[0],
      );
    expect(dataPackage.resources[4]!.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual([
      'participantId:string',
      'status:string',
      'healthSystem:string',
      'language:string',
      'registeredAt:datetime',
      'consentedAt:datetime',
      'withdrawnAt:datetime',
      'birthDate:date',
      'postalCode:string',
      'gender:string',
      'country:string',
    ]);

    const dictionary = csvRecords(files['redcap/data-dictionary.csv']!);
    expect(dictionary[0]).toBe(
      'Variable / Field Name,Form Name,Section Header,Field Type,Field Label,"Choices, Calculations, OR Slider ' +
        'Labels",Field Note,Text Validation Type OR Show Slider Number,Text Validation Min,Text Validation Max,' +
        'Identifier?,Branching Logic (Show field only if...),Required Field?,Custom Alignment,Question Number ' +
        '(surveys only),Matrix Group Name,Matrix Ranking?,Field Annotation',
    );
    expect(dictionary[1]).toBe('record_id,exit_interview_v2,,text,Record ID,,,,,,y,,,,,,,Portal participant');
    expect(dictionary[2]).toBe(
      'overall,exit_interview_v2,,radio,How was the study?,"good, Good | bad, Bad",,,,,,,,,,,,"Portal question: ' +
        'overall\nSpanish: ¿Cómo fue el estudio?\nSpanish choices: good, Bueno | bad, Malo"',
    );
    expect(csvRecords(files['redcap/events.csv']!)).toEqual([
      'event_name,arm_num,day_offset,offset_min,offset_max,unique_event_name,custom_event_label',
      'Round 1,1,0,0,0,round_1_arm_1,',
      'Round 2,1,1,0,0,round_2_arm_1,',
      'One time surveys,1,2,0,0,one_time_surveys_arm_1,',
    ]);
    expect(csvRecords(files['redcap/instrument-designations.csv']!)).toEqual([
      'arm_num,unique_event_name,form',
      '1,round_1_arm_1,exit_interview_v2',
      '1,round_2_arm_1,exit_interview_v2',
      '1,one_time_surveys_arm_1,exit_interview_v2',
    ]);
    expect(csvRecords(files['redcap/records-exit_interview_v2.csv']!)).toEqual([
      'record_id,redcap_event_name,redcap_repeat_instrument,redcap_repeat_instance,overall,reasons___help,' +
        'reasons___other,reasons_comment,rate_surveys,rate_emails,again,notes,exit_interview_v2_complete',
      `${P1},round_2_arm_1,,,good,1,1,"=HYPERLINK(""x"")",2,1,true,"Fine, thanks",2`,
      `${P2},one_time_surveys_arm_1,exit_interview_v2,1,bad,0,0,,1,,false,-5 stars,2`,
      `${P3},round_1_arm_1,,,good,0,0,\tindented,,,,@mention,2`,
    ]);

    const resources = Object.entries(files)
      .filter(([path]) => path.startsWith('fhir/'))
      .flatMap(([, text]) => ndjson(text));
    expect(resources).toHaveLength(13);
    for (const resource of resources) expectValidFhir(resource as { resourceType: string });
    const participant = (value: string) => ({
      type: 'Patient',
      identifier: { system: 'urn:kidney-study-portal:participant-id', value },
    });
    expect(ndjson(files['fhir/ResearchSubject.ndjson']!)).toContainEqual({
      resourceType: 'ResearchSubject',
      id: P2,
      status: 'withdrawn',
      period: { start: '2026-03-05T15:00:00.000Z', end: '2026-03-25T16:00:00.000Z' },
      study: { reference: 'ResearchStudy/kidney-research-study' },
      individual: participant(P2),
    });
    const [questionnaire] = ndjson(files['fhir/Questionnaire.ndjson']!);
    const items = questionnaire!.item as Array<{ linkId: string; type: string; item?: Array<{ linkId: string }> }>;
    expect(items.map((item) => `${item.linkId}:${item.type}`)).toEqual([
      'intro:display',
      'overall:choice',
      'reasons:choice',
      'reasons-Comment:string',
      'rate:group',
      'again:boolean',
      'notes:text',
    ]);
    const code = (question: string, value: string, display: string) => ({
      valueCoding: { system: `urn:kidney-study-portal:questionnaire:exit-interview:${question}`, code: value, display },
    });
    expect(ndjson(files['fhir/QuestionnaireResponse.ndjson']!)[1]).toEqual({
      resourceType: 'QuestionnaireResponse',
      id: '20000000-0000-4000-8000-000000000002',
      questionnaire: 'urn:kidney-study-portal:questionnaire:exit-interview|2',
      status: 'completed',
      subject: participant(P2),
      authored: '2026-04-01T03:00:00.000Z',
      item: [
        { linkId: 'overall', answer: [code('overall', 'bad', 'Bad')] },
        { linkId: 'rate', item: [{ linkId: 'rate.surveys', answer: [code('rate.surveys', '1', 'Poor')] }] },
        { linkId: 'again', answer: [{ valueBoolean: false }] },
        { linkId: 'notes', answer: [{ valueString: '-5 stars' }] },
      ],
    });
    expect(ndjson(files['fhir/Consent.ndjson']!)[2]).toEqual({
      resourceType: 'Consent',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'inactive',
      scope: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'research', display: 'Research' },
        ],
      },
      category: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/consentcategorycodes',
              code: 'research',
              display: 'Research Information Access',
            },
          ],
        },
      ],
      patient: participant(P2),
      dateTime: '2026-03-05T15:00:00.000Z',
      policy: [{ uri: 'urn:kidney-study-portal:consent-form:health-system:north-clinic:es:v1' }],
      sourceAttachment: {
        contentType: 'application/pdf',
        language: 'es',
        url: `nih:sha-256;${'a'.repeat(64)}`,
        size: 4,
        title: 'Signed consent form',
      },
      provision: { type: 'permit', period: { start: '2026-03-05T15:00:00.000Z', end: '2026-03-25T16:00:00.000Z' } },
    });
    for (const text of Object.values(files))
      for (const personal of ['Rosa', 'Vega', 'example.org', '5550104477']) expect(text).not.toContain(personal);
  });

  it('de-identifies by rule: run pseudonyms, dates shifted per participant, years of birth, three-digit ZIPs', async () => {
    const t = testApp();
    await smallStudy(t);
    const files = await archiveOf(t, true);
    expect(Object.keys(files)).toEqual(
      ARCHIVE_FILES.map((path) => path.replace('exit-interview', 'one-time-1').replace('exit_interview', 'one_time_1')),
    );
    for (const [path, text] of Object.entries(files)) {
      // The one-time form's key (which holds its survey's id) and the signed copies' SHA-256 stay out too.
      for (const kept of [P1, P2, P3, ONE_TIME_SURVEY, '20000000-0000', await adminId(t), 'exit-interview', 'aaaaaaaa'])
        expect(text, path).not.toContain(kept);
      for (const personal of ['Rosa', 'Vega', 'example.org', '5550104477', 'Fine, thanks', '@mention'])
        expect(text, path).not.toContain(personal);
    }
    const status = withoutDemo(files['data/study-status.csv']!).map((record) => record.split(','));
    expect(status[0]).toEqual([
      'participantPseudonym',
      'status',
      'healthSystem',
      'language',
      'registeredAt',
      'consentedAt',
      'withdrawnAt',
      'birthYear',
      'postalCode3',
      'gender',
      'country',
    ]);
    const pseudonyms = status.slice(1).map((cells) => cells[0]!);
    for (const pseudonym of pseudonyms) expect(pseudonym).toMatch(/^p-[0-9a-f]{16}$/);
    expect(new Set(pseudonyms).size).toBe(3);
    // In user-ID order: P1 born in 1936 may be 90 in 2026, the year of the run; P2 born in 1937 is 89 at most.
    expect(status.slice(1).map((cells) => [cells[1], cells[7], cells[8]])).toEqual([
      ['consented', '90+', '000'],
      ['withdrawn', '1937', '902'],
      ['withdrawn', '1980', '606'],
    ]);
    const shiftOf = (cells: string[], kept: string, field: number) =>
      (Date.parse(cells[field]!) - Date.parse(kept)) / DAY_MS;
    const shifts = status.slice(1).map((cells, index) => {
      const registered = ['2026-03-01T12:00:00.000Z', '2026-03-04T12:00:00.000Z', '2026-03-31T12:00:00.000Z'][index]!;
      const consented = ['2026-03-02T15:00:00.000Z', '2026-03-05T15:00:00.000Z', '2026-04-01T04:00:00.000Z'][index]!;
      const shift = shiftOf(cells, registered, 4);
      expect(Number.isInteger(shift)).toBe(true);
      expect(Math.abs(shift)).toBeLessThanOrEqual(180);
      expect(shiftOf(cells, consented, 5)).toBe(shift);
      return shift;
    });
    // P1's consent and re-consent stay 18 days apart; the survey answers keep P1's 30 minutes.
    const consent = csvRecords(files['data/consent-register.csv']!).map((record) => record.split(','));
    const p1 = consent.filter((cells) => cells[0] === pseudonyms[0]);
    expect(p1.map((cells) => cells[1])).toEqual(['consent', 'reconsent']);
    expect((Date.parse(p1[1]![2]!) - Date.parse(p1[0]![2]!)) / DAY_MS).toBe(18);
    expect(shiftOf(p1[0]!, '2026-03-02T15:00:00.000Z', 2)).toBe(shifts[0]);
    expect(consent[0]).toEqual([
      'participantPseudonym',
      'event',
      'date',
      'healthSystem',
      'formLanguage',
      'formVersion',
      'carriedOutBy',
    ]);
    const answers = csvRecords(files['data/survey-answers-one-time-1-v2.csv']!);
    expect(answers[0]).toBe(
      'participantPseudonym,roundNumber,oneTimeSurveyId,startedAt,submittedAt,overall,reasons,rate.surveys,' +
        'rate.emails,again',
    );
    const p1Answer = answers[1]!.split(',');
    expect(p1Answer[0]).toBe(pseudonyms[0]);
    expect(Date.parse(p1Answer[4]!) - Date.parse(p1Answer[3]!)).toBe(30 * 60_000);
    expect(shiftOf(p1Answer, '2026-03-02T10:30:00.000Z', 4)).toBe(shifts[0]);
    expect(answers[2]!.split(',')[2]).toMatch(/^o-[0-9a-f]{16}$/);

    const resources = Object.entries(files)
      .filter(([path]) => path.startsWith('fhir/'))
      .flatMap(([, text]) => ndjson(text));
    for (const resource of resources) expectValidFhir(resource as { resourceType: string });
    expect(files['README.md']).toContain('appear as "000"');
    expect(files['README.md']).toContain('"90+"');
    expect(files['README.md']).toContain('shifted by a whole number of days between -180 and 180');
  });
});
