import { MAX_SHIFT_DAYS, PSEUDONYM_DIGITS } from './deidentifier';
import { RESTRICTED_ZIP3, RESTRICTED_ZIP3_SOURCE } from './restricted-zip3';
import { RESTRICTED_ZIP3_CODE, TOP_CODED_AGE, TOP_CODED_BIRTH } from './safe-harbor';

const restrictedAreas = [...RESTRICTED_ZIP3].join(', ');

/** What a de-identified run did to the data (HIPAA Safe Harbor), one sentence a rule, for the archive's README. */
export const DEIDENTIFICATION_RULES: readonly string[] = [
  `Each participant appears by a pseudonym drawn for this export alone ("p-" and ${PSEUDONYM_DIGITS} hexadecimal digits of an HMAC-SHA-256 under a random key that was discarded): the same participant has the same pseudonym in every file of this export, and pseudonyms cannot be linked to user IDs nor to other exports.`,
  'Survey responses, consent signatures and one-time surveys appear by pseudonyms drawn the same way ("r-", "s-" and "o-"), and one-time survey forms by a name of this export ("one-time-1", "one-time-2", …) instead of their key; no database id is exported.',
  "The SHA-256 and size of each signed consent document are left out: the document bears the participant's name and signature.",
  `Every date and time of a participant is shifted by a whole number of days between -${MAX_SHIFT_DAYS} and ${MAX_SHIFT_DAYS}, drawn at random for each participant and export: times of day and intervals between one participant's dates are kept, calendar dates are not. Safe Harbor itself keeps no date element but the year; the shift keeps intervals for analysis instead. The days of the range asked for are not stated here, as they would bound each participant's shift.`,
  `Dates of birth are reduced to the year; a year ${TOP_CODED_AGE} or more years before the year of the export, which could show an age of ${TOP_CODED_AGE} or older, appears as "${TOP_CODED_BIRTH}".`,
  `US ZIP codes are reduced to their first three digits; the three-digit areas of ${RESTRICTED_ZIP3_SOURCE.maxPopulation.toLocaleString('en-US')} people or fewer in the ${RESTRICTED_ZIP3_SOURCE.census} Census (${restrictedAreas}) appear as "${RESTRICTED_ZIP3_CODE}". Postal codes of other countries or shapes are left out.`,
  'Names, e-mail addresses, phone numbers and staff ids are left out, and so are survey questions where a participant may write text of their own.',
];
