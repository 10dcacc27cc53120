import type { FileFacts } from '../../facts/index.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { CANONICAL_COLUMNS, EXTRA_CANONICAL_COLUMNS } from '../../formats/canonical-columns.ts';
import { FLAG_KEYS, type FileType } from '../../model/index.ts';
import { NUMERIC, TEMPORAL, TEXT, type ColumnKind } from '../../report/typed-cells.ts';
import { isTemporalName, temporalColumnsOf } from './temporal-cells.ts';

/** The column after the flag columns listing the ids of the rules that fired on the record (both outputs). */
export const RULES_COLUMN = 'RULES';

/** Union of original column labels over files, in first-seen order. */
export function unionColumns(facts: FileFacts[]): string[] {
  const seen = new Set<string>();
  for (const f of facts) for (const c of f.columns) seen.add(c);
  return [...seen];
}

/** Positions of one file's columns inside a union header. */
export function positionsIn(union: readonly string[], columns: readonly string[], offset: number): number[] {
  const at = new Map(union.map((c, i) => [c, i]));
  return columns.map((c) => at.get(c)! + offset);
}

export interface SheetLayout {
  fileType: FileType;
  header: string[];
  originals: string[];
  canonicalNames: string[];
  /** Index in header of the first flag column. */
  flagStart: number;
  /** Per column from the first: TEXT, TEMPORAL or NUMERIC (report/typed-cells.ts); columns past its end are text. */
  kinds: ColumnKind[];
}

/** Keys keep their leading zeros as text whatever a cell looks like (client, object id, table key, change number). */
const KEY_LABELS: ReadonlySet<string> = new Set(['OBJECTID', 'TABKEY', 'CHANGENR', 'CLIENT', 'MANDT', 'CL.', 'CLNT']);

/**
 * How each original and canonical column is written: a date or time column (canonical, or the cell
 * a file's date or time is read from) as Excel dates; a column no canonical field is read from, and
 * no key, as numbers where its cells are plain numbers; everything else as text.
 */
export function columnKinds(originals: readonly string[], canonicalNames: readonly string[], facts: Pick<FileFacts, 'fileType' | 'canonical' | 'joined' | 'columns'>[]): ColumnKind[] {
  const temporal = new Set<string>();
  const mapped = new Set<string>();
  for (const f of facts) {
    for (const col of Object.values(f.canonical)) if (col !== undefined) mapped.add(f.columns[col]!);
    const t = temporalColumnsOf(f);
    for (const col of [t.date, t.time, ...t.dateTimes]) if (col >= 0) temporal.add(f.columns[col]!);
  }
  const kindOf = (label: string): ColumnKind => (temporal.has(label) ? TEMPORAL : mapped.has(label) || KEY_LABELS.has(label.toUpperCase()) ? TEXT : NUMERIC);
  return [...originals.map(kindOf), ...canonicalNames.map((name) => (isTemporalName(name) ? TEMPORAL : TEXT))];
}

/**
 * Sheet of one file type: every original column (union over its files), the canonical columns
 * (renamed "X (canonical)" where an original label is the same), one column per flag key,
 * RULES (the catalogue ids that fired), SEVERITY, and the AI column when annotations exist.
 */
export function sheetLayout(fileType: FileType, facts: FileFacts[], inheritsHeader: boolean, aiColumn: string | undefined): SheetLayout {
  const originals = unionColumns(facts);
  const extras = EXTRA_CANONICAL_COLUMNS[fileType].filter((c) => facts.some((f) => f.canonical[c] !== undefined) || (inheritsHeader && ['USERNAME', 'UDATE', 'UTIME', 'TCODE'].includes(c)));
  const canonicalNames = [...CANONICAL_COLUMNS[fileType], ...extras];
  const taken = new Set(originals.map((c) => c.toUpperCase()));
  const canonicalLabels = canonicalNames.map((c) => (taken.has(c) ? `${c} (canonical)` : c));
  const header = [...originals, ...canonicalLabels, ...FLAG_KEYS, RULES_COLUMN, 'SEVERITY', ...(aiColumn ? [aiColumn] : [])];
  return { fileType, header, originals, canonicalNames, flagStart: originals.length + canonicalLabels.length, kinds: columnKinds(originals, canonicalNames, facts) };
}

/**
 * The combined CSV's canonical columns: every sheet's canonical columns, in sheet order, each name
 * once (a column such as TCODE or USER holds the value of whichever file type the row is from).
 * @example csvCanonicalColumns([sm20Layout, cdhdrLayout]) // ['DATE', …, 'VAR3', 'OBJECTCLAS', …, 'CHANGE_IND']
 */
export function csvCanonicalColumns(layouts: Iterable<SheetLayout>): string[] {
  const names = new Set<string>();
  for (const l of layouts) for (const name of l.canonicalNames) names.add(name);
  return [...names];
}

/** Where a canonical cell comes from (canonicalSources): a field of the record, nothing, or (>= 0) a raw cell. */
export const FROM_USER = -1, FROM_DATE = -2, FROM_TIME = -3, FROM_TCODE = -4, FROM_EVENT = -5, FROM_VAR1 = -6, FROM_VAR2 = -7, FROM_VAR3 = -8, FROM_NOTHING = -9;

/**
 * Where each canonical column of one file's rows comes from: the value from the normalised record
 * where flagging normalised it, else the raw cell. Numbers, so the row loop reads each cell with a
 * switch (canonicalValue) instead of a call to one of several closures per cell.
 */
export function canonicalSources(layout: SheetLayout, canonical: Partial<Record<string, number>>): Int32Array {
  return Int32Array.from(layout.canonicalNames, (name) => {
    switch (name) {
      case 'USER':
      case 'USERNAME':
        // Tickets keep their user cell as written (nothing is normalised for them).
        return layout.fileType === 'TICKETS' ? (canonical[name] ?? FROM_NOTHING) : FROM_USER;
      case 'DATE':
      case 'UDATE':
        return FROM_DATE;
      case 'TIME':
      case 'UTIME':
        return FROM_TIME;
      case 'TCODE':
        return FROM_TCODE;
      case 'EVENT':
        return FROM_EVENT;
      case 'VAR1':
        return FROM_VAR1;
      case 'VAR2':
        return FROM_VAR2;
      case 'VAR3':
        return FROM_VAR3;
      default:
        return canonical[name] ?? FROM_NOTHING;
    }
  });
}

/** The canonical cell a canonicalSources entry names. */
export function canonicalValue(source: number, row: readonly string[], rec: CanonicalRecord): string {
  if (source >= 0) return row[source] ?? '';
  switch (source) {
    case FROM_USER:
      return rec.user;
    case FROM_DATE:
      return rec.date;
    case FROM_TIME:
      return rec.time;
    case FROM_TCODE:
      return rec.tcode;
    case FROM_EVENT:
      return rec.event;
    case FROM_VAR1:
      return rec.var1;
    case FROM_VAR2:
      return rec.var2;
    case FROM_VAR3:
      return rec.var3;
    default:
      return '';
  }
}
