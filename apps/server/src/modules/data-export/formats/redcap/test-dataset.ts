import type { DatasetResponse } from '../dataset';
import { choice, datasetForm, datasetOf, ENERGY, INTRO, LAST_VISIT, onePage, response, text } from '../test-dataset';

export { recordsOf } from '../test-dataset';

// What REDCap's names and files must cope with: codes of mixed case, with spaces and a `|`, an "other" text, a
// value starting with `=`, names too long for a REDCap variable, and a question asked again in a later version.

const wellbeingV1 = onePage([
  INTRO,
  {
    type: 'radiogroup',
    name: 'general-health',
    title: text('Your health', 'Su salud'),
    choices: [choice('very-good', 'Very good', 'Muy buena'), choice('poor', 'Poor', 'Mala')],
  },
  {
    type: 'checkbox',
    name: 'symptoms',
    title: text('Symptoms', 'Síntomas'),
    choices: [choice('itching', 'Itching', 'Picazón'), choice('Short-Of-Breath', 'Short of breath', 'Falta de aire')],
    showOtherItem: true,
    otherText: text('Other', 'Otro'),
  },
  {
    type: 'boolean',
    name: 'on-dialysis',
    title: text('On dialysis?', '¿En diálisis?'),
    labelTrue: text('Yes', 'Sí'),
    labelFalse: text('No', 'No'),
  },
  {
    type: 'dropdown',
    name: 'stage',
    title: text('Stage', 'Etapa'),
    choices: [choice('stage-3', 'Stage 3', 'Etapa 3'), choice('stage-4', 'Stage 4 | 5', 'Etapa 4 | 5')],
  },
  ENERGY,
  { type: 'text', name: 'sleep-hours', title: text('Hours of sleep', 'Horas de sueño'), inputType: 'number' },
  LAST_VISIT,
  { type: 'comment', name: 'anything-else', title: text('Anything else?', '¿Algo más?') },
  {
    type: 'matrix',
    name: 'daily-life',
    title: text('Limits', 'Límites'),
    columns: [choice('not-at-all', 'Not at all', 'Nada'), choice('a-lot', 'A lot', 'Mucho')],
    rows: [choice('walking', 'Walking', 'Caminar'), choice('stairs', 'Stairs', 'Escaleras')],
  },
]);

const wellbeingV2 = onePage([
  {
    type: 'radiogroup',
    name: 'general-health',
    title: text('Your health today', 'Su salud hoy'),
    choices: [choice('good', 'Good', 'Buena'), choice('poor', 'Poor', 'Mala')],
  },
  {
    type: 'matrix',
    name: 'daily-life',
    title: text('Limits', 'Límites'),
    columns: [choice('no', 'No', 'No')],
    rows: [choice('walking', 'Walking', 'Caminar')],
  },
  { type: 'text', name: 'how-many-hours-did-you-sleep-last-night', inputType: 'number' },
  { type: 'text', name: 'how-many-hours-did-you-sleep-last-week', inputType: 'number' },
]);

const feedbackV1 = onePage([
  {
    type: 'radiogroup',
    name: 'heard-about',
    title: text('Where did you hear of us?', '¿Dónde supo de nosotros?'),
    choices: [
      choice('website', 'Website', 'Sitio web'),
      choice('my clinic', 'Clinic, "kidney" care', 'Clínica, "riñón"'),
    ],
  },
  { type: 'text', name: 'contact', title: text('E-mail', 'Correo'), inputType: 'email' },
]);

const FORMS = [
  datasetForm({
    formKey: 'wellbeing',
    version: 1,
    kind: 'round',
    title: { en: 'Wellbeing', sp: 'Wellbeing' },
    definition: wellbeingV1,
    rounds: [1],
  }),
  datasetForm({
    formKey: 'wellbeing',
    version: 2,
    kind: 'round',
    title: { en: 'Wellbeing', sp: 'Wellbeing' },
    definition: wellbeingV2,
    rounds: [2],
  }),
  datasetForm({
    formKey: 'feedback',
    version: 1,
    kind: 'one-time',
    title: { en: 'Feedback', sp: 'Feedback' },
    definition: feedbackV1,
    rounds: [],
  }),
];

const submittedAt = new Date('2025-03-01T12:00:00Z');
const answered = (participant: string, roundNumber: number | null, answers: Record<string, unknown>) =>
  response(participant, roundNumber, submittedAt, answers);

/** Each form's responses in batches, as the dataset reads them. */
const BATCHES: Record<string, DatasetResponse[][]> = {
  wellbeing_1: [
    [
      answered('p1', 1, {
        'general-health': 'very-good',
        symptoms: ['itching', 'other'],
        'symptoms-Comment': '=cramps, at night',
        'on-dialysis': true,
        stage: 'stage-4',
        energy: 2,
        'sleep-hours': 7.5,
        'last-visit': '2025-02-14',
        'anything-else': 'Line one\nline "two"',
        'daily-life': { walking: 'a-lot', stairs: 'not-at-all' },
      }),
    ],
    [answered('p2', 1, { 'general-health': 'poor', 'on-dialysis': false, symptoms: ['Short-Of-Breath'] })],
  ],
  wellbeing_2: [
    [
      answered('p1', 2, { 'general-health': 'good', 'daily-life': { walking: 'no' } }),
      answered('p3', 2, { 'how-many-hours-did-you-sleep-last-night': 6 }),
    ],
  ],
  feedback_1: [
    [answered('p1', null, { 'heard-about': 'website' }), answered('p3', null, { 'heard-about': 'my clinic' })],
    [answered('p1', null, { 'heard-about': 'my clinic', contact: 'p1@example.org' })],
  ],
};

/** A small identified dataset: two versions of a round form (rounds 1 and 2) and a one-time form, 3 participants. */
export const dataset = (deidentified = false) =>
  datasetOf({
    deidentified,
    startedAt: submittedAt,
    study: { identifier: 'kidney', title: { en: 'Kidney study', sp: 'Estudio renal' } },
    forms: FORMS,
    responses: (chosen) => BATCHES[`${chosen.formKey}_${chosen.version}`]!,
  });
