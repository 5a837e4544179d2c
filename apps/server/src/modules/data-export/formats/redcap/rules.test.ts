import { describe, expect, it } from 'vitest';
import { redcapEntries } from './entries';
import { dataset, recordsOf } from './test-dataset';

/** Reads a CSV file as RFC 4180 has it, to check the files as REDCap would read them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell]);
      [row, cell] = [[], ''];
      at += 1;
    } else cell += char;
  }
  return rows;
}

async function files(): Promise<Map<string, { text: string; rows: string[][] }>> {
  const all = new Map<string, { text: string; rows: string[][] }>();
  for (const entry of redcapEntries(dataset())) {
    const text = (await recordsOf(entry.records(new Map()))).join('');
    all.set(entry.path.replace('redcap/', ''), { text, rows: parseCsv(text) });
  }
  return all;
}

const dictionaryOf = async () => (await files()).get('data-dictionary.csv')!.rows.slice(1);
const recordsFiles = async () => [...(await files())].filter(([path]) => path.startsWith('records-'));

describe('the REDCap files follow REDCap’s rules:', () => {
  it('variable names are lower case letters, digits and underscores, start with a letter, at most 26, unique', async () => {
    const names = (await dictionaryOf()).map((field) => field[0]!);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(name.length).toBeLessThanOrEqual(26);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('instrument names are lower case letters, digits and underscores, start with a letter, at most 50', async () => {
    for (const [, form] of await dictionaryOf()) {
      expect(form).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(form!.length).toBeLessThanOrEqual(50);
    }
  });

  it('a field of choices lists them as `code, label | code, label`, each code once', async () => {
    const coded = (await dictionaryOf()).filter((field) => ['radio', 'dropdown', 'checkbox'].includes(field[3]!));
    expect(coded.length).toBe(10);
    for (const field of coded) {
      expect(field[5]).toMatch(/^[a-zA-Z0-9._-]+, [^|\n]+( \| [a-zA-Z0-9._-]+, [^|\n]+)*$/);
      const codes = field[5]!.split(' | ').map((choice) => choice.split(', ')[0]);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('only fields of choices have choices, and only text fields a validation', async () => {
    for (const field of await dictionaryOf()) {
      if (!['radio', 'dropdown', 'checkbox'].includes(field[3]!)) expect(field[5]).toBe('');
      if (field[3] !== 'text') expect(field[7]).toBe('');
    }
  });

  it('the record id is the first field, on the first instrument, and the first column of every records file', async () => {
    const dictionary = await dictionaryOf();
    expect(dictionary[0]!.slice(0, 2)).toEqual(['record_id', 'wellbeing_v1']);
    for (const [, file] of await recordsFiles()) expect(file.rows[0]![0]).toBe('record_id');
  });

  it('a records column is a field of its instrument, a checkbox choice `var___code`, a redcap_ column or the status', async () => {
    const dictionary = await dictionaryOf();
    for (const [path, file] of await recordsFiles()) {
      const instrument = path.replace(/^records-|\.csv$/g, '');
      const fields = dictionary.filter((field) => field[1] === instrument || field[0] === 'record_id');
      const allowed = new Set([
        'redcap_event_name',
        'redcap_repeat_instrument',
        'redcap_repeat_instance',
        `${instrument}_complete`,
        ...fields.flatMap((field) =>
          field[3] === 'checkbox'
            ? field[5]!
                .split(' | ')
                .map((choice) => `${field[0]}___${choice.split(', ')[0]!.toLowerCase().replace(/[-.]/g, '_')}`)
            : [field[0]!],
        ),
      ]);
      for (const column of file.rows[0]!) expect(allowed).toContain(column);
      expect(file.rows[0]!.at(-1)).toBe(`${instrument}_complete`);
    }
  });

  it('a checkbox column holds 1 or 0, and a choice field one of its codes or nothing', async () => {
    const dictionary = await dictionaryOf();
    const choices = new Map(
      dictionary
        .filter((field) => field[3] === 'radio' || field[3] === 'dropdown')
        .map((field) => [field[0]!, ['', ...field[5]!.split(' | ').map((choice) => choice.split(', ')[0]!)]]),
    );
    for (const [, file] of await recordsFiles()) {
      const [header, ...rows] = file.rows;
      header!.forEach((column, at) => {
        for (const row of rows) {
          if (column.includes('___')) expect(['0', '1']).toContain(row[at]);
          if (choices.has(column)) expect(choices.get(column)).toContain(row[at]);
        }
      });
      for (const row of rows) expect(row).toHaveLength(header!.length);
    }
  });

  it('events are named so that REDCap derives the unique names used in the records', async () => {
    const all = await files();
    const events = all.get('events.csv')!.rows.slice(1);
    for (const [name, arm, , , , unique] of events)
      expect(unique).toBe(
        `${name!
          .replace(/[^0-9a-z_ ]/gi, '')
          .replaceAll(' ', '_')
          .slice(0, 18)
          .toLowerCase()}_arm_${arm}`,
      );
    const uniques = new Set(events.map((event) => event[5]));
    for (const [, file] of await recordsFiles())
      for (const row of file.rows.slice(1)) expect(uniques).toContain(row[1]);
  });

  it('files are UTF-8 text without a byte order mark, every record ended by CRLF', async () => {
    for (const [, file] of await files()) {
      expect(file.text.startsWith('\uFEFF')).toBe(false);
      expect(file.text.endsWith('\r\n')).toBe(true);
    }
  });
});
