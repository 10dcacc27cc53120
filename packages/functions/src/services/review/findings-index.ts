/**
 * The findings of one analysis as compact columns (issue 24, issue 26 item 1): built once from
 * `findings.ndjson` (every finding, one JSON line each, grouped by case), stored beside it as
 * `findings-index.bin`, and queried in the review worker (review-worker.ts), never on the
 * server's main thread. A page of findings is then a read of the page's lines by their byte
 * offsets; filters, order and counts are a pass over typed arrays.
 */
import { isSuppressedBy, type Finding, type FindingRule, type FindingSeverity, type SuppressionRule } from '@app/core/review/index.ts';

export const INDEX_VERSION = 2;
export const SEVERITY_RANK: Record<FindingSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
/** Review status codes in the index (0 open). Same order as REVIEW_STATUSES. */
export const STATUS_CODES = ['open', 'explained', 'false_positive', 'escalated'] as const;
export type StatusName = (typeof STATUS_CODES)[number];

const MAGIC = 0x49464153; // 'SAFI' little-endian
const SECTIONS = ['offsets', 'order', 'idOrder', 'rule', 'user', 'object', 'terminal', 'case', 'sev', 'ids'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The stored index (`findings-index.bin`): a preamble (magic, version, header length), a JSON
 * header with the small tables, then typed columns, each 8-byte aligned, read in place:
 * line offsets (Float64, count + 1), the base order (severity, time, id) and the order by id
 * (Uint32), rule (Uint16), user, object, terminal and case numbers (Uint32), severity rank (Uint8)
 * and the finding ids as fixed-width ASCII. Loading it is a JSON parse of the header and views on
 * the bytes: no string per finding.
 */
export interface FindingsIndexData {
  version: typeof INDEX_VERSION;
  count: number;
  idWidth: number;
  rules: FindingRule[];
  users: string[];
  objects: string[];
  terminals: string[];
  caseIds: string[];
  /** Where record findings come from (as GET …/findings answers it). */
  recordSource: { kind: 'all'; total: number; listed: number; cap: number } | { kind: 'samples'; perFlag: number };
  recordCoverage: { perFlagCap: number | null; flags: { flag: string; total: number; listed: number }[] };
  sections: Record<Section, [number, number]>;
}

class Table {
  readonly values: string[] = [];
  /** Values appended as they are, each its own number (`finish` ranks the times by text, equal ones alike); the first's number. */
  block(values: readonly string[]): number {
    const first = this.values.length;
    for (const v of values) this.values.push(v);
    this.last = undefined;
    return first;
  }
  private readonly ids = new Map<string, number>();
  /** The value asked last (its own copy) and its number: a record's findings share their user, time, object. */
  private last: string | undefined;
  private lastId = 0;
  id(v: string): number {
    if (v === this.last) return this.lastId;
    let i = this.ids.get(v);
    if (i === undefined) {
      i = this.values.length;
      const own = copied(v);
      this.values.push(own);
      this.ids.set(own, i);
    }
    this.last = this.values[i];
    this.lastId = i;
    return i;
  }
}

/**
 * A string of its own. The report step reads its finding lines as slices of the chunk of text
 * they were read in (workspace `linesOf`), and their fields as slices of the line: V8 keeps a slice
 * of 13 characters or more as a view that holds its whole parent alive. Kept as they came, the
 * builder's strings (an id per finding, each new user, time, object…) held every chunk of every
 * finding-lines file in the heap (gigabytes at 4 x 100 MB: the step worker's
 * ERR_WORKER_OUT_OF_MEMORY of 2026-11-28 17:10 UTC). A concatenation is flattened into new
 * characters before it is sliced, so the result holds only itself.
 */
export const copied = (v: string): string => (v.length < 13 ? v : ` ${v}`.slice(1));

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads findings.ndjson (bytes) into the stored index. Lines that are empty are skipped.
 * `meta` comes with findings derived by the service (older analyses); for the engine's file the
 * record coverage is counted here against the report's flag totals.
 */
export function buildIndex(bytes: Uint8Array, meta: Pick<FindingsIndexData, 'recordSource' | 'recordCoverage'> | { flagTotals: Record<string, number> }): Uint8Array {
  const builder = new FindingsIndexBuilder();
  const decoder = new TextDecoder();
  let start = 0;
  let lineNo = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    lineNo++;
    if (end > start) {
      let f: Finding;
      try {
        f = JSON.parse(decoder.decode(bytes.subarray(start, end))) as Finding;
      } catch {
        throw new Error(`findings.ndjson line ${lineNo} is not JSON`);
      }
      builder.line(builder.count, start);
      builder.finding(f);
    }
    start = end + 1;
  }
  return builder.finish(bytes.length, meta);
}

