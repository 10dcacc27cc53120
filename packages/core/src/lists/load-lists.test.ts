import { describe, expect, it } from 'vitest';
import { isEngineError } from '../errors/index.ts';
import { createFlagContext } from '../flags/flag-context.ts';
import { adminWatchlists, loadDefaultLists, loadMasterLists, parseListCsv, parseWatchlistCsv, WATCHLISTS } from './index.ts';

describe('loadDefaultLists', () => {
  it('reads every default list with its row counts', () => {
    const lists = loadDefaultLists();
    expect(lists.highRiskTcodes).toHaveLength(149);
    expect(lists.highRiskTables).toHaveLength(106);
    expect(lists.sensitiveFields).toHaveLength(49);
    expect(lists.sensitiveObjectClasses).toHaveLength(33);
    expect(lists.events).toHaveLength(108);
    expect(lists.privilegedUsers).toHaveLength(9);
    expect(lists.privilegedUsers.find((u) => u.user === 'SAP*')).toMatchObject({ kind: 'standard' });
    expect(lists.privilegedUsers.find((u) => u.user === 'FF_*')).toMatchObject({ kind: 'emergency' });
    expect(lists.sensitiveProfiles.map((p) => p.profile)).toContain('SAP_ALL');
    expect(lists.sensitiveProfiles).toHaveLength(6);
    expect(lists.sensitivePrograms).toHaveLength(19);
    expect(lists.sensitivePrograms.find((p) => p.name === 'RFC_READ_TABLE')).toMatchObject({ kind: 'function_module' });
    expect(lists.sensitiveFields).toContain('BANKN');
    expect(lists.sensitiveObjectClasses).toContain('BELEG');
    expect(lists.events.find((e) => e.event === 'CUL')).toMatchObject({ category: 'debugging', severity: 'high' });
    // Quoted descriptions with commas stay whole.
    expect(lists.highRiskTables.find((t) => t.id === 'AGR_1251')?.description).toBe('Authorization data of roles (objects, fields, values)');
  });
  it('returns a copy callers may mutate', () => {
    loadDefaultLists().highRiskTcodes.length = 0;
    expect(loadDefaultLists().highRiskTcodes.length).toBe(149);
  });
});

describe('loadMasterLists', () => {
  it('reads the tcode and table masters', () => {
    const m = loadMasterLists();
    expect(m.tcodes).toHaveLength(395);
    expect(m.tables).toHaveLength(411);
    expect(m.tables.find((t) => t.id === 'ACDOCA')?.description).toMatch(/Universal Journal/);
  });
});

describe('parseListCsv', () => {
  it('reads a tcode override with quoted fields', () => {
    const list = parseListCsv('TCODE,CATEGORY,DESCRIPTION\r\nzz01,Custom,"Do a, b"\r\nZZ02,,\r\n', 'tcodes');
    expect(list).toEqual([
      { id: 'ZZ01', category: 'Custom', description: 'Do a, b' },
      { id: 'ZZ02', category: '', description: '' },
    ]);
  });
  it('rejects a list without the id column, naming the expected columns', () => {
    try {
      parseListCsv('NAME,CATEGORY\nX,Y\n', 'tables');
      expect.unreachable();
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('BAD_LIST');
      expect((e as Error).message).toContain('TABNAME,CATEGORY,DESCRIPTION');
    }
  });
});

describe('default list categories', () => {
  it('use one name per category across tables and tcodes (no near-duplicates)', async () => {
    const { loadDefaultLists, CATEGORY_ALIASES } = await import('./index.ts');
    const lists = loadDefaultLists();
    const categories = new Set([...lists.highRiskTables, ...lists.highRiskTcodes].map((e) => e.category));
    for (const alias of Object.keys(CATEGORY_ALIASES)) expect(categories.has(alias)).toBe(false);
    expect(lists.highRiskTcodes.find((t) => t.id === 'FB01')?.category).toBe('Finance');
    expect([...categories].filter((c) => ['Finance', 'Payment & Banking', 'Job Scheduling'].includes(c)).sort()).toEqual(['Finance', 'Job Scheduling', 'Payment & Banking']);
  });

  it('ship the canonical names in the files themselves, and fold the near-duplicates of issue 27 in any case', async () => {
    const { readFileSync } = await import('node:fs');
    const { canonicalCategory, CATEGORY_ALIASES, loadDefaultLists } = await import('./index.ts');
    for (const file of ['high_risk_tables.csv', 'high_risk_tcodes.csv']) {
      const text = readFileSync(new URL(`../../data/defaults/${file}`, import.meta.url), 'utf8');
      for (const alias of Object.keys(CATEGORY_ALIASES)) expect(text.split(/\r?\n/).filter((l) => l.split(',')[1] === alias)).toEqual([]);
    }
    expect(canonicalCategory('User & Authorization')).toBe('User Administration');
    expect(canonicalCategory(' system configuration ')).toBe('System Administration');
    expect(canonicalCategory('Credentials & Trust')).toBe('Credentials & Trust');
    const lists = loadDefaultLists();
    expect(lists.highRiskTables.find((t) => t.id === 'AGR_USERS')?.category).toBe('User Administration');
    expect(lists.highRiskTables.find((t) => t.id === 'T000')?.category).toBe('System Administration');
    expect(lists.highRiskTcodes.find((t) => t.id === 'SCC4')?.category).toBe('System Administration');
  });
});

