import { describe, expect, it } from 'vitest';
import type { DatasetForm, DatasetResponse, DatasetSignature, ExportDataset } from '../dataset';
import {
  choice,
  datasetForm,
  datasetOf,
  ENERGY,
  INTRO,
  LAST_VISIT,
  onePage,
  participant,
  response,
  signature,
  text,
} from '../test-dataset';
import { fhirEntries } from './entries';
import { expectValidFhir } from './validate-fhir.test-helper';

// A round form of every question type, with an "other" choice, HTML in a text and a rating from 1, and a
// one-time form; a deidentified run, whose participants are pseudonyms.

const roundDefinition = onePage([
  INTRO,
  {
    type: 'radiogroup',
    name: 'dialysis',
    title: text('Are you on dialysis?', '¿Recibe diálisis?'),
    choices: [choice('home', 'At home', 'En casa'), choice('center', 'At a center', 'En un centro')],
    showOtherItem: true,
    otherText: text('Other', 'Otro'),
  },
  {
    type: 'checkbox',
    name: 'symptoms',
    title: text('Symptoms', 'Síntomas'),
    choices: [choice('fatigue', 'Fatigue', 'Cansancio'), choice('itch', 'Itching', 'Picazón')],
  },
  { type: 'boolean', name: 'transplant', title: text('Had a transplant?', '¿Tuvo un trasplante?') },
  {
    type: 'dropdown',
    name: 'stage',
    title: text('Stage', 'Etapa'),
    choices: [choice('3', 'Stage 3', 'Etapa 3'), choice('4', 'Stage 4', 'Etapa 4')],
  },
  ENERGY,
  { type: 'text', name: 'sick-days', title: text('Sick days', 'Días enfermo'), inputType: 'number' },
  LAST_VISIT,
  { type: 'comment', name: 'notes', title: text('Notes', 'Notas') },
  {
    type: 'matrix',
    name: 'feel',
    title: text('How do you feel?', '¿Cómo se siente?'),
    columns: [choice('good', 'Good', 'Bien'), choice('bad', 'Bad', 'Mal')],
    rows: [choice('body', 'Body', 'Cuerpo'), choice('mind', 'Mind', 'Mente')],
  },
]);

const roundForm = datasetForm({
  formKey: 'weekly-check',
  version: 2,
  kind: 'round',
  title: { en: 'Weekly check', sp: 'Control semanal' },
  definition: roundDefinition,
  rounds: [1, 2],
});

const oneTimeForm = datasetForm({
  formKey: 'travel',
  version: 1,
  kind: 'one-time',
  title: { en: 'Travel', sp: 'Viajes' },
  definition: onePage([{ type: 'text', name: 'trips', title: 'Trips', inputType: 'number', step: 1 }]),
  rounds: [],
});

const fullAnswers = {
  dialysis: 'other',
  'dialysis-Comment': 'Nocturnal',
  symptoms: ['fatigue', 'itch'],
  transplant: false,
  stage: '4',
  energy: 2,
  'sick-days': 3,
  'last-visit': '2025-01-20',
  notes: 'Fine overall',
  feel: { body: 'good', mind: 'bad' },
};

const at = (iso: string) => new Date(iso);

/** Responses in batches, as the database gives them a window at a time. */
const RESPONSES = new Map<DatasetForm, DatasetResponse[][]>([
  [
    roundForm,
    [
      [response('ps-0001', 1, at('2025-01-21T15:00:00.000Z'), fullAnswers, 'resp_1')],
      [
        response('ps-0001', 2, at('2025-02-20T15:00:00.000Z'), { dialysis: 'home', 'sick-days': 0.5 }, 'resp-2'),
        response('ps-0002', 1, at('2025-01-22T09:30:00.000Z'), { transplant: true, feel: { mind: 'good' } }, 'resp-3'),
      ],
    ],
  ],
  [oneTimeForm, [[response('ps-0003', null, at('2025-03-05T10:00:00.000Z'), { trips: 2 }, 'resp-4')]]],
]);

const SIGNATURES: DatasetSignature[] = [
  signature({ id: 'sig-1', participant: 'ps-0001', signedAt: at('2025-01-10T12:00:00.000Z') }),
  signature({
    id: 'sig-2',
    participant: 'ps-0002',
    signedAt: at('2025-01-11T08:00:00.000Z'),
    healthSystem: 'north-clinic',
    language: 'sp',
    document: { sha256: 'cd'.repeat(32), bytes: 50110 },
    withdrawnAt: at('2025-03-01T17:45:00.000Z'),
  }),
  signature({
    id: 'sig-3',
    participant: 'ps-0001',
    event: 'reconsent',
    signedAt: at('2025-02-15T12:00:00.000Z'),
    formVersion: 2,
    document: { sha256: 'ef'.repeat(32), bytes: 49002 },
  }),
];