/** A growable column of unsigned 32-bit numbers. */
class U32s {
  data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/** What the index keeps of a finding (a findings.ndjson line without its summary and evidence). */
export type IndexedFinding = Pick<Finding, 'findingId' | 'kind' | 'rule' | 'user' | 'time' | 'object' | 'terminal' | 'caseId'> & { source?: { flag?: string | undefined } };

/**
 * Builds the stored index while findings.ndjson is written (the report step's findings listener,
 * so the file is never read again to index it) or from its bytes (`buildIndex`). `finding` takes
 * the findings in the order they are made (numbered from 0), `line` each one's line and byte
 * offset in file order; `finish` gets the file's length.
 */
export class FindingsIndexBuilder {
  /** The ids' characters one after another (ASCII, as the engine's hex ids are), and where each ends. */
  private idChars = new Uint8Array(1 << 16);
  private readonly idEnd = new U32s();
  /** The ids with a character outside ASCII, by finding number (their own copies). */
  private readonly wideIds = new Map<number, string>();
  private readonly ruleOf = new U32s();
  private readonly userOf = new U32s();
  private readonly objectOf = new U32s();
  private readonly terminalOf = new U32s();
  private readonly timeOf = new U32s();
  private readonly caseOf = new U32s();
  private readonly lineSeq = new U32s();
  private offsets = new Float64Array(1024);
  private readonly rules = new Table();
  private readonly ruleById = new Map<string, FindingRule>();
  private readonly users = new Table();
  private readonly objects = new Table();
  private readonly terminals = new Table();
  private readonly times = new Table();
  private readonly cases = new Table();
  /** Record findings per flag, by the flag's number in `flags` (first met first). */
  private readonly flags = new Table();
  private listedPerFlag = new Uint32Array(16);
  private recordFindings = 0;

  /** Findings told so far. */
  get count(): number {
    return this.idEnd.length;
  }

  /** Where the next id's characters go, with room made for `length` of them. */
  private idAt(length: number): number {
    const at = this.idEnd.length === 0 ? 0 : this.idEnd.data[this.idEnd.length - 1]!;
    if (at + length > this.idChars.length) {
      const next = new Uint8Array(Math.max(this.idChars.length * 2, at + length));
      next.set(this.idChars);
      this.idChars = next;
    }
    return at;
  }

  /** The next finding's id as text (one outside ASCII also kept whole in `wideIds`). */
  private pushId(id: string): void {
    const at = this.idAt(id.length);
    let wide = false;
    for (let k = 0; k < id.length; k++) {
      const c = id.charCodeAt(k);
      if (c > 0x7f) wide = true;
      this.idChars[at + k] = c & 0x7f;
    }
    if (wide) this.wideIds.set(this.idEnd.length, copied(id));
    this.idEnd.push(at + id.length);
  }

  finding(f: IndexedFinding): void {
    this.pushId(f.findingId);
    const flag = f.kind === 'record' ? f.source?.flag : undefined;
    this.pushNumbers(f.kind === 'record', this.numbers.rule(f.rule), this.users.id(f.user ?? ''), this.objects.id(f.object ?? ''), this.terminals.id(f.terminal ?? ''), this.times.id(f.time ?? ''), this.cases.id(f.caseId ?? ''), flag ? this.flags.id(flag) : -1);
  }

  private pushNumbers(record: boolean, rule: number, user: number, object: number, terminal: number, time: number, caseNo: number, flag: number): void {
    if (record) {
      this.recordFindings++;
      if (flag >= 0) {
        if (flag >= this.listedPerFlag.length) {
          const next = new Uint32Array(Math.max(flag + 1, this.listedPerFlag.length * 2));
          next.set(this.listedPerFlag);
          this.listedPerFlag = next;
        }
        this.listedPerFlag[flag]!++;
      }
    }
    this.ruleOf.push(rule);
    this.userOf.push(user);
    this.objectOf.push(object);
    this.terminalOf.push(terminal);
    this.timeOf.push(time);
    this.caseOf.push(caseNo);
  }

  /**
   * `finding` by numbers (the engine's FindingNumbers): the report step asks each distinct text's
   * number once and tells the findings its parts made by those numbers (no string per finding).
   */
  readonly numbers = {
    rule: (r: FindingRule): number => {
      if (!this.ruleById.has(r.id)) this.ruleById.set(copied(r.id), { id: copied(r.id), title: copied(r.title), severity: r.severity });
      return this.rules.id(r.id);
    },
    user: (v: string) => this.users.id(v),
    object: (v: string) => this.objects.id(v),
    terminal: (v: string) => this.terminals.id(v),
    times: (values: readonly string[]) => this.times.block(values),
    caseId: (v: string) => this.cases.id(v),
    flag: (v: string) => this.flags.id(v),
    add: (buf: Uint8Array, idStart: number, idEnd: number, record: boolean, rule: number, user: number, object: number, terminal: number, time: number, caseNo: number, flag: number): void => {
      let wide = false;
      for (let k = idStart; k < idEnd; k++) if (buf[k]! > 0x7f) wide = true;
      if (wide) this.pushId(new TextDecoder().decode(buf.subarray(idStart, idEnd)));
      else {
        const at = this.idAt(idEnd - idStart);
        this.idChars.set(buf.subarray(idStart, idEnd), at);
        this.idEnd.push(at + idEnd - idStart);
      }
      this.pushNumbers(record, rule, user, object, terminal, time, caseNo, flag);
    },
  };

