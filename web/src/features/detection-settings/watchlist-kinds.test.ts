import { describe, expect, it } from 'vitest';
import { adminWatchlists } from '@app/core/lists/watchlist-table.ts';
import { WATCHLISTS, WATCHLIST_NAMES } from './watchlist-kinds.ts';

describe("the watchlist tabs (from core's lists table)", () => {
  it('has a tab per admin list of the table, in its order', () => {
    expect(WATCHLIST_NAMES).toEqual(adminWatchlists().map((l) => l.name));
    expect(WATCHLIST_NAMES).toEqual(expect.arrayContaining(['privileged-users', 'sensitive-profiles', 'sensitive-roles', 'sensitive-programs']));
  });

  it('derives the texts the tabs showed before the table held them', () => {
    expect(WATCHLISTS['privileged-users']).toMatchObject({
      tabLabel: 'Privileged Users', idLabel: 'User', addLabel: 'Add User', listName: 'the privileged-users watchlist', importNoun: 'users', maxIdLength: 12,
      columns: 'Columns: USER, KIND (standard or emergency), DESCRIPTION (optional).', emptyText: 'No privileged users found',
      kinds: [{ value: 'standard', label: 'Standard user' }, { value: 'emergency', label: 'Emergency (firefighter) ID' }],
    });
    expect(WATCHLISTS['sensitive-programs']).toMatchObject({ tabLabel: 'Sensitive Programs', idLabel: 'Program or function module', addLabel: 'Add Program', columns: 'Columns: NAME, KIND (report or function_module), DESCRIPTION (optional).', importNoun: 'programs', maxIdLength: 40 });
    expect(WATCHLISTS['sensitive-roles']).toMatchObject({ tabLabel: 'Sensitive Roles', addLabel: 'Add Role', columns: 'Columns: ROLE, DESCRIPTION (optional).', emptyText: 'No sensitive roles found', kinds: [], maxIdLength: 30 });
  });
});
