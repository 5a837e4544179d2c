import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExportDataset } from '../dataset';
import type { WrittenFile } from '../entry';
import { dataPackageEntries } from './entries';
import type { TableSchema } from './fields';
import { testDataset } from './test-dataset';

/** Writes the entries in order, as the archive writer does: each sees the files written before it. */
async function writeAll(dataset: ExportDataset) {
  const written = new Map<string, WrittenFile>();
  const files = new Map<string, string>();
  for (const entry of dataPackageEntries(dataset)) {
    let body = '';
    let records = 0;
    for await (const batch of entry.records(written)) {
      body += batch.join('');
      records += batch.length;
    }
    files.set(entry.path, body);
    written.set(entry.path, {
      path: entry.path,
      about: entry.about,
      bytes: Buffer.byteLength(body),
      sha256: createHash('sha256').update(body).digest('hex'),
      rows: records - entry.headerRecords,
    });
  }
  return { files, written };
}

const lines = (body: string | undefined) => body!.split('\r\n').slice(0, -1);
const ANSWERS = 'data/survey-answers-kidney_health-v2.csv';
const DICTIONARY = 'data/data-dictionary-kidney_health-v2.csv';
const PATHS = [
  ANSWERS,
  DICTIONARY,
  'data/consent-register.csv',
  'data/verification-register.csv',
  'data/study-status.csv',
  'data/datapackage.json',
];

describe('the data package of an identified run', () => {
  it('writes the portal’s CSV files in UTF-8 with CRLF, by user ID, with free text and the administrator', async () => {
    const { files } = await writeAll(testDataset(false));
    expect([...files.keys()]).toEqual(PATHS);
    expect(lines(files.get(ANSWERS))).toEqual([
      'participantId,roundNumber,oneTimeSurveyId,startedAt,submittedAt,swelling,symptoms,notes',
      "u1,1,,,2026-03-03T10:00:00.000Z,'-1,itching;fatigue,Tired",
      'u2,1,,,2026-03-06T10:00:00.000Z,0,,',
      'u1,2,,,2026-04-03T10:00:00.000Z,1,fatigue,',
    ]);
    expect(lines(files.get(DICTIONARY))).toEqual([
      'code,labelEn,labelSp,type,answersEn,answersSp',
      "swelling,Swelling,Hinchazón,radiogroup,'-1=Less | 0=Same | 1=More,'-1=Menos | 0=Igual | 1=Más",
      'symptoms,Symptoms,Síntomas,checkbox,itching=Itching | fatigue=Fatigue,itching=Picazón | fatigue=Cansancio',
      'notes,Notes,Notas,comment,,',
    ]);
    expect(lines(files.get('data/consent-register.csv'))).toEqual([
      'participantId,event,date,healthSystem,formLanguage,formVersion,carriedOutBy,administratorId',
      'u1,consent,2026-03-02T15:00:00.000Z,north-clinic,en,1,participant,',
      'u1,reconsent,2026-03-20T15:00:00.000Z,north-clinic,en,2,participant,',
      'u2,consent,2026-03-05T15:00:00.000Z,north-clinic,en,1,participant,',
      'u3,consent,2026-04-01T04:00:00.000Z,default,en,1,participant,',
      'u3,withdrawal,2026-04-02T16:00:00.000Z,,,,administrator,admin-1',
    ]);
    expect(lines(files.get('data/verification-register.csv'))).toEqual([
      'participantId,healthSystem,status,consentedAt,updatedAt,lastChange',
      'u1,north-clinic,verified,2026-03-02T15:00:00.000Z,2026-03-10T09:00:00.000Z,single',
      'u2,north-clinic,pending,2026-03-05T15:00:00.000Z,2026-03-05T15:00:00.000Z,',
    ]);
    expect(lines(files.get('data/study-status.csv'))).toEqual([
      'participantId,status,healthSystem,language,registeredAt,consentedAt,withdrawnAt,birthDate,postalCode,gender,country',
      'u1,consented,north-clinic,en,2026-03-01T08:00:00.000Z,2026-03-02T15:00:00.000Z,,1961-04-12,60601,female,USA',
      'u2,consented,north-clinic,sp,2026-03-04T08:00:00.000Z,2026-03-05T15:00:00.000Z,,1935-01-20,03601,male,USA',
      'u3,withdrawn,,en,2026-03-31T08:00:00.000Z,2026-04-01T04:00:00.000Z,2026-04-02T16:00:00.000Z,,,,',
    ]);
  });

  it('types the identified birth as a date and the postal code as given', async () => {
    const { files } = await writeAll(testDataset(false));
    const fields = JSON.parse(files.get('data/datapackage.json')!).resources[4].schema.fields;
    expect(fields.slice(7, 9)).toEqual([
      { name: 'birthDate', type: 'date', title: 'Date of birth', description: 'es: Fecha de nacimiento' },
      { name: 'postalCode', type: 'string', title: 'Postal code', description: 'es: Código postal' },
    ]);
  });
});

