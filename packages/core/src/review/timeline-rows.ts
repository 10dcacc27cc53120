/**
 * Reading timeline entries from rows of the combined CSV (results.csv) by header name: the cells
 * of a canonical column whatever the export called it, a record's flags, cells and summary. Used
 * by the full scan (user-timeline.ts) and by the index's page reader (timeline-index/).
 */
import { CANONICAL_SUFFIX } from '../formats/canonical-columns.ts';
import { HEADER_LABELS, normaliseLabel } from '../formats/header-labels.ts';
import { FILE_TYPES, FLAG_KEYS, type FileType } from '../model/index.ts';

/** Per file type: canonical column -> candidate indexes of the union header, best label first. */
export type ColumnIndex = Record<FileType, Record<string, number[]>>;

export function columnIndex(header: string[]): ColumnIndex {
  const at = new Map<string, number[]>();
  header.forEach((h, i) => {
    const k = normaliseLabel(h);
    at.set(k, [...(at.get(k) ?? []), i]);
  });
  const out = {} as ColumnIndex;
  for (const type of FILE_TYPES) {
    out[type] = {};
    for (const [canonical, labels] of Object.entries(HEADER_LABELS[type])) {
      out[type][canonical] = [...new Set([canonical, ...labels].flatMap((l) => at.get(normaliseLabel(l)) ?? []))];
    }
  }
  return out;
}

/** The first non-empty cell of a canonical column of a row, trimmed ('' when none). */
export function cellGetter(cols: Record<string, number[]>, row: string[]): (name: string) => string {
  return (name) => {
    for (const i of cols[name] ?? []) if (row[i]) return row[i]!.trim();
    return '';
  };
}

/** Whether `text` names `user` as a whole word (case ignored). */
export const namesUser = (text: string, user: string): boolean => new RegExp(`(^|[^A-Za-z0-9_])${user.replace(/[^A-Za-z0-9_]/g, '\\$&')}([^A-Za-z0-9_]|$)`, 'i').test(text);

/** The flag columns' positions in the header (-1 when absent). */
export const flagPositions = (header: string[]): number[] => FLAG_KEYS.map((k) => header.indexOf(k));

export function flagsOfRow(flagAt: number[], row: string[]): { flag: string; reason: string }[] {
  return FLAG_KEYS.flatMap((flag, k) => (flagAt[k]! >= 0 && row[flagAt[k]!] ? [{ flag, reason: row[flagAt[k]!]! }] : []));
}

/** The record's non-empty cells by header name (not FILE_TYPE, SOURCE_FILE or the flag columns). */
export function cellsOf(header: string[], row: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  header.forEach((h, i) => {
    // The canonical columns repeat the record's own cells (normalised): the record shows those.
    if (i > 1 && row[i] && !(FLAG_KEYS as readonly string[]).includes(h) && !h.endsWith(CANONICAL_SUFFIX)) out[h] = row[i]!;
  });
  return out;
}

export function summaryOf(type: FileType, get: (c: string) => string): string {
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  switch (type) {
    case 'SM20':
      return join(get('EVENT'), get('TCODE'), get('MESSAGE'));
    case 'CDHDR':
    case 'CDPOS':
      return join(get('OBJECTCLAS'), get('OBJECTID'), `change ${get('CHANGENR')}`.trim(), get('TCODE') && `with ${get('TCODE')}`, get('TABNAME') && `${get('TABNAME')}-${get('FNAME')}`);
    case 'TICKETS':
      return join(`Ticket ${get('TICKET_ID')}:`, get('TITLE'), get('STATUS') && `(${get('STATUS')})`);
  }
}
