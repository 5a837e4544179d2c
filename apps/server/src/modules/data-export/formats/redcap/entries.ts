import type { ExportDataset } from '../dataset';
import type { ArchiveEntry } from '../entry';
import { dictionaryRecords } from './dictionary';
import { designationRecords, eventRecords, repeatingRecords, repeats } from './events';
import { redcapInstruments } from './instruments';
import { instrumentRecords } from './records';

/** A small file written as one batch. */
const whole = (records: () => string[]) =>
  async function* () {
    yield records();
  };

/**
 * The archive's `redcap/` folder: what a REDCap longitudinal project takes to hold the chosen forms' responses.
 * The data dictionary, events, instrument designations and (with a one-time form) repeating instruments are
 * uploaded first, in that order; then each instrument's records file is imported. No form with a field, no folder.
 */
export function redcapEntries(dataset: ExportDataset): ArchiveEntry[] {
  // A form with no exported field (all free text in a de-identified run) would be an instrument REDCap never makes.
  const instruments = redcapInstruments(dataset.forms).filter((instrument) => instrument.fields.length > 0);
  if (instruments.length === 0) return [];
  const forms = instruments.map((instrument) => instrument.form);
  const entry = (path: string, about: string, records: ArchiveEntry['records']): ArchiveEntry => ({
    path: `redcap/${path}`,
    about,
    headerRecords: 1,
    records,
  });
  return [
    entry(
      'data-dictionary.csv',
      'The REDCap data dictionary of the chosen forms, one instrument per form version, to upload first.',
      whole(() => dictionaryRecords(dataset, instruments)),
    ),
    entry(
      'events.csv',
      'The REDCap events of arm 1, one per survey round and one for the one-time surveys.',
      whole(() => eventRecords(forms)),
    ),
    entry(
      'instrument-designations.csv',
      'The events each REDCap instrument is designated to.',
      whole(() => designationRecords(instruments)),
    ),
    ...(forms.some(repeats)
      ? [
          entry(
            'repeating-instruments.csv',
            'The REDCap instruments that repeat in the one-time surveys event, one per one-time form.',
            whole(() => repeatingRecords(instruments)),
          ),
        ]
      : []),
    ...instruments.map((instrument) =>
      entry(
        `records-${instrument.name}.csv`,
        `The responses to ${instrument.form.title.en} (version ${instrument.form.version}) in REDCap's import format.`,
        () => instrumentRecords(dataset, instrument),
      ),
    ),
  ];
}
