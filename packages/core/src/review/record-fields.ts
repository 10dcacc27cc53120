/**
 * Canonical fields of a stored sample record. Samples keep the file's own column labels
 * ("Transaction Code", "Benutzer", "TCODE" …); the label tables map them back.
 */
import { decideDateOrder, normaliseDate, normaliseTime } from '../formats/dates.ts';
import { HEADER_LABELS, normaliseLabel } from '../formats/header-labels.ts';
import type { DateOrder } from '../formats/types.ts';
import type { FileType } from '../model/index.ts';

export type RecordFields = Partial<Record<string, string>>;

// Labels repeat across records (all records of a file share them): each is normalised once.
const normalised = new Map<string, string>();
const normalise = (label: string) => {
  let n = normalised.get(label);
  if (n === undefined) {
    n = normaliseLabel(label);
    if (normalised.size < 10_000) normalised.set(label, n);
  }
  return n;
};

/** Canonical column -> value, the best-ranked label present winning. */
export function canonicalFields(record: Record<string, string>): RecordFields {
  const type = record.FILE_TYPE as FileType | undefined;
  const labels = type ? HEADER_LABELS[type] : undefined;
  if (!labels) return {};
  const byLabel = new Map<string, string>();
  for (const [k, v] of Object.entries(record)) {
    const key = normalise(k);
    if (!byLabel.has(key)) byLabel.set(key, v);
  }
  const out: RecordFields = {};
  for (const [canonical, aliases] of Object.entries(labels)) {
    for (const label of [canonical, ...aliases]) {
      const v = byLabel.get(normalise(label));
      if (v !== undefined) {
        out[canonical] = v.trim();
        break;
      }
    }
  }
  return out;
}

/** "YYYY-MM-DD HH:MM:SS" from a date and a time cell ('' when the date cannot be read). */
export function recordTime(date: string | undefined, time: string | undefined, order: DateOrder = decideDateOrder(date ? [date] : [])): string {
  if (!date) return '';
  const day = normaliseDate(date, order);
  if (!day) return '';
  // A date cell may carry the time as well (2025-03-14 20:03:11).
  const clock = (time && normaliseTime(time)) || normaliseTime(date.trim().split(/[ T]/)[1] ?? '') || '00:00:00';
  return `${day} ${clock}`;
}
