import { describe, expect, it } from 'vitest';
import { batchResultCsv, csvCell } from './result-csv';

describe('verification result CSV', () => {
  it('keeps a spreadsheet from reading a cell as a formula, and quotes commas, quotes and line breaks', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=a,b')).toBe('"\'=a,b"');
    expect(csvCell('notFound')).toBe('notFound');
  });

  it('writes the changes, then the IDs left out, one line each', () => {
    const csv = batchResultCsv(
      [{ userId: 'a1', oldStatus: null, newStatus: true }],
      [{ userId: 'b2', reason: 'withdrawn' }],
    );
    expect(csv).toBe('userId,previousStatus,newStatus,result\r\na1,Pending,Verified,updated\r\nb2,,,withdrawn\r\n');
  });
});
