import { answerColumns } from '../../answer-columns';
import type { DatasetForm, ExportDataset } from '../dataset';

const text = (en: string, es: string) => ({ default: en, es });

/** A form of three questions: a coded one with a negative code, several codes, and free text. */
const definition = {
  pages: [
    {
      name: 'only',
      elements: [
        {
          type: 'radiogroup',
          name: 'swelling',
          title: text('Swelling', 'Hinchazón'),
          choices: [
            { value: -1, text: text('Less', 'Menos') },
            { value: 0, text: text('Same', 'Igual') },
            { value: 1, text: text('More', 'Más') },
          ],
        },
        {
          type: 'checkbox',
          name: 'symptoms',
          title: text('Symptoms', 'Síntomas'),
          choices: [
            { value: 'itching', text: text('Itching', 'Picazón') },
            { value: 'fatigue', text: text('Fatigue', 'Cansancio') },
          ],
        },
        { type: 'comment', name: 'notes', title: text('Notes', 'Notas') },
      ],
    },
  ],
};

const batches = <T>(...all: T[][]) =>
  async function* () {
    yield* all;
  };

const at = (iso: string) => new Date(iso);

/**
 * Three participants, two survey rounds, a re-consent and a withdrawal by an administrator, as an identified run
 * reads them or (`deidentified`) with pseudonyms, shifted moments, birth years and three-digit ZIP areas.
 */
export function testDataset(deidentified: boolean): ExportDataset {
  const [p1, p2, p3] = deidentified
    ? ['p-1a2b3c4d5e6f7a8b', 'p-2b3c4d5e6f7a8b9c', 'p-3c4d5e6f7a8b9c0d']
    : ['u1', 'u2', 'u3'];
  const day = deidentified ? 10 : 0;
  const moment = (iso: string) => new Date(at(iso).getTime() + day * 86_400_000);
  const form: DatasetForm = {
    formKey: 'kidney_health',
    version: 2,
    kind: 'round',
    title: { en: 'Kidney health', sp: 'Salud renal' },
    definition,
    rounds: [1, 2],
    columns: answerColumns(definition).filter((c) => !(deidentified && c.freeText)),
  };
  const response = (participant: string, roundNumber: number, submittedAt: string, answers: object) => ({
    id: `${participant}-${roundNumber}`,
    participant,
    roundNumber,
    oneTimeSurveyId: null,
    startedAt: null,
    submittedAt: moment(submittedAt),
    answers: answers as Record<string, unknown>,
  });
  const signature = (participant: string, event: 'consent' | 'reconsent', signedAt: string, formVersion: number) => ({
    id: `${participant}-${formVersion}`,
    participant,
    event,
    signedAt: moment(signedAt),
    healthSystem: participant === p3 ? null : 'north-clinic',
    language: 'en' as const,
    formVersion,
    document: { sha256: 'ab'.repeat(32), bytes: 1200 },
    withdrawnAt: participant === p3 ? moment('2026-04-02T16:00:00.000Z') : null,
  });
  return {
    deidentified,
    startedAt: at('2026-04-15T12:00:00.000Z'),
    study: { identifier: 'kidney-research-study', title: { en: 'Kidney Research Study', sp: 'Estudio renal' } },
    forms: [form],
    responses: batches(
      [
        response(p1, 1, '2026-03-03T10:00:00.000Z', { swelling: -1, symptoms: ['itching', 'fatigue'], notes: 'Tired' }),
        response(p2, 1, '2026-03-06T10:00:00.000Z', { swelling: 0 }),
      ],
      [response(p1, 2, '2026-04-03T10:00:00.000Z', { swelling: 1, symptoms: ['fatigue'] })],
    ),
    signatures: batches([
      signature(p1, 'consent', '2026-03-02T15:00:00.000Z', 1),
      signature(p1, 'reconsent', '2026-03-20T15:00:00.000Z', 2),
      signature(p2, 'consent', '2026-03-05T15:00:00.000Z', 1),
      signature(p3, 'consent', '2026-04-01T04:00:00.000Z', 1),
    ]),
    withdrawals: batches([
      {
        participant: p3,
        withdrawnAt: moment('2026-04-02T16:00:00.000Z'),
        carriedOutBy: 'administrator' as const,
        administratorId: deidentified ? null : 'admin-1',
      },
    ]),
    verifications: batches([
      {
        participant: p1,
        healthSystem: 'north-clinic',
        status: 'verified' as const,
        consentedAt: moment('2026-03-02T15:00:00.000Z'),
        updatedAt: moment('2026-03-10T09:00:00.000Z'),
        lastChange: 'single',
      },
      {
        participant: p2,
        healthSystem: 'north-clinic',
        status: 'pending' as const,
        consentedAt: moment('2026-03-05T15:00:00.000Z'),
        updatedAt: moment('2026-03-05T15:00:00.000Z'),
        lastChange: null,
      },
    ]),
    participants: batches([
      {
        participant: p1,
        status: 'consented' as const,
        healthSystem: 'north-clinic',
        language: 'en' as const,
        registeredAt: moment('2026-03-01T08:00:00.000Z'),
        consentedAt: moment('2026-03-02T15:00:00.000Z'),
        withdrawnAt: null,
        birth: deidentified ? '1961' : '1961-04-12',
        postalCode: deidentified ? '606' : '60601',
        gender: 'female',
        country: 'USA',
      },
      {
        participant: p2,
        status: 'consented' as const,
        healthSystem: 'north-clinic',
        language: 'sp' as const,
        registeredAt: moment('2026-03-04T08:00:00.000Z'),
        consentedAt: moment('2026-03-05T15:00:00.000Z'),
        withdrawnAt: null,
        birth: deidentified ? '90+' : '1935-01-20',
        postalCode: deidentified ? '000' : '03601',
        gender: 'male',
        country: 'USA',
      },
      {
        participant: p3,
        status: 'withdrawn' as const,
        healthSystem: null,
        language: 'en' as const,
        registeredAt: moment('2026-03-31T08:00:00.000Z'),
        consentedAt: moment('2026-04-01T04:00:00.000Z'),
        withdrawnAt: moment('2026-04-02T16:00:00.000Z'),
        birth: null,
        postalCode: null,
        gender: null,
        country: null,
      },
    ]),
  };
}