describe('the data package of a de-identified run', () => {
  it('writes pseudonyms, the shifted moments, birth years and ZIP areas, without free text nor administrator', async () => {
    const { files } = await writeAll(testDataset(true));
    expect([...files.keys()]).toEqual(PATHS);
    expect(lines(files.get(ANSWERS))).toEqual([
      'participantPseudonym,roundNumber,oneTimeSurveyId,startedAt,submittedAt,swelling,symptoms',
      "p-1a2b3c4d5e6f7a8b,1,,,2026-03-13T10:00:00.000Z,'-1,itching;fatigue",
      'p-2b3c4d5e6f7a8b9c,1,,,2026-03-16T10:00:00.000Z,0,',
      'p-1a2b3c4d5e6f7a8b,2,,,2026-04-13T10:00:00.000Z,1,fatigue',
    ]);
    expect(lines(files.get(DICTIONARY))).toEqual([
      'code,labelEn,labelSp,type,answersEn,answersSp',
      "swelling,Swelling,Hinchazón,radiogroup,'-1=Less | 0=Same | 1=More,'-1=Menos | 0=Igual | 1=Más",
      'symptoms,Symptoms,Síntomas,checkbox,itching=Itching | fatigue=Fatigue,itching=Picazón | fatigue=Cansancio',
    ]);
    expect(lines(files.get('data/consent-register.csv'))).toEqual([
      'participantPseudonym,event,date,healthSystem,formLanguage,formVersion,carriedOutBy',
      'p-1a2b3c4d5e6f7a8b,consent,2026-03-12T15:00:00.000Z,north-clinic,en,1,participant',
      'p-1a2b3c4d5e6f7a8b,reconsent,2026-03-30T15:00:00.000Z,north-clinic,en,2,participant',
      'p-2b3c4d5e6f7a8b9c,consent,2026-03-15T15:00:00.000Z,north-clinic,en,1,participant',
      'p-3c4d5e6f7a8b9c0d,consent,2026-04-11T04:00:00.000Z,default,en,1,participant',
      'p-3c4d5e6f7a8b9c0d,withdrawal,2026-04-12T16:00:00.000Z,,,,administrator',
    ]);
    expect(lines(files.get('data/verification-register.csv'))).toEqual([
      'participantPseudonym,healthSystem,status,consentedAt,updatedAt,lastChange',
      'p-1a2b3c4d5e6f7a8b,north-clinic,verified,2026-03-12T15:00:00.000Z,2026-03-20T09:00:00.000Z,single',
      'p-2b3c4d5e6f7a8b9c,north-clinic,pending,2026-03-15T15:00:00.000Z,2026-03-15T15:00:00.000Z,',
    ]);
    expect(lines(files.get('data/study-status.csv'))).toEqual([
      'participantPseudonym,status,healthSystem,language,registeredAt,consentedAt,withdrawnAt,birthYear,postalCode3,gender,country',
      'p-1a2b3c4d5e6f7a8b,consented,north-clinic,en,2026-03-11T08:00:00.000Z,2026-03-12T15:00:00.000Z,,1961,606,female,USA',
      'p-2b3c4d5e6f7a8b9c,consented,north-clinic,sp,2026-03-14T08:00:00.000Z,2026-03-15T15:00:00.000Z,,90+,000,male,USA',
      'p-3c4d5e6f7a8b9c0d,withdrawn,,en,2026-04-10T08:00:00.000Z,2026-04-11T04:00:00.000Z,2026-04-12T16:00:00.000Z,,,,',
    ]);
  });

  it('types the birth year as text of four digits or 90+ (no Table Schema year holds 90+), the ZIP area as three digits', async () => {
    const { files } = await writeAll(testDataset(true));
    const fields = JSON.parse(files.get('data/datapackage.json')!).resources[4].schema.fields;
    expect(fields.slice(7, 9)).toEqual([
      {
        name: 'birthYear',
        type: 'string',
        title: 'Year of birth, or 90+ for an age of 90 or more',
        description: 'es: Año de nacimiento, o 90+ para una edad de 90 años o más',
        constraints: { pattern: '([0-9]{4}|90\\+)' },
      },
      {
        name: 'postalCode3',
        type: 'string',
        title: 'First three digits of the US ZIP code, 000 for an area of 20,000 people or fewer',
        description:
          'es: Tres primeros dígitos del código postal de EE. UU., 000 para un área de 20,000 personas o menos',
        constraints: { pattern: '[0-9]{3}' },
      },
    ]);
  });
});