  line(seq: number, offset: number): void {
    const n = this.lineSeq.length;
    if (n === this.offsets.length) {
      const next = new Float64Array(n * 2);
      next.set(this.offsets);
      this.offsets = next;
    }
    this.offsets[n] = offset;
    this.lineSeq.push(seq);
  }

  finish(end: number, meta: Pick<FindingsIndexData, 'recordSource' | 'recordCoverage'> | { flagTotals: Record<string, number> }): Uint8Array {
    const n = this.lineSeq.length;
    if (n !== this.count) throw new Error(`findings index: ${this.count} findings made but ${n} lines written`);
    const seqOf = this.lineSeq.data;
    // Plain loops: a mapping callback per element (typed-array `from`) was seconds at 7 M findings.
    const byLine = (col: U32s) => {
      const out = new Uint32Array(n);
      const data = col.data;
      for (let l = 0; l < n; l++) out[l] = data[seqOf[l]!]!;
      return out;
    };
    // The ids by line, fixed-width ASCII padded with spaces (as stored), and their lengths.
    const idEnd = this.idEnd.data;
    const idLength = new Uint32Array(n);
    let idWidth = 1;
    for (let l = 0; l < n; l++) {
      const i = seqOf[l]!;
      idLength[l] = idEnd[i]! - (i === 0 ? 0 : idEnd[i - 1]!);
      if (idLength[l]! > idWidth) idWidth = idLength[l]!;
    }
    const idBytes = new Uint8Array(n * idWidth).fill(32);
    for (let l = 0; l < n; l++) {
      const i = seqOf[l]!;
      const end = idEnd[i]!;
      idBytes.set(this.idChars.subarray(end - idLength[l]!, end), l * idWidth);
    }
    const wide = this.wideIds.size === 0 ? undefined : Array.from({ length: n }, (_, l) => this.wideIds.get(seqOf[l]!) ?? idText(idBytes, idWidth, idLength, l));
    const ruleOf = byLine(this.ruleOf);
    // Times compare as text ("YYYY-MM-DD HH:MM:SS"): each distinct one by its rank among them.
    // A time told in several parts has several numbers: equal times get the same rank.
    const times = this.times.values;
    const timeRank = new Uint32Array(times.length);
    const byText = Array.from(times.keys()).sort((a, b) => cmp(times[a]!, times[b]!));
    for (let k = 0, rank = 0; k < byText.length; k++) {
      if (k > 0 && times[byText[k]!] !== times[byText[k - 1]!]) rank++;
      timeRank[byText[k]!] = rank;
    }
    const timeOf = byLine(this.timeOf);
    for (let l = 0; l < n; l++) timeOf[l] = timeRank[timeOf[l]!]!;
    const ruleList = this.rules.values.map((id) => this.ruleById.get(id)!);
    const ruleSev = Uint8Array.from(ruleList, (r) => SEVERITY_RANK[r.severity] ?? 3);
    const sev = new Uint8Array(n);
    for (let l = 0; l < n; l++) sev[l] = ruleSev[ruleOf[l]!]!;
    const idOrder = wide ? sortById(wide) : sortIdBytes(idBytes, idWidth, idLength);
    const order = baseOrder(idOrder, sev, timeOf, this.times.values.length);
    const offsets = new Float64Array(n + 1);
    offsets.set(this.offsets.subarray(0, n));
    offsets[n] = end;
    const columns: Record<Section, Uint8Array> = {
      offsets: new Uint8Array(offsets.buffer),
      order: new Uint8Array(order.buffer),
      idOrder: new Uint8Array(idOrder.buffer),
      rule: new Uint8Array(new Uint16Array(ruleOf).buffer),
      user: new Uint8Array(byLine(this.userOf).buffer),
      object: new Uint8Array(byLine(this.objectOf).buffer),
      terminal: new Uint8Array(byLine(this.terminalOf).buffer),
      case: new Uint8Array(byLine(this.caseOf).buffer),
      sev,
      ids: idBytes,
    };
    const { recordFindings, listedPerFlag, users, objects, terminals, cases } = this;
    const coverage =
      'flagTotals' in meta
        ? {
            recordSource: { kind: 'all' as const, total: recordFindings, listed: recordFindings, cap: recordFindings },
            recordCoverage: {
              perFlagCap: null,
              flags: this.flags.values.map((flag, k) => ({ flag, total: Math.max(meta.flagTotals[flag] ?? 0, listedPerFlag[k]!), listed: listedPerFlag[k]! })),
            },
          }
        : meta;
    const align = (x: number) => Math.ceil(x / 8) * 8;
    const sections = {} as Record<Section, [number, number]>;
    let at = 0;
    for (const name of SECTIONS) {
      sections[name] = [at, columns[name].byteLength];
      at = align(at + columns[name].byteLength);
    }
    const header: FindingsIndexData = {
      version: INDEX_VERSION,
      count: n,
      idWidth,
      rules: ruleList,
      users: users.values,
      objects: objects.values,
      terminals: terminals.values,
      caseIds: cases.values,
      recordSource: coverage.recordSource,
      recordCoverage: coverage.recordCoverage,
      sections,
    };
    const headerBytes = new TextEncoder().encode(JSON.stringify(header));
    const body = align(12 + headerBytes.byteLength);
    const out = new Uint8Array(body + at);
    const view = new DataView(out.buffer);
    view.setUint32(0, MAGIC, true);
    view.setUint32(4, INDEX_VERSION, true);
    view.setUint32(8, headerBytes.byteLength, true);
    out.set(headerBytes, 12);
    for (const name of SECTIONS) out.set(columns[name], body + sections[name][0]);
    return out;
  }
}

/**
 * Finding numbers in the text order of their ids (equal ids by number). The engine's ids are hex:
 * the first 10 digits (40 bits) and the number (24 bits) packed in one 64-bit integer sort natively,
 * then runs of equal first digits by the text (a comparison sort of millions of ids was most of
 * the report step's index time at 7 M findings). Other ids, or more than 2^24, sort by comparison.
 */
export function sortById(ids: readonly string[]): Uint32Array {
  const n = ids.length;
  // Ids outside ASCII (never the engine's) sort as text.
  if (ids.some((id) => /[^\x00-\x7f]/.test(id))) return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => cmp(ids[a]!, ids[b]!) || a - b);
  const width = ids.reduce((w, id) => Math.max(w, id.length), 1);
  const bytes = new Uint8Array(n * width);
  const lengths = new Uint32Array(n);
  ids.forEach((id, i) => {
    lengths[i] = id.length;
    for (let k = 0; k < id.length; k++) bytes[i * width + k] = id.charCodeAt(k);
  });
  return sortIdBytes(bytes, width, lengths);
}

