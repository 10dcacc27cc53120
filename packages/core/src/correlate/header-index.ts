import { ArrayColumn, asStrColumn, DOC_KEY_SEPARATOR, gather, HASH_SEED, hashString, hashUnit, PackedColumn, type StrColumn, toEpoch } from '../facts/index.ts';

const SEP = '\u0001';
const SEP_UNIT = 1;

/** What the index reads of a file: its type and its change-document header columns (plain arrays or compact columns). */
export interface HeaderSource {
  fileType: string;
  joined: boolean;
  docs: { classes: unknown; ids: unknown; changenrs: unknown; users: unknown; dates: unknown; times: unknown; tcodes: unknown };
}

interface Part {
  start: number;
  classes: StrColumn;
  ids: StrColumn;
  nrs: StrColumn;
  users: StrColumn;
  dates: StrColumn;
  times: StrColumn;
  tcodes: StrColumn;
}

/**
 * Change-document headers by (OBJECTCLAS, OBJECTID, CHANGENR), for CDPOS items to inherit user,
 * date, time and tcode. The header columns stay as the facts codec gave them (dictionary ids and
 * packed bytes, no string per header); an open-addressing table of row positions (Int32Array)
 * hashed over the three key parts finds them. The same header seen again: the later row wins.
 */
export class HeaderIndex {
  private readonly parts: Part[] = [];
  private readonly table: Int32Array;
  private readonly rowHash: Int32Array;
  private readonly mask: number;
  private count = 0;

  /** `distinct`: the number of distinct headers when the sources hold only some of them (see ItemHeaders). */
  constructor(
    facts: readonly HeaderSource[],
    private readonly distinct?: number,
  ) {
    let total = 0;
    for (const f of facts) {
      if (f.fileType !== 'CDHDR' && !f.joined) continue;
      const d = f.docs;
      const part: Part = {
        start: total,
        classes: asStrColumn(d.classes),
        ids: asStrColumn(d.ids),
        nrs: asStrColumn(d.changenrs),
        users: asStrColumn(d.users),
        dates: asStrColumn(d.dates),
        times: asStrColumn(d.times),
        tcodes: asStrColumn(d.tcodes),
      };
      if (part.nrs.length === 0) continue;
      this.parts.push(part);
      total += part.nrs.length;
    }
    let capacity = 16;
    while (capacity * 0.6 < total) capacity *= 2;
    this.table = new Int32Array(capacity).fill(-1);
    this.rowHash = new Int32Array(total);
    this.mask = capacity - 1;
    for (const p of this.parts) {
      // Column by column (tight loops over each column's own form), then the table.
      const hashes = this.rowHash.subarray(p.start, p.start + p.nrs.length);
      for (let i = 0; i < hashes.length; i++) hashes[i] = hashUnit(SEP_UNIT, p.classes.hash(i, HASH_SEED));
      continueHashes(p.ids, hashes);
      for (let i = 0; i < hashes.length; i++) hashes[i] = hashUnit(SEP_UNIT, hashes[i]!);
      continueHashes(p.nrs, hashes);
      for (let i = 0; i < hashes.length; i++) this.insert(p, i, p.start + i, hashes[i]!);
    }
  }

  private insert(p: Part, i: number, pos: number, h: number): void {
    for (let slot = mix(h) & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = this.table[slot]!;
      if (at < 0) {
        this.table[slot] = pos;
        this.count++;
        return;
      }
      if (this.rowHash[at] === h && this.sameKey(at, p.classes.get(i), p.ids.get(i), p.nrs.get(i))) {
        this.table[slot] = pos; // the same header again: the later row wins
        return;
      }
    }
  }

  private partOf(pos: number): Part {
    const parts = this.parts;
    let k = parts.length - 1;
    while (parts[k]!.start > pos) k--;
    return parts[k]!;
  }

  private sameKey(pos: number, objectclas: string, objectid: string, changenr: string): boolean {
    const p = this.partOf(pos);
    const i = pos - p.start;
    return p.nrs.equals(i, changenr) && p.ids.equals(i, objectid) && p.classes.equals(i, objectclas);
  }

  /** Number of distinct headers. */
  get size(): number {
    return this.distinct ?? this.count;
  }

  /** Position of the header, or -1. */
  find(objectclas: string, objectid: string, changenr: string): number {
    if (this.count === 0) return -1;
    return this.findHashed(hashString(changenr, hashUnit(SEP_UNIT, hashString(objectid, hashUnit(SEP_UNIT, hashString(objectclas, HASH_SEED))))), objectclas, objectid, changenr);
  }

  private findHashed(h: number, objectclas: string, objectid: string, changenr: string): number {
    for (let slot = mix(h) & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = this.table[slot]!;
      if (at < 0) return -1;
      if (this.rowHash[at] === h && this.sameKey(at, objectclas, objectid, changenr)) return at;
    }
  }

  /** Acting user and time of the header with this docKey() string (PatternEnv.headerOf). */
  userAndEpoch(key: string): { user: string; epoch: number } | undefined {
    const [cls = '', id = '', nr = ''] = key.split(DOC_KEY_SEPARATOR);
    const at = this.find(cls, id, nr);
    const t = at < 0 ? undefined : toEpoch(this.date(at), this.time(at));
    return at < 0 || t === undefined ? undefined : { user: this.user(at), epoch: t };
  }

