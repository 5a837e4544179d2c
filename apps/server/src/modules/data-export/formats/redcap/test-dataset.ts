import { answerColumns } from '../../answer-columns';
import type { DatasetForm, DatasetResponse, ExportDataset } from '../dataset';

const text = (en: string, es: string) => ({ default: en, es });
const form = (elements: object[]) => ({ pages: [{ name: 'only', elements }] });

const wellbeingV1 = form([
  { type: 'html', name: 'intro', html: text('<p>About your week</p>', '<p>Sobre su semana</p>') },
  {
    type: 'radiogroup',
    name: 'general-health',
    title: text('Your health', 'Su salud'),
    choices: [
      { value: 'very-good', text: text('Very good', 'Muy buena') },
      { value: 'poor', text: text('Poor', 'Mala') },
    ],
  },
  {
    type: 'checkbox',
    name: 'symptoms',
    title: text('Symptoms', 'Síntomas'),
    choices: [
      { value: 'itching', text: text('Itching', 'Picazón') },
      { value: 'Short-Of-Breath', text: text('Short of breath', 'Falta de aire') },
    ],
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
    choices: [
      { value: 'stage-3', text: text('Stage 3', 'Etapa 3') },
      { value: 'stage-4', text: text('Stage 4 | 5', 'Etapa 4 | 5') },
    ],
  },
  { type: 'rating', name: 'energy', title: text('Energy', 'Energía'), rateMax: 3 },
  { type: 'text', name: 'sleep-hours', title: text('Hours of sleep', 'Horas de sueño'), inputType: 'number' },
  { type: 'text', name: 'last-visit', title: text('Last visit', 'Última visita'), inputType: 'date' },
  { type: 'comment', name: 'anything-else', title: text('Anything else?', '¿Algo más?') },
  {
    type: 'matrix',
    name: 'daily-life',
    title: text('Limits', 'Límites'),
    columns: [
      { value: 'not-at-all', text: text('Not at all', 'Nada') },
      { value: 'a-lot', text: text('A lot', 'Mucho') },
    ],
    rows: [
      { value: 'walking', text: text('Walking', 'Caminar') },
      { value: 'stairs', text: text('Stairs', 'Escaleras') },
    ],
  },
]);

const wellbeingV2 = form([
  {
    type: 'radiogroup',
    name: 'general-health',
    title: text('Your health today', 'Su salud hoy'),
    choices: [
      { value: 'good', text: text('Good', 'Buena') },
      { value: 'poor', text: text('Poor', 'Mala') },
    ],
  },
  {
    type: 'matrix',
    name: 'daily-life',
    title: text('Limits', 'Límites'),
    columns: [{ value: 'no', text: text('No', 'No') }],
    rows: [{ value: 'walking', text: text('Walking', 'Caminar') }],
  },
  { type: 'text', name: 'how-many-hours-did-you-sleep-last-night', inputType: 'number' },
  { type: 'text', name: 'how-many-hours-did-you-sleep-last-week', inputType: 'number' },
]);

const feedbackV1 = form([
  {
    type: 'radiogroup',
    name: 'heard-about',
    title: text('Where did you hear of us?', '¿Dónde supo de nosotros?'),
    choices: [
      { value: 'website', text: text('Website', 'Sitio web') },
      { value: 'my clinic', text: text('Clinic, "kidney" care', 'Clínica, "riñón"') },
    ],
  },
  { type: 'text', name: 'contact', title: text('E-mail', 'Correo'), inputType: 'email' },
]);

const datasetForm = (
  formKey: string,
  version: number,
  kind: DatasetForm['kind'],
  rounds: number[],
  title: string,
  definition: object,
): DatasetForm => ({
  formKey,
  version,
  kind,
  title: { en: title, sp: title },
  definition,
  rounds,
  columns: answerColumns(definition),
});

const FORMS = [
  datasetForm('wellbeing', 1, 'round', [1], 'Wellbeing', wellbeingV1),
  datasetForm('wellbeing', 2, 'round', [2], 'Wellbeing', wellbeingV2),
  datasetForm('feedback', 1, 'one-time', [], 'Feedback', feedbackV1),
];

const submittedAt = new Date('2025-03-01T12:00:00Z');
const response = (
  participant: string,
  roundNumber: number | null,
  answers: Record<string, unknown>,
): DatasetResponse => ({
  id: `${participant}-${roundNumber ?? 'once'}`,
  participant,
  roundNumber,
  oneTimeSurveyId: roundNumber === null ? 'survey' : null,
  startedAt: null,
  submittedAt,
  answers,
});

/** Each form's responses in batches, as the dataset reads them. */
const BATCHES: Record<string, DatasetResponse[][]> = {
  wellbeing_1: [
    [
      response('p1', 1, {
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
    [response('p2', 1, { 'general-health': 'poor', 'on-dialysis': false, symptoms: ['Short-Of-Breath'] })],
  ],
  wellbeing_2: [
    [
      response('p1', 2, { 'general-health': 'good', 'daily-life': { walking: 'no' } }),
      response('p3', 2, { 'how-many-hours-did-you-sleep-last-night': 6 }),
    ],
  ],
  feedback_1: [
    [response('p1', null, { 'heard-about': 'website' }), response('p3', null, { 'heard-about': 'my clinic' })],
    [response('p1', null, { 'heard-about': 'my clinic', contact: 'p1@example.org' })],
  ],
};

/** A small identified dataset: two versions of a round form (rounds 1 and 2) and a one-time form, 3 participants. */
export const dataset = (deidentified = false): ExportDataset => ({
  deidentified,
  startedAt: submittedAt,
  study: { identifier: 'kidney', title: { en: 'Kidney study', sp: 'Estudio renal' } },
  forms: FORMS,
  async *responses(chosen) {
    yield* BATCHES[`${chosen.formKey}_${chosen.version}`]!;
  },
});

/** The records of an archive file, as the archive writer reads them. */
export async function recordsOf(records: AsyncIterable<string[]>): Promise<string[]> {
  const all: string[] = [];
  for await (const batch of records) all.push(...batch);
  return all;
}
