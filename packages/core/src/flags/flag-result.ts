import { FLAG_KEYS, type FlagKey, type OtherCategory } from '../model/index.ts';
import { FIRST_FACT_BIT, type FactMark } from './fact-marks.ts';

export { FACT_MARKS, FIRST_FACT_BIT, LAST_FACT_BIT, MARK_SENSITIVE_TABLE_CHANGE, type FactMark } from './fact-marks.ts';

/** OTHER categories in bit order of FlagResult.otherMask. */
export const OTHER_CATEGORIES: readonly OtherCategory[] = ['security', 'config', 'audit_trail', 'transport', 'job_schedule', 'privileged_user', 'emergency_access', 'authorization'];
export const OTHER_BIT = Object.fromEntries(OTHER_CATEGORIES.map((c, i) => [c, 1 << i])) as Record<OtherCategory, number>;
/** Categories that make OTHER count as high in the severity column. */
const HIGH_OTHER = OTHER_BIT.security | OTHER_BIT.audit_trail | OTHER_BIT.privileged_user | OTHER_BIT.emergency_access | OTHER_BIT.authorization;

export const FLAG_INDEX: Record<FlagKey, number> = Object.fromEntries(FLAG_KEYS.map((k, i) => [k, i])) as Record<FlagKey, number>;

/** Severity per flag key (DETECTION.md section 2). */
export const FLAG_SEVERITY: Record<FlagKey, 'high' | 'medium-high' | 'medium' | 'variable'> = {
  DEBUG_FLAG: 'high',
  TABLE_MAINT_FLAG: 'medium-high',
  HIGH_RISK_TCODE_FLAG: 'high',
  HIGH_RISK_TABLE_FLAG: 'high',
  SENSITIVE_FIELD_FLAG: 'high',
  SENSITIVE_OBJECT_FLAG: 'high',
  CHANGE_TIMING_FLAG: 'medium',
  CHANGE_VOLUME_FLAG: 'medium',
  SENSITIVE_ACCESS_FLAG: 'medium',
  OTHER: 'variable',
};

/**
 * Flags of one record: `reasons[i]` is the reason text of FLAG_KEYS[i]; `mask` has bit i set
 * when that flag applies. Reused per row; `reset` before each record.
 */
export interface FlagResult {
  reasons: (string | undefined)[];
  mask: number;
  /** The first OTHER category set (the cell lists every reason; `otherMask` has them all). */
  otherCategory: OtherCategory | undefined;
  /** OTHER categories set, bits in OTHER_CATEGORIES order. */
  otherMask: number;
  /** Rule ids (catalogue) that fired, in the order they fired; kept only with reasons. */
  rules: string[];
  /**
   * What the record is for the patterns beyond its flags (0 for most records): MARK_SENSITIVE_TABLE_CHANGE,
   * and the bits of the facts the patterns declare (rules/pattern/define-fact.ts), set by `markFact`.
   */
  marks: number;
  /** Per fact bit, the text a record rule gave with the mark (`markFact`; '' when none), read when that bit is set. */
  readonly marked: string[];
  /** A change record in the sense of CHANGE_TIMING / CHANGE_VOLUME. */
  isChange: boolean;
  /** Counts toward CHANGE_VOLUME (SM20 change events; change documents count by CHANGENR). */
  countsAsChangeEvent: boolean;
  /** false: `reasons` stay empty (a caller that needs flags only). */
  readonly keepReasons: boolean;
}

export function createFlagResult(keepReasons = true): FlagResult {
  return { reasons: new Array(FLAG_KEYS.length).fill(undefined), mask: 0, otherCategory: undefined, otherMask: 0, rules: [], marks: 0, marked: new Array<string>(32).fill(''), isChange: false, countsAsChangeEvent: false, keepReasons };
}

export function resetFlagResult(r: FlagResult): void {
  if (r.mask !== 0 && r.keepReasons) r.reasons.fill(undefined);
  r.mask = 0;
  r.otherCategory = undefined;
  r.otherMask = 0;
  if (r.marks !== 0) {
    if (r.marks >= 1 << FIRST_FACT_BIT) r.marked.fill('');
    r.marks = 0;
  }
  if (r.rules.length !== 0) r.rules.length = 0;
  r.isChange = false;
  r.countsAsChangeEvent = false;
}

/** Sets a flag; the first reason wins (the most specific rule runs first). `rule` is its catalogue id. */
export function setFlag(r: FlagResult, key: FlagKey, reason: string, rule?: string): void {
  const i = FLAG_INDEX[key];
  if (r.keepReasons && r.reasons[i] === undefined) {
    r.reasons[i] = reason;
    if (rule !== undefined && !r.rules.includes(rule)) r.rules.push(rule);
  }
  r.mask |= 1 << i;
}


/**
 * Marks the record as a fact a pattern declared (step 1 keeps it when some pattern of the list
 * declares the fact); `text` goes to the fact's `marked` column (the first text given wins).
 */
export function markFact(r: FlagResult, fact: FactMark, text = ''): void {
  r.marks |= fact.mark;
  if (text !== '' && r.marked[fact.bit] === '') r.marked[fact.bit] = text;
}

/** Marks a record with several facts' marks at once (`marks`, their bits ORed), each with `text` unless it has one. */
export function markFacts(r: FlagResult, marks: number, text = ''): void {
  r.marks |= marks;
  if (text === '') return;
  for (let m = marks; m !== 0; m &= m - 1) {
    const bit = 31 - Math.clz32(m & -m);
    if (r.marked[bit] === '') r.marked[bit] = text;
  }
}

/** The text a record rule gave with a fact's mark ('' when the record is not marked so). */
export function markedText(r: FlagResult, fact: FactMark): string {
  return (r.marks & fact.mark) === 0 ? '' : r.marked[fact.bit]!;
}

/**
 * Adds an OTHER reason of a category; the cell lists every reason that applies, also several of
 * one category (`; ` between them, each once). `text` starts with the category.
 */
export function setOther(r: FlagResult, category: OtherCategory, text: string, rule: string): void {
  const bit = OTHER_BIT[category];
  r.otherMask |= bit;
  r.otherCategory ??= category;
  const i = FLAG_INDEX.OTHER;
  r.mask |= 1 << i;
  if (!r.keepReasons) return;
  const before = r.reasons[i];
  if (before === undefined) r.reasons[i] = text;
  else if (before !== text && !`; ${before}; `.includes(`; ${text}; `)) r.reasons[i] = `${before}; ${text}`;
  if (!r.rules.includes(rule)) r.rules.push(rule);
}

/** Does OTHER count as high (security, audit trail, privileged or emergency users, authorisations)? */
export function otherIsHigh(r: FlagResult): boolean {
  return (r.otherMask & HIGH_OTHER) !== 0;
}

export function hasFlag(mask: number, key: FlagKey): boolean {
  return (mask & (1 << FLAG_INDEX[key])) !== 0;
}

/** Highest severity among the set flags, for the Excel/CSV severity column. */
export function severityOf(mask: number, otherSeverity?: 'high' | 'medium' | 'low'): string {
  if (mask === 0) return '';
  let best = 0;
  const rank = { high: 4, 'medium-high': 3, medium: 2, low: 1, variable: 1 } as const;
  const names = ['', 'low', 'medium', 'medium-high', 'high'];
  FLAG_KEYS.forEach((k, i) => {
    if (mask & (1 << i)) best = Math.max(best, k === 'OTHER' && otherSeverity ? rank[otherSeverity] : rank[FLAG_SEVERITY[k]]);
  });
  return names[best]!;
}
