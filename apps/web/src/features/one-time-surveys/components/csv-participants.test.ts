import { describe, expect, it } from 'vitest';
import { readParticipantCsv } from './csv-participants';
import { readPastedParticipants } from './participant-list';

const csv = (text: string, name = 'participants.csv', type = 'text/csv') => new File([text], name, { type });
const read = (text: string) => readParticipantCsv(csv(text), () => {});

describe('reading a CSV of participants', () => {
  it('drops a byte order mark and an email header, and reads quoted cells and Windows line ends', async () => {
    const list = await read('\uFEFFemail\r\n"ana@example.org"\r\n" luis@example.org "\r\n');
    expect(list.header).toBe(true);
    expect(list.rows).toEqual([
      { row: 2, value: 'ana@example.org' },
      { row: 3, value: 'luis@example.org' },
    ]);
  });

  it('reads the userId column of a file with several columns, by its header', async () => {
    const list = await read(
      'name,userId\nAna,2f1c3d4e-0000-4000-8000-000000000001\nLuis,2f1c3d4e-0000-4000-8000-000000000002\n',
    );
    expect(list.rows.map((r) => r.value)).toEqual([
      '2f1c3d4e-0000-4000-8000-000000000001',
      '2f1c3d4e-0000-4000-8000-000000000002',
    ]);
  });

  it('takes the first line as a participant when it names no column', async () => {
    const list = await read('ana@example.org\nluis@example.org');
    expect(list.header).toBe(false);
    expect(list.rows).toEqual([
      { row: 1, value: 'ana@example.org' },
      { row: 2, value: 'luis@example.org' },
    ]);
  });

  it('skips blank lines and repeats (e-mails compared without case), keeping each line number', async () => {
    const list = await read('ana@example.org\n\n   \nANA@example.org\n,\nluis@example.org\nana@example.org\n');
    expect(list.rows).toEqual([
      { row: 1, value: 'ana@example.org' },
      { row: 6, value: 'luis@example.org' },
    ]);
    expect(list.duplicates).toBe(2);
    expect(list.blanks).toBe(4);
  });

  it('keeps formula-looking cells as the plain text they are', async () => {
    const list = await read('"=HYPERLINK(""http://evil.example"",""x"")"\n+1+1\n-2\n@SUM(A1)\n');
    expect(list.rows.map((r) => r.value)).toEqual(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2', '@SUM(A1)']);
  });

  it('reads 100,000 rows with its progress, and stops past 100,000', async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `person${i}@example.org`);
    const progress: number[] = [];
    const list = await readParticipantCsv(csv(`email\n${lines.join('\n')}\n`), (p) => progress.push(p));
    expect(list.rows).toHaveLength(100_000);
    expect(list.rows[99_999]).toEqual({ row: 100_001, value: 'person99999@example.org' });
    expect(list.tooMany).toBe(false);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);

    const over = await read(`${lines.join('\n')}\nlast@example.org\n`);
    expect(over.tooMany).toBe(true);
    expect(over.rows).toHaveLength(100_000);
  });

  it('refuses a file that is not CSV, an empty one and one over 5 MB', async () => {
    await expect(
      readParticipantCsv(
        csv('a', 'list.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        () => {},
      ),
    ).rejects.toThrow('oneTimeSurveys.participants.csvType');
    await expect(read('')).rejects.toThrow('oneTimeSurveys.participants.csvEmpty');
    await expect(read('x'.repeat(5_242_881))).rejects.toThrow('oneTimeSurveys.participants.csvTooLarge');
  });
});

describe('reading a pasted list of participants', () => {
  it('takes one a line or several separated by commas or semicolons, dropping blanks and repeats', () => {
    const list = readPastedParticipants('ana@example.org, luis@example.org\n\nmaria@example.org;ana@example.org\r\n');
    expect(list.rows).toEqual([
      { row: 1, value: 'ana@example.org' },
      { row: 1, value: 'luis@example.org' },
      { row: 3, value: 'maria@example.org' },
    ]);
    expect(list.duplicates).toBe(1);
  });
});
