import type { DatasetParticipant, ExportDataset } from '../dataset';
import { fhirId, fhirInstant, participantReference, PORTAL_URN } from './references';
import { translatable } from './translation';

export const researchStudyId = (dataset: ExportDataset) => fhirId(dataset.study.identifier);

/** The study as a FHIR R4 ResearchStudy, under its identifier, its title in English with the Spanish as translation. */
export const researchStudy = (dataset: ExportDataset) => ({
  resourceType: 'ResearchStudy',
  id: researchStudyId(dataset),
  identifier: [{ system: `${PORTAL_URN}:study`, value: dataset.study.identifier }],
  ...translatable('title', dataset.study.title),
  status: 'active',
});

/** A participant's study status in R4's ResearchSubject.status codes. */
const SUBJECT_STATUS = {
  registered: 'candidate',
  consented: 'on-study',
  withdrawn: 'withdrawn',
} as const satisfies Record<DatasetParticipant['status'], string>;

/** A participant as a FHIR R4 ResearchSubject of the study: on it from their consent until they withdrew. */
export function researchSubject(participant: DatasetParticipant, studyId: string, deidentified: boolean) {
  const period = {
    ...(participant.consentedAt && { start: fhirInstant(participant.consentedAt) }),
    ...(participant.withdrawnAt && { end: fhirInstant(participant.withdrawnAt) }),
  };
  return {
    resourceType: 'ResearchSubject',
    id: fhirId(participant.participant),
    status: SUBJECT_STATUS[participant.status],
    ...(Object.keys(period).length > 0 && { period }),
    study: { reference: `ResearchStudy/${studyId}` },
    individual: participantReference(deidentified, participant.participant),
  };
}
