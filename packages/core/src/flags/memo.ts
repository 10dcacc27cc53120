/** Most distinct values a per-cell memo keeps before it starts afresh (bounded memory on any input). */
const MEMO_LIMIT = 20_000;

/** `make` remembered per distinct cell value; the last value is answered without a lookup (rows come in runs). */
export function memoOf<T>(make: (raw: string) => T): (raw: string) => T {
  let known = new Map<string, T>();
  let lastRaw: string | undefined;
  let last!: T;
  return (raw) => {
    if (raw === lastRaw) return last;
    let v = known.get(raw);
    if (v === undefined) {
      if (known.size >= MEMO_LIMIT) known = new Map();
      known.set(raw, (v = make(raw)));
    }
    lastRaw = raw;
    last = v;
    return v;
  };
}
