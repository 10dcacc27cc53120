import type { FileFacts } from '../correlate/facts.ts';
import type { CanonicalRecord } from '../flags/canonical-record.ts';
import { CANONICAL_COLUMNS, EXTRA_CANONICAL_COLUMNS } from '../formats/canonical-columns.ts';
import { FLAG_KEYS, type FileType } from '../model/index.ts';

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

/** Canonical value from the normalised record where flagging normalised it, else the raw cell. */
function canonicalReader(name: string, canonical: Partial<Record<string, number>>): (row: readonly string[], rec: CanonicalRecord) => string {
  switch (name) {
    case 'USER':
    case 'USERNAME':
      return (row, rec) => (rec.fileType === 'TICKETS' ? (row[canonical[name] ?? -1] ?? '') : rec.user);
    case 'DATE':
    case 'UDATE':
      return (_, rec) => rec.date;
    case 'TIME':
    case 'UTIME':
      return (_, rec) => rec.time;
    case 'TCODE':
      return (_, rec) => rec.tcode;
    case 'EVENT':
      return (_, rec) => rec.event;
    case 'VAR1':
      return (_, rec) => rec.var1;
    case 'VAR2':
      return (_, rec) => rec.var2;
    case 'VAR3':
      return (_, rec) => rec.var3;
    default: {
      const i = canonical[name];
      return i === undefined ? () => '' : (row) => row[i] ?? '';
    }
  }
}

export interface SheetLayout {
  fileType: FileType;
  header: string[];
  originals: string[];
  canonicalNames: string[];
  /** Index in header of the first flag column. */
  flagStart: number;
}

/**
 * Sheet of one file type: every original column (union over its files), the canonical columns
 * (renamed "X (canonical)" where an original label is the same), one column per flag key,
 * SEVERITY, and the AI column when annotations exist.
 */
export function sheetLayout(fileType: FileType, facts: FileFacts[], inheritsHeader: boolean, aiColumn: string | undefined): SheetLayout {
  const originals = unionColumns(facts);
  const extras = EXTRA_CANONICAL_COLUMNS[fileType].filter((c) => facts.some((f) => f.canonical[c] !== undefined) || (inheritsHeader && ['USERNAME', 'UDATE', 'UTIME', 'TCODE'].includes(c)));
  const canonicalNames = [...CANONICAL_COLUMNS[fileType], ...extras];
  const taken = new Set(originals.map((c) => c.toUpperCase()));
  const canonicalLabels = canonicalNames.map((c) => (taken.has(c) ? `${c} (canonical)` : c));
  const header = [...originals, ...canonicalLabels, ...FLAG_KEYS, 'SEVERITY', ...(aiColumn ? [aiColumn] : [])];
  return { fileType, header, originals, canonicalNames, flagStart: originals.length + canonicalLabels.length };
}

export function canonicalReaders(layout: SheetLayout, canonical: Partial<Record<string, number>>) {
  return layout.canonicalNames.map((n) => canonicalReader(n, canonical));
}