const dataset = datasetOf({
  deidentified: true,
  startedAt: at('2025-04-01T00:00:00.000Z'),
  study: { identifier: 'KIDNEY-2025', title: { en: 'Kidney health study', sp: 'Estudio de salud renal' } },
  forms: [roundForm, oneTimeForm],
  responses: (form) => RESPONSES.get(form) ?? [],
  signatures: [SIGNATURES.slice(0, 2), SIGNATURES.slice(2)],
  participants: [
    [
      participant({
        participant: 'ps-0001',
        status: 'consented',
        registeredAt: at('2025-01-09T10:00:00.000Z'),
        consentedAt: at('2025-01-10T12:00:00.000Z'),
        birth: '1970',
        postalCode: '941',
        gender: 'female',
        country: 'US',
      }),
      participant({
        participant: 'ps-0002',
        status: 'withdrawn',
        healthSystem: 'north-clinic',
        language: 'sp',
        registeredAt: at('2025-01-11T07:00:00.000Z'),
        consentedAt: at('2025-01-11T08:00:00.000Z'),
        withdrawnAt: at('2025-03-01T17:45:00.000Z'),
        birth: '90+',
        postalCode: '000',
        country: 'US',
      }),
      participant({ participant: 'ps-0003', registeredAt: at('2025-02-01T10:00:00.000Z') }),
    ],
  ],
});

/** Every file the format writes, as its lines and the batches they came in. */
async function writeAll(run: ExportDataset) {
  const files = new Map<string, { lines: string[]; batches: number }>();
  for (const entry of fhirEntries(run)) {
    const file = { lines: [] as string[], batches: 0 };
    for await (const records of entry.records(new Map())) {
      file.lines.push(...records);
      file.batches += 1;
    }
    files.set(entry.path, file);
  }
  return files;
}

async function resourcesOf(run: ExportDataset) {
  const files = await writeAll(run);
  return new Map([...files].map(([path, file]) => [path, file.lines.map((line) => JSON.parse(line))]));
}

const translation = (content: string) => ({
  extension: [
    {
      url: 'http://hl7.org/fhir/StructureDefinition/translation',
      extension: [
        { url: 'lang', valueCode: 'es' },
        { url: 'content', valueString: content },
      ],
    },
  ],
});
const pseudonym = (value: string) => ({
  type: 'Patient',
  identifier: { system: 'urn:kidney-study-portal:participant-pseudonym', value },
});
const WEEKLY = 'urn:kidney-study-portal:questionnaire:weekly-check';

