import { createHash } from 'node:crypto';

/** The portal's URN namespace: the systems of its identifiers and the canonical URLs of its questionnaires. */
export const PORTAL_URN = 'urn:kidney-study-portal';

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/**
 * A resource id for a dataset id: the id itself when FHIR allows it (a UUID, a hexadecimal pseudonym), else `h-` and
 * the first 62 hexadecimal digits of its SHA-256, so the same id always maps to the same resource id.
 */
export const fhirId = (id: string) =>
  FHIR_ID.test(id) ? id : `h-${createHash('sha256').update(id).digest('hex').slice(0, 62)}`;

/**
 * A participant as a logical reference: the identifier the run gives them (their pseudonym in a de-identified run,
 * their user ID otherwise, each under its own system), never a name or an e-mail, and no resource to resolve.
 */
export const participantReference = (deidentified: boolean, participant: string) => ({
  type: 'Patient',
  identifier: {
    system: `${PORTAL_URN}:${deidentified ? 'participant-pseudonym' : 'participant-id'}`,
    value: participant,
  },
});

/** A moment as a FHIR `dateTime` or `instant`: ISO 8601 in UTC, which carries its time zone (`Z`). */
export const fhirInstant = (moment: Date) => moment.toISOString();