/** An id of `sortIdBytes`' layout as text. */
function idText(bytes: Uint8Array, width: number, lengths: Uint32Array, i: number): string {
  return String.fromCharCode(...bytes.subarray(i * width, i * width + lengths[i]!));
}

/**
 * `sortById` of ASCII ids held as bytes, `width` each (the index's own layout: what follows an id's
 * `lengths[i]` characters is ignored), so that the report step keeps no string per finding.
 */
export function sortIdBytes(bytes: Uint8Array, width: number, lengths: Uint32Array): Uint32Array {
  const n = lengths.length;
  // The text order: by character up to the shorter one's end, then the shorter first; equal ids by number.
  const byText = (a: number, b: number) => {
    const la = lengths[a]!;
    const lb = lengths[b]!;
    const m = la < lb ? la : lb;
    for (let k = 0, pa = a * width, pb = b * width; k < m; k++) {
      const d = bytes[pa + k]! - bytes[pb + k]!;
      if (d !== 0) return d;
    }
    return la - lb || a - b;
  };
  const hexAt = (p: number) => {
    const c = bytes[p]!;
    return c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
  };
  let hex = n <= 1 << 24;
  for (let i = 0; hex && i < n; i++) {
    if (lengths[i]! < 10) hex = false;
    for (let k = 0; hex && k < 10; k++) if (hexAt(i * width + k) < 0) hex = false;
  }
  if (!hex) return Uint32Array.from({ length: n }, (_, i) => i).sort(byText);
  const keys = new BigUint64Array(n);
  const words = new Uint32Array(keys.buffer);
  for (let i = 0; i < n; i++) {
    let hi = 0;
    for (let k = 0, p = i * width; k < 8; k++) hi = hi * 16 + hexAt(p + k);
    // The first 8 digits (32 bits) in the high word, digits 9 and 10 (8 bits) above the number (24 bits).
    words[2 * i + 1] = hi;
    words[2 * i] = (hexAt(i * width + 8) * 16 + hexAt(i * width + 9)) * 0x1000000 + i;
  }
  keys.sort();
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) out[k] = words[2 * k]! & 0xffffff;
  // Ids sharing their first 10 digits: by the rest of the text.
  const headOf = (k: number) => words[2 * k + 1]! * 256 + (words[2 * k]! >>> 24);
  for (let k = 0; k < n; ) {
    let end = k + 1;
    while (end < n && headOf(end) === headOf(k)) end++;
    if (end - k > 1) out.subarray(k, end).sort(byText);
    k = end;
  }
  return out;
}

/** The base order (severity, time rank, id) from the order by id: a stable counting sort by severity and time. */
export function baseOrder(idOrder: Uint32Array, sev: Uint8Array, timeOf: Uint32Array, times: number): Uint32Array {
  const n = idOrder.length;
  const slots = 4 * Math.max(1, times);
  const start = new Uint32Array(slots + 1);
  for (let i = 0; i < n; i++) start[Math.min(sev[i]!, 3) * times + timeOf[i]! + 1]!++;
  for (let k = 1; k <= slots; k++) start[k]! += start[k - 1]!;
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const i = idOrder[k]!;
    out[start[Math.min(sev[i]!, 3) * times + timeOf[i]!]!++] = i;
  }
  return out;
}

