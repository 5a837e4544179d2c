import { describe, expect, it } from 'vitest';
import { readIdCsv, readPastedIds } from './id-list';

const csv = (content: BlobPart, name = 'ids.csv', type = 'text/csv') => new File([content], name, { type });
const read = (text: string) => readIdCsv(csv(text), () => {});

const A = '2f1c3d4e-0000-4000-8000-000000000001';
const B = '2f1c3d4e-0000-4000-8000-000000000002';
const C = '2f1c3d4e-0000-4000-8000-00000000000c';

describe('reading a CSV of user IDs', () => {
  it('drops a byte order mark and reads quoted cells, Windows line ends and upper case IDs', async () => {
    const ids = await read(`\uFEFFuserId\r\n"${A}"\r\n" ${B} "\r\n2F1C3D4E-0000-4000-8000-00000000000C\r\n`);
    expect(ids).toEqual({ valid: [A, B, C], invalid: [], tooMany: false });
  });

  it('takes the column named userId, user_id or user id, in any case, among others', async () => {
    expect((await read(`name,user_id\nAna,${A}\n`)).valid).toEqual([A]);
    expect((await read(`"User ID",name\n${B},Luis\n`)).valid).toEqual([B]);
    expect((await read(`USERID\n${A}\n`)).valid).toEqual([A]);
  });

  it('skips blank lines and repeats (compared without case)', async () => {
    const ids = await read(`userId\n\n${A}\n   \n${A.toUpperCase()}\n,\n${B}\n${A}\n\n`);
    expect(ids.valid).toEqual([A, B]);
  });

  it('keeps formula-looking and other bad cells as invalid IDs, shown as read', async () => {
    const ids = await read(`userId\n=cmd|' /C calc'!A0\n+1+1\n@SUM(A1)\nnot-an-id\n${A}\n`);
    expect(ids.valid).toEqual([A]);
    expect(ids.invalid).toEqual(["=cmd|' /C calc'!A0", '+1+1', '@SUM(A1)', 'not-an-id']);
  });

  it('refuses a file without the userId header, as not in the expected format', async () => {
    await expect(read(`${A}\n${B}\n`)).rejects.toThrow('verification.csv.format');
    await expect(read(`email\nana@example.org\n`)).rejects.toThrow('verification.csv.format');
  });

  it('refuses a file that is not a .csv, a binary file named .csv, and one with no valid ID', async () => {
    await expect(readIdCsv(csv(`userId\n${A}\n`, 'ids.txt', 'text/plain'), () => {})).rejects.toThrow(
      'verification.csv.type',
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]);
    await expect(readIdCsv(csv(png, 'picture.csv'), () => {})).rejects.toThrow('verification.csv.format');
    await expect(read('userId\n')).rejects.toThrow('verification.csv.noValidIds');
    await expect(read('userId\nnot-an-id\n')).rejects.toThrow('verification.csv.noValidIds');
    await expect(read('')).rejects.toThrow('verification.csv.format');
  });

  it('refuses a file over 5,242,880 bytes', async () => {
    await expect(read(`userId\n${'x'.repeat(5_242_880)}`)).rejects.toThrow('verification.csv.tooLarge');
  });

  it('reads 100,000 IDs with its progress, and refuses more', async () => {
    const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const lines = Array.from({ length: 100_000 }, (_, i) => id(i));
    const progress: number[] = [];
    const ids = await readIdCsv(csv(`userId\n${lines.join('\n')}\n`), (p) => progress.push(p));
    expect(ids.valid).toHaveLength(100_000);
    expect(ids.valid[99_999]).toBe('00000000-0000-4000-8000-000000099999');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);

    await expect(read(`userId\n${lines.join('\n')}\n${id(100_000)}\n`)).rejects.toThrow('verification.tooManyIds');
  });
});

describe('reading typed or pasted user IDs', () => {
  it('takes one a line or several separated by commas, dropping blanks and repeats', () => {
    expect(readPastedIds(`${A}, ${B}\n\nbad-id\r\n${A.toUpperCase()},\n`)).toEqual({
      valid: [A, B],
      invalid: ['bad-id'],
      tooMany: false,
    });
  });
});
