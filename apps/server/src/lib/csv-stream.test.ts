import { describe, expect, it } from 'vitest';
import { csvFile, csvRecord, windowBatches } from './csv-stream';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

describe('CSV files as they stream', () => {
  it('neutralises every cell a spreadsheet would read as a formula, and quotes per RFC 4180', () => {
    expect(csvRecord(['=1+2', '+1', '-1', '@A1', '\tx', '\rx', 'plain'])).toBe(
      `'=1+2,'+1,'-1,'@A1,'\tx,"'\rx",plain\r\n`,
    );
    expect(csvRecord(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
    expect(csvRecord([null, undefined, 3, false, new Date('2026-03-01T12:00:00.000Z')])).toBe(
      ',,3,false,2026-03-01T12:00:00.000Z\r\n',
    );
  });

  it('starts with a byte-order mark and the header, writes a chunk per batch and counts the rows at the end', async () => {
    const ends: [number, boolean][] = [];
    const lines = await collect(
      csvFile(
        ['n', 'word'],
        batchesOf([1, 2], [3]),
        (n) => [n, n === 3 ? '=three' : 'x'],
        async (count, complete) => {
          ends.push([count, complete]);
        },
      ),
    );
    expect(lines).toEqual(['\uFEFFn,word\r\n', '1,x\r\n2,x\r\n', "3,'=three\r\n"]);
    expect(ends).toEqual([[3, true]]);
  });

  it('says so when the reader stops before the end', async () => {
    const ends: [number, boolean][] = [];
    const file = csvFile(
      ['n'],
      batchesOf([1], [2], [3]),
      (n) => [n],
      async (count, complete) => {
        ends.push([count, complete]);
      },
    );
    await file.next();
    await file.next();
    await file.return(undefined);
    expect(ends).toEqual([[1, false]]);
  });

  it('reads windows of keys until a short one, leaving out empty windows', async () => {
    const keys = [1, 2, 3, 4, 5, 6, 7];
    const asked: (number | undefined)[] = [];
    const batches = await collect(
      windowBatches(
        async (after: number | undefined) => {
          asked.push(after);
          return keys.filter((k) => after === undefined || k > after).slice(0, 3);
        },
        async ({ first, last }) => keys.filter((k) => k >= first && k <= last && k !== 4 && k !== 5 && k !== 6),
        3,
      ),
    );
    expect(batches).toEqual([[1, 2, 3], [7]]);
    expect(asked).toEqual([undefined, 3, 6]);
  });
});
