/**
 * Canonical fields of a stored sample record. Samples keep the file's own column labels
 * ("Transaction Code", "Benutzer", "TCODE" …); the label tables map them back.
 */
import { decideDateOrder, normaliseDate, normaliseTime } from '../formats/dates.ts';
import { HEADER_LABELS, normaliseLabel } from '../formats/header-labels.ts';
import type { DateOrder } from '../formats/types.ts';
import type { FileType } from '../model/index.ts';
import { HEADER_TCODE_CELL } from './types.ts';

export type RecordFields = Partial<Record<string, string>>;

// Records of one file share their labels: which label answers each canonical column is worked
// out once per file type and set of labels, then a record is read by those labels.
const plans = new Map<string, [canonical: string, label: string][]>();
/**
 * The plans of the last few calls' labels: a part's high records have the same cells, and their
 * flags (a key each) vary among a few sets (no signature string per record).
 */
const recent: { type: FileType; keys: string[]; plan: [string, string][] }[] = [];
const RECENT = 8;

function planOf(type: FileType, labels: Record<string, readonly string[]>, keys: string[]): [string, string][] {
  for (const r of recent) if (r.type === type && sameKeys(r.keys, keys)) return r.plan;
  const plan = planBySignature(type, labels, keys);
  if (recent.length === RECENT) recent.pop();
  recent.unshift({ type, keys, plan });
  return plan;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function planBySignature(type: FileType, labels: Record<string, readonly string[]>, keys: string[]): [string, string][] {
  const signature = `${type}\u0001${keys.join('\u0001')}`;
  let plan = plans.get(signature);
  if (plan) return plan;
  const byLabel = new Map<string, string>();
  for (const k of keys) {
    const key = normaliseLabel(k);
    if (!byLabel.has(key)) byLabel.set(key, k);
  }
  plan = [];
  for (const [canonical, aliases] of Object.entries(labels)) {
    for (const label of [canonical, ...aliases]) {
      const k = byLabel.get(normaliseLabel(label));
      if (k !== undefined) {
        plan.push([canonical, k]);
        break;
      }
    }
  }
  if (plans.size >= 1000) plans.clear();
  plans.set(signature, plan);
  return plan;
}

/**
 * Canonical column -> value, the best-ranked label present winning. A change-document item without a
 * transaction of its own (its header in another file) has its header's (`TCODE (header)`, high-records.ts).
 */
export function canonicalFields(record: Record<string, string>): RecordFields {
  const type = record.FILE_TYPE as FileType | undefined;
  const labels = type ? HEADER_LABELS[type] : undefined;
  if (!labels) return {};
  const out: RecordFields = {};
  for (const [canonical, key] of planOf(type!, labels, Object.keys(record))) out[canonical] = (record[key] ?? '').trim();
  if (!out.TCODE && type === 'CDPOS' && record[HEADER_TCODE_CELL]) out.TCODE = record[HEADER_TCODE_CELL].trim();
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
