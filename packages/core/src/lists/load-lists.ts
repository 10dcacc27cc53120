import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EngineError } from '../errors/index.ts';
import type { DetectionLists, RiskListEntry, SalEvent } from '../model/index.ts';
import { rowsAsRecords, WATCHLISTS, type WatchlistKey, type WatchlistKind } from './watchlist-table.ts';
import { parseCsvText } from './parse-csv-text.ts';
import { canonicalCategory } from './category-aliases.ts';

// Resolved from this module, so tsx runs work from any working directory. A bundled Lambda has no
// module tree, so the stacks copy the folder beside the bundle and name it in APP_DATA_DIR.
const DATA_DIR = process.env.APP_DATA_DIR
  ? pathToFileURL(resolve(process.env.APP_DATA_DIR) + '/')
  : new URL('../../data/', import.meta.url);

function readDataCsv(relative: string): string[][] {
  return parseCsvText(readFileSync(new URL(relative, DATA_DIR), 'utf8'));
}

function toRiskEntries(rows: string[][], idColumn: 'TCODE' | 'TABNAME'): RiskListEntry[] {
  return rowsAsRecords(rows)
    .filter((r) => r[idColumn])
    .map((r) => ({ id: r[idColumn]!.toUpperCase(), category: r.CATEGORY ?? '', description: r.DESCRIPTION ?? '' }));
}

function withCanonicalCategory(e: RiskListEntry): RiskListEntry {
  return { ...e, category: canonicalCategory(e.category) };
}

let cachedDefaults: DetectionLists | undefined;

/**
 * The lists shipped in `packages/core/data/defaults/` (seed of the admin lists and detection defaults).
 * @example loadDefaultLists().highRiskTcodes.find((t) => t.id === 'SU01')?.category // "User Administration"
 */
export function loadDefaultLists(): DetectionLists {
  cachedDefaults ??= {
    highRiskTcodes: toRiskEntries(readDataCsv('defaults/high_risk_tcodes.csv'), 'TCODE').map(withCanonicalCategory),
    highRiskTables: toRiskEntries(readDataCsv('defaults/high_risk_tables.csv'), 'TABNAME').map(withCanonicalCategory),
    sensitiveFields: rowsAsRecords(readDataCsv('defaults/sensitive_fields.csv')).map((r) => r.FNAME!.toUpperCase()).filter(Boolean),
    sensitiveObjectClasses: rowsAsRecords(readDataCsv('defaults/sensitive_object_classes.csv'))
      .map((r) => r.OBJECTCLAS!.toUpperCase())
      .filter(Boolean),
    events: rowsAsRecords(readDataCsv('defaults/sal_events.csv')).map(
      (r): SalEvent => ({ event: r.EVENT!, category: r.CATEGORY!, severity: r.SEVERITY as SalEvent['severity'], text: r.TEXT! }),
    ),
    ...(Object.fromEntries(WATCHLISTS.map((l) => [l.key, l.read(readDataCsv(`defaults/${l.file}`))])) as Pick<DetectionLists, WatchlistKey>),
  };
  return structuredClone(cachedDefaults);
}

export interface MasterEntry {
  id: string;
  description: string;
}

/** Master lists (autocomplete, descriptions when an admin adds an entry). Curated subsets. */
export function loadMasterLists(): { tcodes: MasterEntry[]; tables: MasterEntry[] } {
  const read = (file: string, col: string) =>
    rowsAsRecords(readDataCsv(file)).map((r) => ({ id: r[col]!.toUpperCase(), description: r.DESCRIPTION ?? '' }));
  return { tcodes: read('master/tcodes.csv', 'TCODE'), tables: read('master/tables.csv', 'TABNAME') };
}

/**
 * Parses a `--tcodes` / `--tables` override (columns TCODE|TABNAME, CATEGORY, DESCRIPTION; the
 * last two optional). Throws EngineError BAD_LIST naming what is missing.
 */
export function parseListCsv(text: string, kind: 'tcodes' | 'tables'): RiskListEntry[] {
  const idColumn = kind === 'tcodes' ? 'TCODE' : 'TABNAME';
  const rows = parseCsvText(text);
  const header = rows[0]?.map((h) => h.trim().toUpperCase()) ?? [];
  if (!header.includes(idColumn)) {
    throw new EngineError('BAD_LIST', `the ${kind} list needs a header row with columns ${idColumn},CATEGORY,DESCRIPTION (found: ${header.join(',') || 'nothing'})`);
  }
  const entries = toRiskEntries(rows, idColumn);
  if (entries.length === 0) throw new EngineError('BAD_LIST', `the ${kind} list has no ${idColumn} entries`);
  return entries;
}

type Watchlist = (typeof WATCHLISTS)[number];
type EntryOf<K extends WatchlistKind> = ReturnType<Extract<Watchlist, { flag: K }>['read']>[number];

/**
 * Parses a list that replaces a default one (`--privileged`, `--profiles`, `--programs`, `--roles`,
 * `--payments`: columns as the default files, WATCHLISTS; all but the ID column optional).
 * Throws EngineError BAD_LIST naming what is missing.
 */
export function parseWatchlistCsv<K extends WatchlistKind>(text: string, kind: K): EntryOf<K>[] {
  const list: Watchlist = WATCHLISTS.find((l) => l.flag === kind)!;
  const idColumn = list.idColumn;
  const rows = parseCsvText(text);
  const header = rows[0]?.map((h) => h.trim().toUpperCase()) ?? [];
  if (!header.includes(idColumn)) {
    throw new EngineError('BAD_LIST', `the ${kind} list needs a header row with columns ${list.columns} (found: ${header.join(',') || 'nothing'})`);
  }
  if ('check' in list) list.check(rows);
  const entries = list.read(rows) as EntryOf<K>[];
  if (entries.length === 0) throw new EngineError('BAD_LIST', `the ${kind} list has no ${idColumn} entries`);
  return entries;
}
