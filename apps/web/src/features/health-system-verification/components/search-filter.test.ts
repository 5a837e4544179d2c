import { describe, expect, it } from 'vitest';
import { searchFilter } from './search-filter';

const ID = '2f1c3d4e-0000-4000-8000-0000000000ab';

describe('the search filter', () => {
  it('searches by a User ID (upper case read as lower case), a health system, or both', () => {
    expect(searchFilter({ userId: ` ${ID.toUpperCase()} `, healthSystem: '' })).toEqual({
      filter: { userIds: [ID] },
    });
    expect(searchFilter({ userId: '', healthSystem: 'none' })).toEqual({
      filter: { userIds: [], healthSystem: 'none' },
    });
    expect(searchFilter({ userId: ID, healthSystem: 'geisinger' })).toEqual({
      filter: { userIds: [ID], healthSystem: 'geisinger' },
    });
  });

  it('needs a valid User ID or a health system', () => {
    expect(searchFilter({ userId: '', healthSystem: '' })).toEqual({ error: 'verification.searchNeeded' });
    expect(searchFilter({ userId: '   ', healthSystem: '' })).toEqual({ error: 'verification.searchNeeded' });
    expect(searchFilter({ userId: '2f1c3d4e-0000', healthSystem: '' })).toEqual({
      error: 'verification.searchNeeded',
    });
  });

  it('refuses an ID that is not a UUID even with a health system chosen', () => {
    expect(searchFilter({ userId: `${ID}0`, healthSystem: 'none' })).toEqual({ error: 'verification.userIdInvalid' });
  });
});