describe('the Data Package descriptor', () => {
  it.each([false, true])(
    'describes each CSV file with fields named as its header, in order (de-identified: %s)',
    async (deidentified) => {
      const { files } = await writeAll(testDataset(deidentified));
      const descriptor = JSON.parse(files.get('data/datapackage.json')!);
      expect(descriptor.resources.map((r: { path: string }) => `data/${r.path}`)).toEqual(PATHS.slice(0, -1));
      for (const resource of descriptor.resources as { path: string; schema: TableSchema }[])
        expect(resource.schema.fields.map((field) => field.name).join(',')).toBe(
          lines(files.get(`data/${resource.path}`))[0],
        );
    },
  );

  it('gives a coded column the codes as the file holds them, a column of several codes none', async () => {
    const { files } = await writeAll(testDataset(true));
    const [, , , , , swelling, symptoms] = JSON.parse(files.get('data/datapackage.json')!).resources[0].schema.fields;
    expect(swelling).toEqual({
      name: 'swelling',
      type: 'string',
      title: 'Swelling',
      description: 'es: Hinchazón',
      constraints: { enum: ["'-1", '0', '1'] },
    });
    expect(symptoms).toEqual({
      name: 'symptoms',
      type: 'string',
      title: 'Symptoms',
      description: 'es: Síntomas (one or more answer codes joined by ";", as the data dictionary lists them)',
    });
  });

  it('is written whole for a run of the verification register alone', async () => {
    const { deidentified, startedAt, study, responses, verifications } = testDataset(false);
    const { files } = await writeAll({ deidentified, startedAt, study, forms: [], responses, verifications });
    expect([...files.keys()]).toEqual(['data/verification-register.csv', 'data/datapackage.json']);
    expect(files.get('data/verification-register.csv')).toBe(
      'participantId,healthSystem,status,consentedAt,updatedAt,lastChange\r\n' +
        'u1,north-clinic,verified,2026-03-02T15:00:00.000Z,2026-03-10T09:00:00.000Z,single\r\n' +
        'u2,north-clinic,pending,2026-03-05T15:00:00.000Z,2026-03-05T15:00:00.000Z,\r\n',
    );
    expect(files.get('data/datapackage.json')).toBe(
      `${JSON.stringify(
        {
          profile: 'tabular-data-package',
          name: 'kidney-research-study',
          title: 'Kidney Research Study',
          created: '2026-04-15T12:00:00.000Z',
          resources: [
            {
              name: 'verification-register',
              path: 'verification-register.csv',
              profile: 'tabular-data-resource',
              description:
                'Each health system verification record: its status, when it was last updated and by what change.',
              format: 'csv',
              mediatype: 'text/csv',
              encoding: 'utf-8',
              bytes: 227,
              hash: 'sha256:7436b8ab18df112cdf25cab8d11e4dbe0202ed8d3952f790887bf945abbbf872',
              schema: {
                fields: [
                  {
                    name: 'participantId',
                    type: 'string',
                    title: 'Participant (user ID)',
                    description: 'es: Participante (ID de usuario)',
                    constraints: { required: true },
                  },
                  {
                    name: 'healthSystem',
                    type: 'string',
                    title: 'Health system',
                    description: 'es: Sistema de salud',
                    constraints: { required: true },
                  },
                  {
                    name: 'status',
                    type: 'string',
                    title: 'Status',
                    description: 'es: Estado',
                    constraints: { required: true, enum: ['verified', 'rejected', 'pending'] },
                  },
                  { name: 'consentedAt', type: 'datetime', title: 'Consented at', description: 'es: Consentimiento' },
                  {
                    name: 'updatedAt',
                    type: 'datetime',
                    title: 'Updated at',
                    description: 'es: Actualizado',
                    constraints: { required: true },
                  },
                  {
                    name: 'lastChange',
                    type: 'string',
                    title: 'Kind of the last change',
                    description: 'es: Tipo del último cambio',
                  },
                ],
                missingValues: [''],
                primaryKey: ['participantId'],
              },
            },
          ],
        },
        null,
        2,
      )}\n`,
    );
  });
});
