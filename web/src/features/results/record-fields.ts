/** The key fields of a flagged sample record, found by the engine's own header labels. */
import { HEADER_LABELS, normaliseLabel } from '@app/core/formats/header-labels.ts';
import { normaliseDate, normaliseTime } from '@app/core/formats/dates.ts';
import { HEADER_TCODE_CELL, HEADER_TIME_CELL, HEADER_USER_CELL } from '@app/core/review/types.ts';

export type SampleRecord = Record<string, unknown>;

export interface KeyField {
  label: string;
  value: string;
}

/** Columns the engine adds to every sample besides the source columns. */
export const ENGINE_COLUMNS = new Set(['FILE_TYPE', 'SOURCE_FILE']);

/** Which canonical columns make up each key field, per file type; the values found are joined. */
const KEY_FIELDS: { label: string; canonical: Record<string, string[]> }[] = [
  { label: 'User', canonical: { SM20: ['USER'], CDHDR: ['USERNAME'], CDPOS: ['USERNAME'], TICKETS: ['USER'] } },
  { label: 'Time', canonical: { SM20: ['DATE', 'TIME'], CDHDR: ['UDATE', 'UTIME'], CDPOS: ['UDATE', 'UTIME'], TICKETS: ['REQUEST_TIME'] } },
  { label: 'Transaction', canonical: { SM20: ['TCODE', 'PROGRAM'], CDHDR: ['TCODE'], CDPOS: ['TCODE'] } },
  { label: 'Object', canonical: { CDHDR: ['OBJECTCLAS', 'OBJECTID'], CDPOS: ['OBJECTCLAS', 'OBJECTID', 'TABNAME', 'FNAME', 'TABKEY'], SM20: ['VAR1'], TICKETS: ['TICKET_ID', 'TITLE'] } },
  { label: 'Event', canonical: { SM20: ['EVENT', 'MESSAGE'], CDHDR: ['CHANGE_IND'], CDPOS: ['CHNGIND', 'VALUE_OLD', 'VALUE_NEW'], TICKETS: ['STATUS'] } },
];

export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The record's column holding a canonical field of its file type, by the engine's labels. */
function columnOf(record: SampleRecord, fileType: string, canonical: string): string | undefined {
  const labels = (HEADER_LABELS as Record<string, Record<string, readonly string[]>>)[fileType]?.[canonical];
  if (!labels) return undefined;
  const wanted = new Set(labels.map(normaliseLabel));
  return Object.keys(record).find((c) => !ENGINE_COLUMNS.has(c) && wanted.has(normaliseLabel(c)));
}

/** Excel date serials ("45721") and day fractions ("0.5") read as dates and times; anything else as given. */
function readable(canonical: string, value: string): string {
  if (/DATE/.test(canonical) && /^\d{5}(\.\d+)?$/.test(value)) {
    const date = normaliseDate(value, 'DMY');
    const time = value.includes('.') ? normaliseTime(`0.${value.split('.')[1]}`) : undefined;
    return date ? [date, time].filter(Boolean).join(' ') : value;
  }
  if (/TIME/.test(canonical) && /^0?\.\d+$/.test(value)) return normaliseTime(value) ?? value;
  return value;
}

/**
 * User, time, transaction, object and event of a sample record, plus the columns they came from.
 * @example keyFieldsOf({ FILE_TYPE: 'CDHDR', USERNAME: 'KWEBER', UDATE: '45721', UTIME: '10:00:00' }).fields[1] // { label: 'Time', value: '2025-03-05 10:00:00' }
 */
export function keyFieldsOf(record: SampleRecord): { fields: KeyField[]; used: Set<string> } {
  const fileType = String(record.FILE_TYPE ?? '');
  const used = new Set<string>();
  const valueOf = (c: string): string => {
    const column = columnOf(record, fileType, c);
    if (!column) return '';
    used.add(column);
    return readable(c, String(record[column] ?? '').trim());
  };
  // A change-document item's evidence names who, when and the transaction by its header's cells (review/high-records).
  const fromHeader: Record<string, string> = { User: HEADER_USER_CELL, Time: HEADER_TIME_CELL, Transaction: HEADER_TCODE_CELL };
  const fields = KEY_FIELDS.map(({ label, canonical }) => {
    const values = (canonical[fileType] ?? []).map(valueOf);
    const header = fromHeader[label];
    if (header && values.every((v) => v === '') && record[header]) {
      used.add(header);
      return { label, value: String(record[header]) };
    }
    // A changed field reads "U · 100 → 200": the change indicator, then old and new value.
    if (label === 'Event' && fileType === 'CDPOS' && (values[1] || values[2])) {
      return { label, value: [values[0], `${values[1] || '(empty)'} → ${values[2] || '(empty)'}`].filter(Boolean).join(' · ') };
    }
    const parts = values.filter((v) => v !== '');
    return { label, value: parts.length ? parts.join(' · ') : '-' };
  });
  return { fields, used };
}