/** The line ends of a byte range start offsets (each line's end is the next line's start, less the line feed). */
export interface LineRef {
  index: number;
  findingId: string;
  start: number;
  length: number;
}

export interface FindingFilter {
  rule?: string | undefined;
  severity?: FindingSeverity | undefined;
  user?: string | undefined;
  status?: StatusName | 'suppressed' | undefined;
  caseId?: string | undefined;
}


export interface FindingTarget {
  findingId: string;
  rule: FindingRule;
  user: string;
  object: string;
  terminal: string;
  previousStatus: StatusName;
}

/** The index in memory: views on the stored columns, review statuses and suppressions joined in. */
export class FindingsIndex {
  readonly count: number;
  readonly data: FindingsIndexData;
  private readonly sev: Uint8Array;
  private readonly rule: Uint16Array;
  private readonly user: Uint32Array;
  private readonly caseOf: Uint32Array;
  private readonly objectOf: Uint32Array;
  private readonly terminalOf: Uint32Array;
  private readonly offsets: Float64Array;
  /** Base order: severity, time, id. */
  private readonly order: Uint32Array;
  /** Finding numbers in the order of their ids (binary search). */
  private readonly idOrder: Uint32Array;
  private readonly ids: Uint8Array;
  readonly status: Uint8Array;
  /** Index into `suppressions` of the suppression that covers each finding, or -1. */
  readonly suppressedBy: Int32Array;
  suppressions: SuppressionRule[] = [];
  reviewsVersion = -1;
  /** Findings with a review decision (status not open), by number: few next to the count, usually. */
  private reviewedAll = new Uint32Array(0);
  /** Findings a suppression covers, by number. */
  private suppressedAll = new Uint32Array(0);
  /** Findings per rule number (the stored columns never change: made once). */
  private ruleCounts: Uint32Array | undefined;
  /** Each finding's position in the base order (made when a page needs reviewed or suppressed findings in order). */
  private positionOf: Uint32Array | undefined;

  /** Bytes of the stored index this holds. */
  readonly storedBytes: number;

  constructor(stored: Uint8Array) {
    this.storedBytes = stored.byteLength;
    // Typed views need their offsets aligned: a copy when the bytes sit elsewhere in a buffer.
    const bytes = stored.byteOffset % 8 === 0 ? stored : stored.slice();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error('not a findings index');
    const version = view.getUint32(4, true);
    if (version !== INDEX_VERSION) throw new Error(`findings index version ${version} is not ${INDEX_VERSION}`);
    const headerLength = view.getUint32(8, true);
    const data = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as FindingsIndexData;
    this.data = data;
    const body = bytes.byteOffset + Math.ceil((12 + headerLength) / 8) * 8;
    const part = <T>(name: Section, Kind: { new (b: ArrayBufferLike, o: number, l: number): T; BYTES_PER_ELEMENT: number }) =>
      new Kind(bytes.buffer, body + data.sections[name][0], data.sections[name][1] / Kind.BYTES_PER_ELEMENT);
    const n = (this.count = data.count);
    this.offsets = part('offsets', Float64Array);
    this.order = part('order', Uint32Array);
    this.idOrder = part('idOrder', Uint32Array);
    this.rule = part('rule', Uint16Array);
    this.user = part('user', Uint32Array);
    this.objectOf = part('object', Uint32Array);
    this.terminalOf = part('terminal', Uint32Array);
    this.caseOf = part('case', Uint32Array);
    this.sev = part('sev', Uint8Array);
    this.ids = part('ids', Uint8Array);
    this.status = new Uint8Array(n);
    this.suppressedBy = new Int32Array(n).fill(-1);
  }

  /** The id of finding `i`. */
  idOf(i: number): string {
    const w = this.data.idWidth;
    let s = '';
    for (let k = i * w, end = k + w; k < end; k++) {
      const c = this.ids[k]!;
      if (c === 32) break;
      s += String.fromCharCode(c);
    }
    return s;
  }

  /** Joins the analysis's suppression snapshot (it never changes once the analysis started). */
  applySuppressions(suppressions: readonly SuppressionRule[]): void {
    this.suppressions = [...suppressions];
    this.suppressedBy.fill(-1);
    this.memo.clear();
    this.memoCounts = undefined;
    this.memoProgress = undefined;
    this.memoApplied = undefined;
    this.suppressedAll = new Uint32Array(0);
    if (suppressions.length === 0) return;
    const d = this.data;
    const covered = new U32s();
    for (let i = 0; i < this.count; i++) {
      const f = { rule: d.rules[this.rule[i]!]!, user: d.users[this.user[i]!]!, object: d.objects[this.objectOf[i]!]!, terminal: d.terminals[this.terminalOf[i]!]! };
      const s = suppressions.findIndex((r) => isSuppressedBy(f, r));
      this.suppressedBy[i] = s;
      if (s >= 0) covered.push(i);
    }
    this.suppressedAll = covered.data.slice(0, covered.length);
  }

