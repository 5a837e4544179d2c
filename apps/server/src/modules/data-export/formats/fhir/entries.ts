import type { ArchiveEntry } from '../entry';
import type { ExportDataset } from '../dataset';
import { consent } from './consent';
import { formQuestions } from './form-questions';
import { questionnaire } from './questionnaire';
import { questionnaireResponse } from './questionnaire-response';
import { researchStudy, researchStudyId, researchSubject } from './research';

const ndjson = (resource: object) => `${JSON.stringify(resource)}\n`;

/** One NDJSON file of resources of one type, as FHIR Bulk Data lays them out, written a batch at a time. */
const resourceFile = (type: string, about: string, batches: () => AsyncIterable<object[]>): ArchiveEntry => ({
  path: `fhir/${type}.ndjson`,
  about,
  headerRecords: 0,
  async *records() {
    for await (const batch of batches()) yield batch.map(ndjson);
  },
});

async function* once(resources: object[]) {
  yield resources;
}

async function* mapBatches<Row>(batches: AsyncIterable<Row[]>, map: (row: Row) => object) {
  for await (const batch of batches) yield batch.map(map);
}

/** Each form version's responses, mapped batch by batch: they are never all held. */
async function* responsesOf(dataset: ExportDataset) {
  for (const form of dataset.forms) {
    const questions = formQuestions(form);
    for await (const batch of dataset.responses(form))
      yield batch.map((response) => questionnaireResponse(form, questions, response, dataset.deidentified));
  }
}

/**
 * The FHIR R4 format of an export: FHIR Bulk Data NDJSON files under `fhir/`, one per resource type: the study,
 * its participants (when their study status was chosen), the chosen form versions and their submitted responses,
 * and the consent signatures (when the consent register was chosen).
 */
export function fhirEntries(dataset: ExportDataset): ArchiveEntry[] {
  const studyId = researchStudyId(dataset);
  const { participants, signatures, deidentified } = dataset;
  const entries = [
    resourceFile('ResearchStudy', 'The study, as a FHIR R4 ResearchStudy.', () => once([researchStudy(dataset)])),
  ];
  if (participants)
    entries.push(
      resourceFile('ResearchSubject', 'Each participant’s status in the study, as FHIR R4 ResearchSubjects.', () =>
        mapBatches(participants(), (participant) => researchSubject(participant, studyId, deidentified)),
      ),
    );
  if (dataset.forms.length > 0)
    entries.push(
      resourceFile('Questionnaire', 'The chosen questionnaire versions, as FHIR R4 Questionnaires.', () =>
        once(dataset.forms.map((form) => questionnaire(form, formQuestions(form)))),
      ),
      resourceFile('QuestionnaireResponse', 'The submitted responses, as FHIR R4 QuestionnaireResponses.', () =>
        responsesOf(dataset),
      ),
    );
  if (signatures)
    entries.push(
      resourceFile('Consent', 'The consent signatures, as FHIR R4 Consents.', () =>
        mapBatches(signatures(), (signature) => consent(signature, deidentified)),
      ),
    );
  return entries;
}
