import type { DatasetForm, DatasetResponse } from '../dataset';
import { redcapRecord } from './csv';
import type { RedcapInstrument } from './instruments';

/** The one arm of the project: every participant follows the same rounds. */
const ARM = '1';

/** The event holding every one-time survey, each one-time form a repeating instrument in it. */
const ONE_TIME_EVENT = 'one_time_surveys_arm_1';

const roundEvent = (round: number) => `round_${round}_arm_1`;

/** The event a response belongs in: its survey round, or the one-time surveys. */
export const eventOf = (response: DatasetResponse) =>
  response.roundNumber === null ? ONE_TIME_EVENT : roundEvent(response.roundNumber);

/** Whether a form's responses are repeating instances: a participant may answer a one-time form more than once. */
export const repeats = (form: DatasetForm) => form.kind === 'one-time';

/** Whether a response is a repeating instance: one of a one-time form outside the survey rounds. */
export const repeatsIn = (form: DatasetForm, response: DatasetResponse) =>
  repeats(form) && response.roundNumber === null;

/** The events a form is designated to: each round it was answered in, and the one-time surveys for a one-time form. */
const eventsOf = (form: DatasetForm) => [...form.rounds.map(roundEvent), ...(repeats(form) ? [ONE_TIME_EVENT] : [])];

/**
 * The records of the events file, as REDCap's event import takes them (`event_name, arm_num, day_offset,
 * offset_min, offset_max, unique_event_name, custom_event_label`): a `Round N` event for each round the chosen
 * forms are given in, ascending, then `One time surveys` if a one-time form is chosen. The day offset only keeps
 * that order (the portal's rounds have no fixed day). REDCap makes each unique name from the event name (its
 * first 18 letters, digits and underscores, spaces as underscores, other characters dropped, then `_arm_1`), so the
 * names are chosen to give those written here: `One-time` would become `onetime`.
 */
export function eventRecords(forms: readonly DatasetForm[]): string[] {
  const rounds = [...new Set(forms.flatMap((form) => form.rounds))].sort((a, b) => a - b);
  const events = rounds.map((round) => [`Round ${round}`, roundEvent(round)]);
  if (forms.some(repeats)) events.push(['One time surveys', ONE_TIME_EVENT]);
  return [
    ['event_name', 'arm_num', 'day_offset', 'offset_min', 'offset_max', 'unique_event_name', 'custom_event_label'],
    ...events.map(([name, unique], offset) => [name!, ARM, String(offset), '0', '0', unique!, '']),
  ].map(redcapRecord);
}

/** The records of the instrument designations file (`arm_num, unique_event_name, form`): each instrument in its events. */
export const designationRecords = (instruments: readonly RedcapInstrument[]) =>
  [
    ['arm_num', 'unique_event_name', 'form'],
    ...instruments.flatMap((instrument) => eventsOf(instrument.form).map((event) => [ARM, event, instrument.name])),
  ].map(redcapRecord);

/** The records of the repeating instruments file (`event_name, form_name, custom_form_label`): the one-time forms. */
export const repeatingRecords = (instruments: readonly RedcapInstrument[]) =>
  [
    ['event_name', 'form_name', 'custom_form_label'],
    ...instruments
      .filter((instrument) => repeats(instrument.form))
      .map((instrument) => [ONE_TIME_EVENT, instrument.name, '']),
  ].map(redcapRecord);
