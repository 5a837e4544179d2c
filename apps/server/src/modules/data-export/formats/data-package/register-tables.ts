import {
  consentRegisterHeader,
  signatureCells,
  VERIFICATION_STATUSES,
  verificationCells,
  verificationRegisterHeader,
  withdrawalCells,
} from '../../csv-columns';
import { PARTICIPANT_STATUSES, type DatasetParticipant, type ExportDataset } from '../dataset';
import { participantHeader, portalFields } from './fields';
import { cellsOf, csvTable, type Table } from './table';

/** Each signature (a consent, or a re-consent), then each withdrawal and who carried it out. */
export function consentRegisterTable(dataset: ExportDataset): Table | undefined {
  const { signatures, withdrawals, deidentified } = dataset;
  if (!signatures || !withdrawals) return undefined;
  const participant = participantHeader(deidentified);
  const header = consentRegisterHeader(participant, deidentified);
  return csvTable({
    name: 'consent-register.csv',
    about: 'Each consent and re-consent signed, with the form version, then each withdrawal and who carried it out.',
    header,
    fields: portalFields(header, { required: [participant, 'event', 'date', 'carriedOutBy'] }),
    records: async function* () {
      yield* cellsOf(signatures(), (s) => signatureCells(s, deidentified));
      yield* cellsOf(withdrawals(), (w) => withdrawalCells(w, deidentified));
    },
  });
}

/** Each health system verification record: its status, when it was last updated and by what kind of change. */
export function verificationRegisterTable(dataset: ExportDataset): Table | undefined {
  const { verifications } = dataset;
  if (!verifications) return undefined;
  const participant = participantHeader(dataset.deidentified);
  const header = verificationRegisterHeader(participant);
  return csvTable({
    name: 'verification-register.csv',
    about: 'Each health system verification record: its status, when it was last updated and by what change.',
    header,
    fields: portalFields(header, {
      required: [participant, 'healthSystem', 'status', 'updatedAt'],
      enums: { status: VERIFICATION_STATUSES },
    }),
    primaryKey: [participant],
    records: () => cellsOf(verifications(), verificationCells),
  });
}

const studyStatusHeader = (deidentified: boolean) => [
  participantHeader(deidentified),
  'status',
  'healthSystem',
  'language',
  'registeredAt',
  'consentedAt',
  'withdrawnAt',
  deidentified ? 'birthYear' : 'birthDate',
  deidentified ? 'postalCode3' : 'postalCode',
  'gender',
  'country',
];

const studyStatusCells = (p: DatasetParticipant) => [
  p.participant,
  p.status,
  p.healthSystem,
  p.language,
  p.registeredAt,
  p.consentedAt,
  p.withdrawnAt,
  p.birth,
  p.postalCode,
  p.gender,
  p.country,
];

/**
 * Each participant's place in the study (registered, consented or withdrawn) and what they gave at registration;
 * a de-identified run holds the year of birth (or 90+) and the three-digit ZIP area instead of the date and code.
 */
export function studyStatusTable(dataset: ExportDataset): Table | undefined {
  const { participants } = dataset;
  if (!participants) return undefined;
  const header = studyStatusHeader(dataset.deidentified);
  const participant = header[0]!;
  return csvTable({
    name: 'study-status.csv',
    about: 'Each participant’s study status, health system, language, key dates and registration details.',
    header,
    fields: portalFields(header, {
      required: [participant, 'status', 'language', 'registeredAt'],
      enums: { status: PARTICIPANT_STATUSES },
    }),
    primaryKey: [participant],
    records: () => cellsOf(participants(), studyStatusCells),
  });
}