  /** Position by a docKey() string, or -1. */
  findKey(key: string): number {
    return this.findHashedKey(hashString(key, HASH_SEED), () => key);
  }

  /** Position by the docKey() string at row i of a column (hashed and compared on its stored form), or -1. */
  findKeyAt(keys: StrColumn, i: number): number {
    const h = keys.hash(i, HASH_SEED);
    if (!(keys instanceof PackedColumn && keys.ascii)) return this.findHashedKey(h, () => keys.get(i));
    if (this.count === 0) return -1;
    const kb = keys.bytes;
    const from = keys.start(i);
    const to = keys.end(i);
    for (let slot = mix(h) & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = this.table[slot]!;
      if (at < 0) return -1;
      if (this.rowHash[at] === h) {
        const p = this.partOf(at);
        const r = at - p.start;
        const same = sameBytes(kb, from, to, p, r);
        if (same === undefined) return this.findHashedKey(h, () => keys.get(i));
        if (same) return at;
      }
    }
  }

  private findHashedKey(h: number, keyOf: () => string): number {
    if (this.count === 0) return -1;
    for (let slot = mix(h) & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = this.table[slot]!;
      if (at < 0) return -1;
      if (this.rowHash[at] === h) {
        const key = keyOf();
        const a = key.indexOf(SEP);
        const b = a < 0 ? -1 : key.indexOf(SEP, a + 1);
        if (b < 0) return -1;
        const p = this.partOf(at);
        const r = at - p.start;
        if (p.nrs.equalsPart(r, key, b + 1, key.length) && p.ids.equalsPart(r, key, a + 1, b) && p.classes.equalsPart(r, key, 0, a)) return at;
      }
    }
  }

  /** The header columns of these positions (as HeaderSource docs), in their compact form. */
  rowsAt(positions: Int32Array): HeaderSource['docs'] {
    const cols = ['classes', 'ids', 'nrs', 'users', 'dates', 'times', 'tcodes'] as const;
    const out: Record<(typeof cols)[number], StrColumn> = {} as Record<(typeof cols)[number], StrColumn>;
    if (this.parts.length === 1) {
      for (const c of cols) out[c] = gather(this.parts[0]![c], positions);
    } else {
      for (const c of cols) {
        out[c] = new ArrayColumn(
          Array.from(positions, (pos) => {
            const p = this.partOf(pos);
            return p[c].get(pos - p.start);
          }),
        );
      }
    }
    return { classes: out.classes, ids: out.ids, changenrs: out.nrs, users: out.users, dates: out.dates, times: out.times, tcodes: out.tcodes };
  }

  user(pos: number): string {
    const p = this.partOf(pos);
    return p.users.get(pos - p.start);
  }
  date(pos: number): string {
    const p = this.partOf(pos);
    return p.dates.get(pos - p.start);
  }
  time(pos: number): string {
    const p = this.partOf(pos);
    return p.times.get(pos - p.start);
  }
  tcode(pos: number): string {
    const p = this.partOf(pos);
    return p.tcodes.get(pos - p.start);
  }
}

/** hashes[i] = col.hash(i, hashes[i]) for every row; packed ASCII bytes hashed in one tight loop. */
function continueHashes(col: StrColumn, hashes: Int32Array): void {
  if (col instanceof PackedColumn && col.ascii) {
    const b = col.bytes;
    for (let i = 0; i < hashes.length; i++) {
      let h = hashes[i]!;
      for (let k = col.start(i), end = col.end(i); k < end; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
      hashes[i] = h;
    }
    return;
  }
  for (let i = 0; i < hashes.length; i++) hashes[i] = col.hash(i, hashes[i]!);
}

/** Is the ASCII docKey in kb[from, to) the key of row r of part p? undefined when p's columns are not bytes to compare. */
function sameBytes(kb: Buffer, from: number, to: number, p: Part, r: number): boolean | undefined {
  const { ids, nrs } = p;
  if (!(ids instanceof PackedColumn && ids.ascii && nrs instanceof PackedColumn && nrs.ascii)) return undefined;
  const cls = p.classes.get(r);
  const idLen = ids.end(r) - ids.start(r);
  const nrLen = nrs.end(r) - nrs.start(r);
  if (to - from !== cls.length + idLen + nrLen + 2) return false;
  let at = from;
  for (let k = 0; k < cls.length; k++) if (kb[at++] !== cls.charCodeAt(k)) return false;
  if (kb[at++] !== SEP_UNIT) return false;
  if (!sameRun(kb, at, ids.bytes, ids.start(r), idLen)) return false;
  at += idLen;
  if (kb[at++] !== SEP_UNIT) return false;
  return sameRun(kb, at, nrs.bytes, nrs.start(r), nrLen);
}

/** a[from, from + n) equals b[at, at + n)? A loop: keys are short, shorter than a call into Buffer.compare is worth. */
function sameRun(a: Uint8Array, from: number, b: Uint8Array, at: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (a[from + k] !== b[at + k]) return false;
  return true;
}

/** Spreads FNV's low bits (the table index) over all of the hash. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}