describe('the FHIR R4 format', () => {
  it('writes one NDJSON file per resource type, every line a valid R4 resource', async () => {
    const files = await writeAll(dataset);
    expect([...files.keys()]).toEqual([
      'fhir/ResearchStudy.ndjson',
      'fhir/ResearchSubject.ndjson',
      'fhir/Questionnaire.ndjson',
      'fhir/QuestionnaireResponse.ndjson',
      'fhir/Consent.ndjson',
    ]);
    const counts = [...files.values()].map((file) => file.lines.length);
    expect(counts).toEqual([1, 3, 2, 4, 3]);
    for (const [path, file] of files)
      for (const line of file.lines) {
        expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
        const resource = JSON.parse(line);
        expect(path).toBe(`fhir/${resource.resourceType}.ndjson`);
        expectValidFhir(resource);
      }
  });

  it('writes responses a batch at a time, as they are read', async () => {
    const files = await writeAll(dataset);
    expect(files.get('fhir/QuestionnaireResponse.ndjson')?.batches).toBe(3);
  });

  it('names participants only by the pseudonyms the run gives them', async () => {
    const files = await writeAll(dataset);
    const text = [...files.values()].flatMap((file) => file.lines).join('');
    expect(text).not.toContain('@');
    const named = [...text.matchAll(/"identifier":\{"system":"([^"]+)","value":"([^"]+)"\}/g)].map((m) => m[2]);
    expect(new Set(named)).toEqual(new Set(['ps-0001', 'ps-0002', 'ps-0003']));
    expect(text.match(/participant-[a-z]+/g)?.every((system) => system === 'participant-pseudonym')).toBe(true);
  });

  it('writes the study and its subjects by their status', async () => {
    const resources = await resourcesOf(dataset);
    expect(resources.get('fhir/ResearchStudy.ndjson')).toEqual([
      {
        resourceType: 'ResearchStudy',
        id: 'KIDNEY-2025',
        identifier: [{ system: 'urn:kidney-study-portal:study', value: 'KIDNEY-2025' }],
        title: 'Kidney health study',
        _title: translation('Estudio de salud renal'),
        status: 'active',
      },
    ]);
    const subjects = resources.get('fhir/ResearchSubject.ndjson') ?? [];
    expect(subjects[1]).toEqual({
      resourceType: 'ResearchSubject',
      id: 'ps-0002',
      status: 'withdrawn',
      period: { start: '2025-01-11T08:00:00.000Z', end: '2025-03-01T17:45:00.000Z' },
      study: { reference: 'ResearchStudy/KIDNEY-2025' },
      individual: pseudonym('ps-0002'),
    });
    expect(subjects.map((subject) => [subject.status, subject.period])).toEqual([
      ['on-study', { start: '2025-01-10T12:00:00.000Z' }],
      ['withdrawn', { start: '2025-01-11T08:00:00.000Z', end: '2025-03-01T17:45:00.000Z' }],
      ['candidate', undefined],
    ]);
  });

  it('writes each form version as a Questionnaire with its Spanish texts as translations', async () => {
    const [weekly, travel] = (await resourcesOf(dataset)).get('fhir/Questionnaire.ndjson') ?? [];
    expect(travel).toEqual({
      resourceType: 'Questionnaire',
      id: 'travel-1',
      language: 'en',
      url: 'urn:kidney-study-portal:questionnaire:travel',
      version: '1',
      title: 'Travel',
      _title: translation('Viajes'),
      status: 'active',
      subjectType: ['Patient'],
      item: [{ linkId: 'trips', text: 'Trips', type: 'integer' }],
    });
    expect(weekly.item.map((item: { linkId: string; type: string }) => [item.linkId, item.type])).toEqual([
      ['intro', 'display'],
      ['dialysis', 'choice'],
      ['dialysis-Comment', 'string'],
      ['symptoms', 'choice'],
      ['transplant', 'boolean'],
      ['stage', 'choice'],
      ['energy', 'choice'],
      ['sick-days', 'decimal'],
      ['last-visit', 'date'],
      ['notes', 'text'],
      ['feel', 'group'],
    ]);
    expect(weekly.item[0]).toEqual({
      linkId: 'intro',
      text: 'About your week',
      _text: translation('Sobre su semana'),
      type: 'display',
    });
    expect(weekly.item[3]).toEqual({
      linkId: 'symptoms',
      text: 'Symptoms',
      _text: translation('Síntomas'),
      type: 'choice',
      repeats: true,
      answerOption: [
        {
          valueCoding: {
            system: `${WEEKLY}:symptoms`,
            code: 'fatigue',
            display: 'Fatigue',
            _display: translation('Cansancio'),
          },
        },
        {
          valueCoding: {
            system: `${WEEKLY}:symptoms`,
            code: 'itch',
            display: 'Itching',
            _display: translation('Picazón'),
          },
        },
      ],
    });
    expect(weekly.item[6].answerOption[0]).toEqual({
      valueCoding: { system: `${WEEKLY}:energy`, code: '1', display: '1' },
    });
    expect(weekly.item[10]).toEqual({
      linkId: 'feel',
      text: 'How do you feel?',
      _text: translation('¿Cómo se siente?'),
      type: 'group',
      item: (
        [
          ['body', 'Body', 'Cuerpo'],
          ['mind', 'Mind', 'Mente'],
        ] as const
      ).map(([row, text, sp]) => ({
        linkId: `feel.${row}`,
        text,
        _text: translation(sp),
        type: 'choice',
        answerOption: [
          {
            valueCoding: {
              system: `${WEEKLY}:feel.${row}`,
              code: 'good',
              display: 'Good',
              _display: translation('Bien'),
            },
          },
          {
            valueCoding: { system: `${WEEKLY}:feel.${row}`, code: 'bad', display: 'Bad', _display: translation('Mal') },
          },
        ],
      })),
    });
  });

  it('writes each submitted response as a QuestionnaireResponse answering its form version', async () => {
    const [first, second] = (await resourcesOf(dataset)).get('fhir/QuestionnaireResponse.ndjson') ?? [];
    const coding = (question: string, code: string, display: string) => ({
      valueCoding: { system: `${WEEKLY}:${question}`, code, display },
    });
    expect(first).toEqual({
      resourceType: 'QuestionnaireResponse',
      id: 'h-7a8babb8a11671dfe03c4a5e8f77c6db3da95d6510d4f52c3cd5c9dd009997',
      questionnaire: 'urn:kidney-study-portal:questionnaire:weekly-check|2',
      status: 'completed',
      subject: pseudonym('ps-0001'),
      authored: '2025-01-21T15:00:00.000Z',
      item: [
        { linkId: 'dialysis', answer: [coding('dialysis', 'other', 'Other')] },
        { linkId: 'dialysis-Comment', answer: [{ valueString: 'Nocturnal' }] },
        {
          linkId: 'symptoms',
          answer: [coding('symptoms', 'fatigue', 'Fatigue'), coding('symptoms', 'itch', 'Itching')],
        },
        { linkId: 'transplant', answer: [{ valueBoolean: false }] },
        { linkId: 'stage', answer: [coding('stage', '4', 'Stage 4')] },
        { linkId: 'energy', answer: [coding('energy', '2', '2')] },
        { linkId: 'sick-days', answer: [{ valueDecimal: 3 }] },
        { linkId: 'last-visit', answer: [{ valueDate: '2025-01-20' }] },
        { linkId: 'notes', answer: [{ valueString: 'Fine overall' }] },
        {
          linkId: 'feel',
          item: [
            { linkId: 'feel.body', answer: [coding('feel.body', 'good', 'Good')] },
            { linkId: 'feel.mind', answer: [coding('feel.mind', 'bad', 'Bad')] },
          ],
        },
      ],
    });
    expect(second.item).toEqual([
      { linkId: 'dialysis', answer: [coding('dialysis', 'home', 'At home')] },
      { linkId: 'sick-days', answer: [{ valueDecimal: 0.5 }] },
    ]);
  });

  it('writes each signature as a research Consent, inactive and ended once withdrawn', async () => {
    const consents = (await resourcesOf(dataset)).get('fhir/Consent.ndjson') ?? [];
    expect(consents[1]).toEqual({
      resourceType: 'Consent',
      id: 'sig-2',
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
      patient: pseudonym('ps-0002'),
      dateTime: '2025-01-11T08:00:00.000Z',
      policy: [{ uri: 'urn:kidney-study-portal:consent-form:health-system:north-clinic:es:v1' }],
      sourceAttachment: {
        contentType: 'application/pdf',
        language: 'es',
        url: `nih:sha-256;${'cd'.repeat(32)}`,
        size: 50110,
        title: 'Signed consent form',
      },
      provision: { type: 'permit', period: { start: '2025-01-11T08:00:00.000Z', end: '2025-03-01T17:45:00.000Z' } },
    });
    expect(
      consents.map((consent) => [consent.status, consent.provision.period.end, consent.sourceAttachment.title]),
    ).toEqual([
      ['active', undefined, 'Signed consent form'],
      ['inactive', '2025-03-01T17:45:00.000Z', 'Signed consent form'],
      ['active', undefined, 'Signed re-consent form'],
    ]);
  });

  it('asks and answers only the exported columns, and writes no file for a register not chosen', async () => {
    const withoutFreeText = { ...roundForm, columns: roundForm.columns.filter((column) => !column.freeText) };
    const run: ExportDataset = {
      ...dataset,
      forms: [withoutFreeText],
      responses: () => dataset.responses(roundForm),
      signatures: undefined,
      participants: undefined,
    };
    const resources = await resourcesOf(run);
    expect([...resources.keys()]).toEqual([
      'fhir/ResearchStudy.ndjson',
      'fhir/Questionnaire.ndjson',
      'fhir/QuestionnaireResponse.ndjson',
    ]);
    const [questionnaire] = resources.get('fhir/Questionnaire.ndjson') ?? [];
    expect(questionnaire.item.map((item: { linkId: string }) => item.linkId)).toEqual([
      'intro',
      'dialysis',
      'symptoms',
      'transplant',
      'stage',
      'energy',
      'sick-days',
      'feel',
    ]);
    const [response] = resources.get('fhir/QuestionnaireResponse.ndjson') ?? [];
    expect(response.item.map((item: { linkId: string }) => item.linkId)).not.toContain('notes');
    for (const resource of [...resources.values()].flat()) expectValidFhir(resource);
  });
});
