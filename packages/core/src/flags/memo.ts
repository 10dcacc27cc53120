/** Most distinct values a per-cell memo keeps before it starts afresh (bounded memory on any input). */
const MEMO_LIMIT = 20_000;

/** Slots of a front table (a power of two): memoOf's, and DictColumnBuilder's (facts/column-builders.ts). */
export const FRONT_SLOTS = 256;

/**
 * A slot of a front table for a string, from its length, first character and last three (user IDs
 * such as USER0288 differ at the end): cheaper than a Map lookup, whose builtin hashes a string it
 * has not seen (cells are new strings per row) and costs a call; most lookups of step 1 find their
 * value there (few distinct codes per column).
 */
export function frontSlot(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  let h = Math.imul(n, 0x9e3779b1) ^ s.charCodeAt(0);
  h = Math.imul(h, 31) + s.charCodeAt(n - 1);
  if (n > 1) h = Math.imul(h, 31) + s.charCodeAt(n - 2);
  if (n > 2) h = Math.imul(h, 31) + s.charCodeAt(n - 3);
  return (h ^ (h >>> 8)) & (FRONT_SLOTS - 1);
}

/**
 * `make` remembered per distinct cell value; the last value is answered without a lookup (rows come
 * in runs), and a value in its front slot (one per slot, always also in the map) without the map's.
 * `make` never returns undefined.
 */
export function memoOf<T>(make: (raw: string) => T): (raw: string) => T {
  let known = new Map<string, T>();
  // Keys '' until set: a slot is a hit only with its value set too ('' is a cell like any other).
  let frontKeys: string[] = new Array<string>(FRONT_SLOTS).fill('');
  let frontValues: (T | undefined)[] = new Array<T | undefined>(FRONT_SLOTS).fill(undefined);
  let lastRaw: string | undefined;
  let last!: T;
  const miss = (raw: string, slot: number): T => {
    let v = known.get(raw);
    if (v === undefined) {
      if (known.size >= MEMO_LIMIT) {
        known = new Map();
        frontKeys = new Array<string>(FRONT_SLOTS).fill('');
        frontValues = new Array<T | undefined>(FRONT_SLOTS).fill(undefined);
      }
      known.set(raw, (v = make(raw)));
    }
    frontKeys[slot] = raw;
    frontValues[slot] = v;
    lastRaw = raw;
    last = v;
    return v;
  };
  return (raw) => {
    if (raw === lastRaw) return last;
    const slot = frontSlot(raw);
    const v = frontKeys[slot] === raw ? frontValues[slot] : undefined;
    if (v === undefined) return miss(raw, slot);
    lastRaw = raw;
    last = v;
    return v;
  };
}
