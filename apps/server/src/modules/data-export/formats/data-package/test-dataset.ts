import type { ExportDataset } from '../dataset';
import { choice, datasetForm, onePage, participant, response, signature, datasetOf, text } from '../test-dataset';

/** A form of three questions: a coded one with a negative code, several codes, and free text. */
const definition = onePage([
  {
    type: 'radiogroup',
    name: 'swelling',
    title: text('Swelling', 'Hinchazón'),
    choices: [choice(-1, 'Less', 'Menos'), choice(0, 'Same', 'Igual'), choice(1, 'More', 'Más')],
  },
  {
    type: 'checkbox',
    name: 'symptoms',
    title: text('Symptoms', 'Síntomas'),
    choices: [choice('itching', 'Itching', 'Picazón'), choice('fatigue', 'Fatigue', 'Cansancio')],
  },
  { type: 'comment', name: 'notes', title: text('Notes', 'Notas') },
]);

/**
 * Three participants, two survey rounds, a re-consent and a withdrawal by an administrator, as an identified run
 * reads them or (`deidentified`) with pseudonyms, shifted moments, birth years and three-digit ZIP areas.
 */
export function testDataset(deidentified: boolean): ExportDataset {
  const [p1, p2, p3] = deidentified
    ? ['p-1a2b3c4d5e6f7a8b', 'p-2b3c4d5e6f7a8b9c', 'p-3c4d5e6f7a8b9c0d']
    : ['u1', 'u2', 'u3'];
  const day = deidentified ? 10 : 0;
  const moment = (iso: string) => new Date(new Date(iso).getTime() + day * 86_400_000);
  const signed = (id: string, event: 'consent' | 'reconsent', signedAt: string, formVersion: number) =>
    signature({
      id: `${id}-${formVersion}`,
      participant: id,
      event,
      signedAt: moment(signedAt),
      healthSystem: id === p3 ? null : 'north-clinic',
      formVersion,
      withdrawnAt: id === p3 ? moment('2026-04-02T16:00:00.000Z') : null,
    });
  return datasetOf({
    deidentified,
    startedAt: new Date('2026-04-15T12:00:00.000Z'),
    study: { identifier: 'kidney-research-study', title: { en: 'Kidney Research Study', sp: 'Estudio renal' } },
    forms: [
      datasetForm(
        {
          formKey: 'kidney_health',
          version: 2,
          kind: 'round',
          title: { en: 'Kidney health', sp: 'Salud renal' },
          definition,
          rounds: [1, 2],
        },
        deidentified,
      ),
    ],
    responses: () => [
      [
        response(p1, 1, moment('2026-03-03T10:00:00.000Z'), {
          swelling: -1,
          symptoms: ['itching', 'fatigue'],
          notes: 'Tired',
        }),
        response(p2, 1, moment('2026-03-06T10:00:00.000Z'), { swelling: 0 }),
      ],
      [response(p1, 2, moment('2026-04-03T10:00:00.000Z'), { swelling: 1, symptoms: ['fatigue'] })],
    ],
    signatures: [
      [
        signed(p1, 'consent', '2026-03-02T15:00:00.000Z', 1),
        signed(p1, 'reconsent', '2026-03-20T15:00:00.000Z', 2),
        signed(p2, 'consent', '2026-03-05T15:00:00.000Z', 1),
        signed(p3, 'consent', '2026-04-01T04:00:00.000Z', 1),
      ],
    ],
    withdrawals: [
      [
        {
          participant: p3,
          withdrawnAt: moment('2026-04-02T16:00:00.000Z'),
          carriedOutBy: 'administrator',
          administratorId: deidentified ? null : 'admin-1',
        },
      ],
    ],
    verifications: [
      [
        {
          participant: p1,
          healthSystem: 'north-clinic',
          status: 'verified',
          consentedAt: moment('2026-03-02T15:00:00.000Z'),
          updatedAt: moment('2026-03-10T09:00:00.000Z'),
          lastChange: 'single',
        },
        {
          participant: p2,
          healthSystem: 'north-clinic',
          status: 'pending',
          consentedAt: moment('2026-03-05T15:00:00.000Z'),
          updatedAt: moment('2026-03-05T15:00:00.000Z'),
          lastChange: null,
        },
      ],
    ],
    participants: [
      [
        participant({
          participant: p1,
          status: 'consented',
          healthSystem: 'north-clinic',
          registeredAt: moment('2026-03-01T08:00:00.000Z'),
          consentedAt: moment('2026-03-02T15:00:00.000Z'),
          birth: deidentified ? '1961' : '1961-04-12',
          postalCode: deidentified ? '606' : '60601',
          gender: 'female',
          country: 'USA',
        }),
        participant({
          participant: p2,
          status: 'consented',
          healthSystem: 'north-clinic',
          language: 'sp',
          registeredAt: moment('2026-03-04T08:00:00.000Z'),
          consentedAt: moment('2026-03-05T15:00:00.000Z'),
          birth: deidentified ? '90+' : '1935-01-20',
          postalCode: deidentified ? '000' : '03601',
          gender: 'male',
          country: 'USA',
        }),
        participant({
          participant: p3,
          status: 'withdrawn',
          registeredAt: moment('2026-03-31T08:00:00.000Z'),
          consentedAt: moment('2026-04-01T04:00:00.000Z'),
          withdrawnAt: moment('2026-04-02T16:00:00.000Z'),
        }),
      ],
    ],
  });
}
