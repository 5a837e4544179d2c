import { describe, expect, it } from 'vitest';
import { matchIdentifiers, readIdentifiers } from './participant-identifiers';

const ID = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f';

describe('reading a participant list', () => {
  it('trims each row (a byte-order mark too), drops blank rows, and keys e-mails and IDs in lower case', () => {
    const read = readIdentifiers(['\uFEFFAna@Example.org', '', ' \t ', `  ${ID.toUpperCase()}  `, 'ben@example.org\r']);
    expect(read.unmatched).toEqual([]);
    expect(read.identifiers).toEqual([
      { row: 1, value: 'Ana@Example.org', kind: 'email', key: 'ana@example.org' },
      { row: 4, value: ID.toUpperCase(), kind: 'id', key: ID },
      { row: 5, value: 'ben@example.org', kind: 'email', key: 'ben@example.org' },
    ]);
  });

  it('calls a row that is neither an address nor a UUID invalid, and a repeated row a duplicate', () => {
    const read = readIdentifiers(['=1+2', 'ana@example.org', 'not an address', 'ANA@example.org', '6f1c2a4e-8b3d']);
    expect(read.identifiers.map((i) => i.row)).toEqual([2]);
    expect(read.unmatched).toEqual([
      { row: 1, value: '=1+2', reason: 'invalid' },
      { row: 3, value: 'not an address', reason: 'invalid' },
      { row: 4, value: 'ANA@example.org', reason: 'duplicate' },
      { row: 5, value: '6f1c2a4e-8b3d', reason: 'invalid' },
    ]);
  });
});

describe('matching a list with participants', () => {
  it('keeps each participant once, in row order, and says why a row found no one', () => {
    const { identifiers } = readIdentifiers(['ana@example.org', 'gone@example.org', 'nobody@example.org', ID]);
    const found = new Map([
      ['ana@example.org', { userId: 'u-ana', status: 'live' as const }],
      ['gone@example.org', { userId: 'u-gone', status: 'withdrawn' as const }],
      [ID, { userId: 'u-ana', status: 'live' as const }],
    ]);
    expect(matchIdentifiers(identifiers, (i) => found.get(i.key))).toEqual({
      userIds: ['u-ana'],
      unmatched: [
        { row: 2, value: 'gone@example.org', reason: 'withdrawn' },
        { row: 3, value: 'nobody@example.org', reason: 'notFound' },
        { row: 4, value: ID, reason: 'duplicate' },
      ],
    });
  });
});