describe('the lists table (WATCHLISTS)', () => {
  it('gives each list its default file, its override columns and its reader', () => {
    const defaults = loadDefaultLists();
    for (const l of WATCHLISTS) {
      expect(defaults[l.key]?.length, l.key).toBeGreaterThan(0);
      const [id, ...rest] = l.columns.split(',');
      expect(id).toBe(l.idColumn);
      const entries = parseWatchlistCsv(`${l.columns}\nZ_TEST_${l.flag.toUpperCase()},${rest.map(() => '').join(',')}\n`, l.flag);
      expect(entries.length, l.flag).toBe(1);
      expect(Object.values(entries[0]!)).toContain(`Z_TEST_${l.flag.toUpperCase()}`);
      let message = '';
      try {
        parseWatchlistCsv('SOMETHING,ELSE\nx,y\n', l.flag);
      } catch (e) {
        message = isEngineError(e) ? e.message : String(e);
      }
      expect(message).toBe(`the ${l.flag} list needs a header row with columns ${l.columns} (found: SOMETHING,ELSE)`);
    }
    expect(WATCHLISTS.map((l) => l.flag)).toEqual(expect.arrayContaining(['privileged', 'profiles', 'roles', 'programs', 'payments']));
    expect(new Set(WATCHLISTS.map((l) => l.flag)).size).toBe(WATCHLISTS.length);
  });

  it("checks the privileged list's KIND", () => {
    expect(() => parseWatchlistCsv('USER,KIND\nSAP*,superuser\n', 'privileged')).toThrow('the privileged list\'s KIND must be standard or emergency (found "superuser" for SAP*)');
  });
});

describe('the admin lists of the table (adminWatchlists)', () => {
  it('keeps the storage keys, audit types and seed markers of the lists shipped before (stored data reads on)', () => {
    const shipped = ['privileged-users', 'sensitive-profiles', 'sensitive-roles', 'sensitive-programs'];
    const keys = adminWatchlists().filter((l) => shipped.includes(l.name)).map((l) => [l.name, l.key, l.pk, l.versionSk, l.seedMarker, l.item, l.listName]);
    expect(keys).toEqual([
      ['privileged-users', 'privilegedUsers', 'WATCH#PRIVILEGED_USER', 'VERSION#PRIVILEGED_USERS', 'SEEDED#WATCHLISTS', 'privileged_user', 'the privileged-users watchlist'],
      ['sensitive-profiles', 'sensitiveProfiles', 'WATCH#SENSITIVE_PROFILE', 'VERSION#SENSITIVE_PROFILES', 'SEEDED#WATCHLISTS', 'sensitive_profile', 'the sensitive-profiles watchlist'],
      ['sensitive-roles', 'sensitiveRoles', 'WATCH#SENSITIVE_ROLE', 'VERSION#SENSITIVE_ROLES', 'SEEDED#WATCHLISTS#SENSITIVE_ROLES', 'sensitive_role', 'the sensitive-roles watchlist'],
      ['sensitive-programs', 'sensitivePrograms', 'WATCH#SENSITIVE_PROGRAM', 'VERSION#SENSITIVE_PROGRAMS', 'SEEDED#WATCHLISTS', 'sensitive_program', 'the sensitive-programs watchlist'],
    ]);
  });

  it('turns each list into stored rows and back without loss, its default entries fitting its ID shape and kinds', () => {
    const defaults = loadDefaultLists();
    for (const l of adminWatchlists()) {
      const entries = defaults[l.key]!;
      const rows = l.toRows(entries);
      expect(rows.length, l.name).toBe(entries.length);
      for (const r of rows) {
        expect(r.id, l.name).toMatch(l.spec.idPattern);
        if (l.spec.kinds.length > 0) expect(l.spec.kinds.map((k) => k.value), l.name).toContain(r.kind);
        else expect(r.kind, l.name).toBeUndefined();
      }
      expect(l.fromRows(rows), l.name).toEqual(entries);
    }
    // A stored kind the list no longer has reads as its first kind.
    const users = adminWatchlists().find((l) => l.name === 'privileged-users')!;
    expect(users.fromRows([{ id: 'FF_X', kind: 'superuser', description: '' }])).toEqual([{ user: 'FF_X', kind: 'standard', description: '' }]);
  });
});

describe("the table's lookups (FlagContext)", () => {
  it('compiles each list under its key, the default list standing in for one a stored snapshot lacks', () => {
    const lists = loadDefaultLists();
    const ctx = createFlagContext({ ...lists, sensitiveRoles: [{ role: 'Z_ONLY*', description: '' }], paymentTcodes: undefined });
    for (const l of WATCHLISTS) expect(ctx[l.key], l.key).toBeDefined();
    expect(ctx.sensitiveRoles.match('Z_ONLY_ME')).toBe('Z_ONLY_ME');
    expect(ctx.sensitiveRoles.match('SAP_BC_BASIS_ADMIN')).toBeUndefined();
    expect(ctx.paymentTcodes.has('F110')).toBe(true);
    expect(ctx.watchlist).toBe(ctx.privilegedUsers);
    expect(ctx.watchlist.kindOf('SAP*')).toBe('standard');
    expect(ctx.sensitivePrograms.has(lists.sensitivePrograms[0]!.name)).toBe(true);
  });
});
