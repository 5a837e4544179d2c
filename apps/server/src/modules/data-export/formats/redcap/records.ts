import type { ExportDataset } from '../dataset';
import { redcapRecord } from './csv';
import { eventOf, repeats, repeatsIn } from './events';
import { checkboxCode } from './names';
import { completeField, type RedcapField, type RedcapInstrument, RECORD_ID } from './instruments';

/** REDCap's form status for a submitted response. */
const COMPLETE = '2';

/**
 * A field's columns in a records file: for a checkbox one per choice (`var___code`, the code as REDCap writes it
 * there), else its variable.
 */
const fieldColumns = (field: RedcapField) =>
  field.type === 'checkbox'
    ? field.choices.map((choice) => `${field.variable}___${checkboxCode(choice.code)}`)
    : [field.variable];

/**
 * A field's cells for one response: a checkbox 1 or 0 per choice, a choice its REDCap code, anything else the
 * portal's cell. A value that is none of the field's choices is written as the portal has it, so that REDCap's
 * import reports it instead of losing it.
 */
function fieldCells(field: RedcapField, answers: Record<string, unknown>): string[] {
  const cell = field.column.read(answers);
  if (field.type === 'checkbox') {
    const chosen = new Set(cell.split(';'));
    return field.choices.map((choice) => (chosen.has(choice.answer.code) ? '1' : '0'));
  }
  if (field.choices.length === 0) return [cell];
  return [field.choices.find((choice) => choice.answer.code === cell)?.code ?? cell];
}

/**
 * The records of an instrument's file in REDCap's flat import format: the record id (the participant), the event,
 * for a one-time form the repeat instrument and instance in the one-time surveys event (the participant's first,
 * second, … response there in the dataset's order; blank in a round's event), the fields in dictionary order, and the form status complete. Rows are written a batch at a
 * time; only a count per participant of a one-time form is kept.
 */
export async function* instrumentRecords(
  dataset: ExportDataset,
  instrument: RedcapInstrument,
): AsyncGenerator<string[]> {
  const repeating = repeats(instrument.form);
  const repeatColumns = repeating ? ['redcap_repeat_instrument', 'redcap_repeat_instance'] : [];
  yield [
    redcapRecord([
      RECORD_ID,
      'redcap_event_name',
      ...repeatColumns,
      ...instrument.fields.flatMap(fieldColumns),
      completeField(instrument.name),
    ]),
  ];
  const instances = new Map<string, number>();
  for await (const batch of dataset.responses(instrument.form)) {
    yield batch.map((response) => {
      const repeat = repeatsIn(instrument.form, response);
      const instance = (instances.get(response.participant) ?? 0) + 1;
      if (repeat) instances.set(response.participant, instance);
      return redcapRecord([
        response.participant,
        eventOf(response),
        ...(repeating ? (repeat ? [instrument.name, String(instance)] : ['', '']) : []),
        ...instrument.fields.flatMap((field) => fieldCells(field, response.answers)),
        COMPLETE,
      ]);
    });
  }
}