  /** Replaces the review statuses (findingId, status code) as of `version`. */
  applyReviews(version: number, entries: readonly (readonly [string, number])[]): void {
    this.status.fill(0);
    this.memo.clear();
    this.memoCounts = undefined;
    this.memoProgress = undefined;
    const touched = new U32s();
    for (const [id, code] of entries) {
      const i = this.indexOf(id);
      if (i === undefined) continue;
      this.status[i] = code;
      touched.push(i);
    }
    // The findings with a decision, each once, by number.
    const sorted = touched.data.subarray(0, touched.length).sort();
    const reviewed = new U32s();
    for (let k = 0; k < sorted.length; k++) if ((k === 0 || sorted[k] !== sorted[k - 1]) && this.status[sorted[k]!] !== 0) reviewed.push(sorted[k]!);
    this.reviewedAll = reviewed.data.slice(0, reviewed.length);
    this.reviewsVersion = version;
  }

  indexOf(findingId: string): number | undefined {
    const w = this.data.idWidth;
    if (findingId.length > w) return undefined;
    const compare = (i: number) => {
      for (let k = 0; k < w; k++) {
        const a = k < findingId.length ? findingId.charCodeAt(k) : 32;
        const b = this.ids[i * w + k]!;
        if (a !== b) return a < b ? -1 : 1;
      }
      return 0;
    };
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compare(this.idOrder[mid]!);
      if (c === 0) return this.idOrder[mid]!;
      if (c < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return undefined;
  }

  /** open (not reviewed, not suppressed) 0, reviewed 1, suppressed (not reviewed) 2. */
  bucket(i: number): number {
    if (this.status[i] !== 0) return 1;
    return this.suppressedBy[i]! >= 0 ? 2 : 0;
  }

  line(i: number): LineRef {
    const o = this.offsets;
    return { index: i, findingId: this.idOf(i), start: o[i]!, length: o[i + 1]! - o[i]! };
  }

  caseIndex(caseId: string): number {
    return this.data.caseIds.indexOf(caseId);
  }

  private matcher(f: FindingFilter): (i: number) => boolean {
    const d = this.data;
    const rule = f.rule !== undefined ? d.rules.findIndex((r) => r.id === f.rule) : -2;
    const user = f.user !== undefined ? d.users.indexOf(f.user.toUpperCase()) : -2;
    const sev = f.severity !== undefined ? SEVERITY_RANK[f.severity] : -2;
    const kase = f.caseId !== undefined ? d.caseIds.indexOf(f.caseId) : -2;
    const status = f.status;
    const statusCode = status && status !== 'suppressed' ? STATUS_CODES.indexOf(status) : -2;
    if (rule === -1 || user === -1 || kase === -1) return () => false;
    return (i) => {
      if (rule >= 0 && this.rule[i] !== rule) return false;
      if (user >= 0 && this.user[i] !== user) return false;
      if (sev >= 0 && this.sev[i] !== sev) return false;
      if (kase >= 0 && this.caseOf[i] !== kase) return false;
      if (status === 'suppressed') return this.bucket(i) === 2;
      if (status === 'open') return this.bucket(i) === 0;
      if (statusCode >= 0 && this.status[i] !== statusCode) return false;
      return true;
    };
  }

  /**
   * The lists of the last few filters and the counts, as of the review statuses they were made
   * with: paging through a filter (and the counts every page gives) is then a slice, not a pass
   * over every finding. Any change of the statuses (applyReviews) or suppressions drops them.
   */
  private readonly memo = new Map<string, Uint32Array>();
  private memoCounts: ReturnType<FindingsIndex['countAll']> | undefined;
  private memoApplied: number[] | undefined;
  private memoVersion = -1;
  static readonly MEMO_LISTS = 3;

  private fresh(): void {
    if (this.memoVersion === this.reviewsVersion) return;
    this.memo.clear();
    this.memoCounts = undefined;
    this.memoProgress = undefined;
    this.memoVersion = this.reviewsVersion;
  }

  /** Matching findings in list order: open, reviewed, suppressed; within each by severity, time, id. Callers must not change the list. */
  ordered(f: FindingFilter): Uint32Array {
    this.fresh();
    const key = JSON.stringify([f.rule, f.severity, f.user, f.status, f.caseId]);
    const hit = this.memo.get(key);
    if (hit) {
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit;
    }
    const list = this.orderedNow(f);
    this.memo.set(key, list);
    while (this.memo.size > FindingsIndex.MEMO_LISTS) this.memo.delete(this.memo.keys().next().value!);
    return list;
  }

  private orderedNow(f: FindingFilter): Uint32Array {
    // Typed arrays, not a JS array per bucket: at 7 M findings the pushes and the concatenation
    // were most of a new filter's time, and each kept list took twice the memory.
    const m = this.matcher(f);
    const n = this.count;
    // The base order is by severity first: a severity's findings are one run of it.
    let from = 0;
    let to = n;
    if (f.severity !== undefined) {
      const rank = SEVERITY_RANK[f.severity];
      from = this.firstOrderAtLeast(rank);
      to = this.firstOrderAtLeast(rank + 1);
    }
    const hits = new Uint32Array(to - from);
    const bucketOf = new Uint8Array(to - from);
    const per = [0, 0, 0];
    let matched = 0;
    for (let k = from; k < to; k++) {
      const i = this.order[k]!;
      if (!m(i)) continue;
      const b = this.bucket(i);
      hits[matched] = i;
      bucketOf[matched++] = b;
      per[b]!++;
    }
    const out = new Uint32Array(matched);
    const at = [0, per[0]!, per[0]! + per[1]!];
    for (let j = 0; j < matched; j++) out[at[bucketOf[j]!]!++] = hits[j]!;
    return out;
  }

  /** The first position of the base order whose severity rank is at least `rank` (binary search). */
  private firstOrderAtLeast(rank: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sev[this.order[mid]!]! < rank) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  counts() {
    this.fresh();
    this.memoCounts ??= this.countAll();
    return this.memoCounts;
  }

  /**
   * The counts from the findings per rule and the lists of decided and suppressed findings: no pass
   * over every finding once the per-rule counts are made (the first ask of an analysis was one).
   */
  private countAll() {
    const byStatus: Record<string, number> = Object.fromEntries(STATUS_CODES.map((s) => [s, 0]));
    const bySeverity: Record<string, number> = Object.fromEntries(SEVERITIES.map((s) => [s, 0]));
    const perRule = this.perRule();
    this.data.rules.forEach((r, k) => (bySeverity[SEVERITIES[SEVERITY_RANK[r.severity] ?? 3]!]! += perRule[k]!));
    const reviewed = this.reviewedAll;
    byStatus.open = this.count - reviewed.length;
    let criticalOpen = bySeverity.critical!;
    for (const i of reviewed) {
      byStatus[STATUS_CODES[this.status[i]!]!]!++;
      if (this.sev[i] === 0) criticalOpen--;
    }
    let suppressed = 0;
    for (const i of this.suppressedAll) {
      if (this.status[i] !== 0) continue;
      suppressed++;
      if (this.sev[i] === 0) criticalOpen--;
    }
    const buckets = { open: this.count - reviewed.length - suppressed, reviewed: reviewed.length, suppressed };
    return { total: this.count, ...buckets, toReview: this.count - buckets.suppressed, criticalOpen, byStatus, bySeverity };
  }

  private perRule(): Uint32Array {
    if (!this.ruleCounts) {
      const counts = new Uint32Array(this.data.rules.length);
      const rule = this.rule;
      for (let i = 0; i < this.count; i++) counts[rule[i]!]!++;
      this.ruleCounts = counts;
    }
    return this.ruleCounts;
  }

  /**
   * A page of a filter by rule, severity and review status without making the filter's whole list
   * (issue 24: the first ask of a filter matching millions of findings made it, 0.4-0.5 s at 7 M):
   * how many match comes from the per-rule counts less the decided and suppressed findings that
   * match; the page's open findings from a scan of the base order that stops when the page is full;
   * decided and suppressed ones from their lists. Undefined when the list is cheaper or already made
   * (a user or case filter, a page deep in the list, a filter asked before).
   */
  private pageWithoutList(f: FindingFilter, cursor: number, limit: number): { page: number[]; matched: number } | undefined {
    if (f.user !== undefined || f.caseId !== undefined || cursor + limit > FindingsIndex.SCAN_PAGES_UNTIL) return undefined;
    this.fresh();
    if (this.memo.has(JSON.stringify([f.rule, f.severity, f.user, f.status, f.caseId]))) return undefined;
    const d = this.data;
    const rule = f.rule !== undefined ? d.rules.findIndex((r) => r.id === f.rule) : -2;
    const sev = f.severity !== undefined ? SEVERITY_RANK[f.severity] : -2;
    const status = f.status;
    const code = status && status !== 'suppressed' && status !== 'open' ? STATUS_CODES.indexOf(status) : -2;
    // Values the routes refuse: the list decides what they mean.
    if (sev === undefined || code === -1) return undefined;
    if (rule === -1) return { page: [], matched: 0 };
    const ruleSev = rule >= 0 ? (SEVERITY_RANK[d.rules[rule]!.severity] ?? 3) : -2;
    if (rule >= 0 && sev >= 0 && ruleSev !== sev) return { page: [], matched: 0 };
    const sevOf = sev >= 0 ? sev : ruleSev;
    const matches = (i: number) => (rule < 0 || this.rule[i] === rule) && (sevOf < 0 || this.sev[i] === sevOf);
    // Every match, whatever its status.
    const all = rule >= 0 ? this.perRule()[rule]! : sevOf >= 0 ? this.firstOrderAtLeast(sevOf + 1) - this.firstOrderAtLeast(sevOf) : this.count;
    const decided: number[] = [];
    for (const i of this.reviewedAll) if (matches(i) && (code < 0 || this.status[i] === code)) decided.push(i);
    const suppressed: number[] = [];
    for (const i of this.suppressedAll) if (this.status[i] === 0 && matches(i)) suppressed.push(i);
    // The list's parts in order: open, decided, suppressed (a status keeps one of them).
    const openCount = all - this.countMatching(this.reviewedAll, matches) - suppressed.length;
    const parts: { size: number; take: (from: number, n: number) => number[] }[] = [];
    if (status === undefined || status === 'open') parts.push({ size: openCount, take: (from, n) => this.openInOrder(sevOf, matches, from, n) });
    if (status === undefined || code >= 0) parts.push({ size: decided.length, take: (from, n) => this.inBaseOrder(decided).slice(from, from + n) });
    if (status === undefined || status === 'suppressed') parts.push({ size: suppressed.length, take: (from, n) => this.inBaseOrder(suppressed).slice(from, from + n) });
    const page: number[] = [];
    let skip = cursor;
    for (const part of parts) {
      if (page.length >= limit) break;
      if (skip >= part.size) {
        skip -= part.size;
        continue;
      }
      page.push(...part.take(skip, limit - page.length));
      skip = 0;
    }
    return { page, matched: parts.reduce((n, p) => n + p.size, 0) };
  }

  /** Pages this deep or less are read without the filter's list; deeper ones make it (and keep it). */
  static readonly SCAN_PAGES_UNTIL = 1000;

  private countMatching(list: Uint32Array, matches: (i: number) => boolean): number {
    let n = 0;
    for (const i of list) if (matches(i)) n++;
    return n;
  }

  /** Open matches `from`…`from + n` in the base order (a severity's run of it when known), scanning until they are found. */
  private openInOrder(sev: number, matches: (i: number) => boolean, from: number, n: number): number[] {
    const out: number[] = [];
    const start = sev >= 0 ? this.firstOrderAtLeast(sev) : 0;
    const end = sev >= 0 ? this.firstOrderAtLeast(sev + 1) : this.count;
    let seen = 0;
    for (let k = start; k < end && out.length < n; k++) {
      const i = this.order[k]!;
      if (!matches(i) || this.bucket(i) !== 0) continue;
      if (seen++ >= from) out.push(i);
    }
    return out;
  }

  private inBaseOrder(list: number[]): number[] {
    if (!this.positionOf) {
      const pos = new Uint32Array(this.count);
      for (let k = 0; k < this.count; k++) pos[this.order[k]!] = k;
      this.positionOf = pos;
    }
    const pos = this.positionOf;
    return [...list].sort((a, b) => pos[a]! - pos[b]!);
  }

  /** One page of the list, its count, the analysis's counts, rules and the suppressions applied. */
  queryPage(f: FindingFilter, cursor: number, limit: number) {
    const quick = this.pageWithoutList(f, cursor, limit);
    const list = quick ? undefined : this.ordered(f);
    const page = quick ? quick.page.map((i) => this.line(i)) : Array.from(list!.subarray(cursor, cursor + limit), (i) => this.line(i));
    const matched = quick ? quick.matched : list!.length;
    if (!this.memoApplied) {
      const applied = new Array<number>(this.suppressions.length).fill(0);
      for (const i of this.suppressedAll) applied[this.suppressedBy[i]!]!++;
      this.memoApplied = applied;
    }
    const applied = this.memoApplied;
    return {
      page,
      matched,
      nextCursor: cursor + limit < matched ? String(cursor + limit) : null,
      counts: this.counts(),
      rules: [...this.data.rules].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      applied,
    };
  }

  /** Every matching finding in list order (the export; bulk triage by filter), at most `cap` + 1. */
  targets(f: FindingFilter, cap: number): { matched: number; targets: FindingTarget[] } {
    const list = this.ordered(f);
    return { matched: list.length, targets: Array.from(list.subarray(0, cap + 1), (i) => this.target(i)) };
  }

  target(i: number): FindingTarget {
    const d = this.data;
    return {
      findingId: this.idOf(i),
      rule: d.rules[this.rule[i]!]!,
      user: d.users[this.user[i]!]!,
      object: d.objects[this.objectOf[i]!]!,
      terminal: d.terminals[this.terminalOf[i]!]!,
      previousStatus: STATUS_CODES[this.status[i]!]!,
    };
  }

  private memoProgress: Uint32Array | undefined;

  /** Per case index: members, reviewed, open (not reviewed, not suppressed), suppressed (kept until the statuses change). */
  caseProgress(): Uint32Array {
    this.fresh();
    this.memoProgress ??= this.progressNow();
    return this.memoProgress;
  }

  private progressNow(): Uint32Array {
    const out = new Uint32Array(this.data.caseIds.length * 4);
    for (let i = 0; i < this.count; i++) {
      const c = this.caseOf[i]! * 4;
      out[c]!++;
      out[c + 1 + this.bucket(i)]!++;
    }
    return out;
  }
}
