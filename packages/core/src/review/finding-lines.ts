/**
 * The findings of one report part's high records, made in the part's task (issue 24): the report
 * step's coordinator used to make every record finding itself, on one thread, after the parts were
 * done (JSON.parse of each high record, its findings, a SHA-256 and a JSON.stringify each). A part
 * now writes, beside its high-records file, per finding a line (`{"findingId":…,` and the finding's
 * JSON without its evidence line and case; the id as if no earlier part had the same finding,
 * `occurrence` counted in the part) and a row of numbers (the epoch it sorts by, its hash, the
 * evidence place, and the index's texts as numbers in the part's own tables: FindingLinesResult).
 * The coordinator (write-findings.ts) numbers the occurrences across parts, adds the case and where
 * the evidence line lands in high-records.ndjson, and writes the same findings.ndjson line for line
 * as when it made them itself, reading no field as text.
 *
 * A record without a time the engine read (`time` empty) is left to the coordinator as it is (a
 * RAW_ROW row, its line the record's JSON): its time comes from its cells and the file's date
 * order, which the coordinator decides.
 */
import type { ByteSink, Workspace } from '../engine/contract.ts';
import { highRecordFindings } from './derive-findings.ts';
import { findingId } from './finding-id.ts';
import type { HighRecord } from './high-records.ts';
import type { Finding, FindingRule } from './types.ts';
import { LineSink } from './line-sink.ts';

/** The seconds "YYYY-MM-DD HH:MM:SS" stands for (UTC), or the largest safe integer for none: a finding's place within its case. */
export const epochOf = (time: string): number => {
  // The usual shape: the day parsed once (a finding per high record; Date.parse each was a second
  // of a report part at 100 MB), the clock added. Anything else is parsed whole, as before.
  const day = time.length === 19 ? dayOf(time) : undefined;
  if (day !== undefined) return day;
  const ms = Date.parse(`${time.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? Number.MAX_SAFE_INTEGER : ms / 1000;
};

const daySeconds = new Map<string, number>();
const digit = (s: string, i: number) => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : 100;
};
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

/** epochOf of "dddd-dd-dd dd:dd:dd" with a clock under 24:00:00, else undefined (the same seconds as Date.parse). */
/** The date of the last time read and its seconds. */
let lastDay: string | undefined;
let lastDaySeconds = 0;

function dayOf(time: string): number | undefined {
  if (time.charCodeAt(4) !== 45 || time.charCodeAt(7) !== 45 || time.charCodeAt(10) !== 32 || time.charCodeAt(13) !== 58 || time.charCodeAt(16) !== 58) return undefined;
  const h = two(time, 11);
  const m = two(time, 14);
  const s = two(time, 17);
  if (h >= 24 || m >= 60 || s >= 60) return undefined;
  if (two(time, 0) >= 100 || two(time, 2) >= 100 || two(time, 5) >= 100 || two(time, 8) >= 100) return undefined;
  // Findings come in time order mostly: the day before's seconds when the date is the same.
  if (lastDay !== undefined && time.startsWith(lastDay)) return lastDaySeconds + h * 3600 + m * 60 + s;
  const key = time.slice(0, 10);
  let day = daySeconds.get(key);
  if (day === undefined) {
    const ms = Date.parse(`${key}T00:00:00Z`);
    day = Number.isNaN(ms) ? Number.NaN : ms / 1000;
    if (daySeconds.size >= 100_000) daySeconds.clear();
    daySeconds.set(key, day);
  }
  if (Number.isNaN(day)) return undefined;
  lastDay = key;
  lastDaySeconds = day;
  return day + h * 3600 + m * 60 + s;
}


/** FNV-1a over a string, 52 bits (a Map key that is a number, not a string per finding). */
export function hash52(s: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h1 >>> 0) * 0x100000 + ((h2 >>> 0) & 0xfffff);
}

/** What identifies a finding within an analysis (its id hashes this and its occurrence). */
export const findingBase = (rule: string, user: string, time: string, object: string): string => [rule, user, time, object].join('\u001f');

/**
 * A part's findings as the coordinator reads them (write-findings.ts): `name` holds one line per
 * finding, `{"findingId":"<id>",` and the finding's JSON without its evidence place and case (an
 * `R` row's line: the high record's JSON); `<name>.f64` and `<name>.u32` one row of numbers each
 * (ROW_F64, ROW_U32). The texts the findings index keeps are numbered within the part, first met
 * first, so the coordinator turns each distinct one into the index's number once, not per finding.
 */
export interface FindingLinesResult {
  name: string;
  /** 'record' (a report part's high records) or 'pattern' (pattern-findings.ts). */
  kind: 'record' | 'pattern';
  rows: number;
  /** The part's rules by number (the index keeps title and severity once per rule). */
  rules: FindingRule[];
  users: string[];
  /** Not distinct: a time that comes again after others may have another number. */
  times: string[];
  objects: string[];
  terminals: string[];
  /** A record finding's flag, a pattern finding's case actor key (cases/actorKey). */
  keys: string[];
}

/** Float64 numbers per row: the epoch it sorts by, its hash52, its evidence line's offset in the part's high-records file. */
export const ROW_F64 = 3;
/** Uint32 numbers per row: occurrence within the part, evidence line length, then rule, user, time, object, terminal and key numbers. */
export const ROW_U32 = 8;
/** The key number of a row that is a high record without the engine's time (its findings are made by the coordinator). */
export const RAW_ROW = 0xffffffff;

const ROWS_PER_WRITE = 16_384;

/**
 * Texts numbered in the order first met. While each new text comes after every one before (the
 * times of a time-ordered export), a text is new exactly when it is greater than the last one met:
 * no map until the first that is not (a map lookup per record was a second of a part at 100 MB).
 */
class Numbered {
  readonly values: string[] = [];
  private ids: Map<string, number> | undefined;
  private last: string | undefined;
  private lastId = 0;
  /** `distinct` false: a text that is not the last one met gets a number of its own (the times: nearly every high record has its own). */
  constructor(private readonly distinct = true) {}
  no(v: string): number {
    if (v === this.last) return this.lastId;
    let i: number | undefined;
    const values = this.values;
    if (!this.distinct) {
      i = values.length;
      values.push(v);
    } else if (this.ids === undefined) {
      if (values.length === 0 || v > values[values.length - 1]!) {
        i = values.length;
        values.push(v);
      } else {
        this.ids = new Map(values.map((x, k) => [x, k]));
      }
    }
    if (i === undefined) {
      const ids = this.ids!;
      i = ids.get(v);
      if (i === undefined) {
        i = values.length;
        values.push(v);
        ids.set(v, i);
      }
    }
    this.last = v;
    this.lastId = i;
    return i;
  }
}

/**
 * How often each finding (its hash52) has come so far, in an open-addressed table of typed arrays:
 * a Map keyed by a number above 2^31 (a heap number per key) cost a tenth of the coordinator's pass.
 */
export class Occurrences {
  private keys: Float64Array;
  private counts: Uint32Array;
  private shift = 16;
  private size = 0;
  /** `expected`: about how many distinct findings will come (the table is made that large at once, not grown to it). */
  constructor(expected = 0) {
    while (1 << this.shift < expected * 2 + 2 && this.shift < 28) this.shift++;
    this.keys = new Float64Array(1 << this.shift);
    this.counts = new Uint32Array(1 << this.shift);
  }
  /** The slot to look in first: both halves of the number mixed (multiplicative hashing), the top bits. */
  private slotOf(hash: number): number {
    const lo = hash % 4294967296 >>> 0;
    const hi = (hash / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> (32 - this.shift);
  }
  /** One more of `hash`: how many there have been, this one included. */
  next(hash: number): number {
    if (this.size * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let i = this.slotOf(hash);
    for (;;) {
      const c = this.counts[i]!;
      if (c === 0) {
        this.keys[i] = hash;
        this.counts[i] = 1;
        this.size++;
        return 1;
      }
      if (this.keys[i] === hash) return (this.counts[i] = c + 1);
      i = (i + 1) & mask;
    }
  }
  private grow(): void {
    const { keys, counts } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.counts = new Uint32Array(keys.length * 2);
    this.shift++;
    const mask = this.keys.length - 1;
    for (let k = 0; k < keys.length; k++) {
      if (counts[k] === 0) continue;
      let i = this.slotOf(keys[k]!);
      while (this.counts[i] !== 0) i = (i + 1) & mask;
      this.keys[i] = keys[k]!;
      this.counts[i] = counts[k]!;
    }
  }
}

/** Writes finding rows (see FindingLinesResult): `add` one finding, `close` for the result. */
export function openFindingRows(workspace: Workspace, name: string, kind: 'record' | 'pattern') {
  const lines = new LineSink(workspace.write(name));
  const f64Sink: ByteSink = workspace.write(`${name}.f64`);
  const u32Sink: ByteSink = workspace.write(`${name}.u32`);
  const rules = new Map<string, number>();
  const ruleList: FindingRule[] = [];
  const users = new Numbered();
  // Nearly every high record has a time of its own (444,666 times of 471,104 records at 96.9 MB): not looked up.
  const times = new Numbered(false);
  const objects = new Numbered();
  const terminals = new Numbered();
  const keys = new Numbered();
  let f64 = new Float64Array(ROWS_PER_WRITE * ROW_F64);
  let u32 = new Uint32Array(ROWS_PER_WRITE * ROW_U32);
  let n = 0;
  let rows = 0;
  const flushRows = (): Promise<unknown> | undefined => {
    if (n === 0) return undefined;
    const a = f64Sink.write(new Uint8Array(f64.buffer, 0, n * ROW_F64 * 8));
    const b = u32Sink.write(new Uint8Array(u32.buffer, 0, n * ROW_U32 * 4));
    f64 = new Float64Array(ROWS_PER_WRITE * ROW_F64);
    u32 = new Uint32Array(ROWS_PER_WRITE * ROW_U32);
    n = 0;
    return a || b ? Promise.all([a, b]) : undefined;
  };
  const row = (epoch: number, hash: number, occurrence: number, offset: number, length: number, rule: number, user: number, time: number, object: number, terminal: number, key: number, line: string): Promise<void> | undefined => {
    const f = n * ROW_F64;
    f64[f] = epoch;
    f64[f + 1] = hash;
    f64[f + 2] = offset;
    const u = n * ROW_U32;
    u32[u] = occurrence;
    u32[u + 1] = length;
    u32[u + 2] = rule;
    u32[u + 3] = user;
    u32[u + 4] = time;
    u32[u + 5] = object;
    u32[u + 6] = terminal;
    u32[u + 7] = key;
    n++;
    rows++;
    const a = n === ROWS_PER_WRITE ? flushRows() : undefined;
    const b = lines.line(line);
    return a || b ? Promise.all([a, b]).then(() => undefined) : undefined;
  };
  return {
    /**
     * One finding: its id as made in this part (`occurrence` counted here), the key (a record's flag, a
     * pattern's actor key), the evidence line's place (records), and the finding's JSON without its id, evidence place and case
     * (`fields`: that JSON without its braces).
     */
    finding(f: Pick<Finding, 'rule' | 'user' | 'time' | 'object' | 'terminal'>, hash: number, occurrence: number, id: string, key: string, offset: number, length: number, fields: string): Promise<void> | undefined {
      let rule = rules.get(f.rule.id);
      if (rule === undefined) {
        rules.set(f.rule.id, (rule = ruleList.length));
        ruleList.push(f.rule);
      }
      return row(epochOf(f.time), hash, occurrence, offset, length, rule, users.no(f.user), times.no(f.time), objects.no(f.object), terminals.no(f.terminal), keys.no(key), `{"findingId":${JSON.stringify(id)},${fields}`);
    },
    /** A high record without the engine's time, as its line (the coordinator makes its findings). */
    raw(json: string, offset: number, length: number): Promise<void> | undefined {
      return row(Number.MAX_SAFE_INTEGER, 0, 0, offset, length, 0, 0, 0, 0, 0, RAW_ROW, json);
    },
    async close(): Promise<FindingLinesResult> {
      await flushRows();
      await Promise.all([lines.end(), f64Sink.end(), u32Sink.end()]);
      return { name, kind, rows, rules: ruleList, users: users.values, times: times.values, objects: objects.values, terminals: terminals.values, keys: keys.values };
    },
  };
}

/** Writes a part's finding rows (`name`); `add` takes each high record with its line's bytes in the part's file. */
export function openFindingLines(workspace: Workspace, name: string, analysisId: string) {
  const rows = openFindingRows(workspace, name, 'record');
  const seen = new Occurrences();
  const json = new RecordFindingJson();
  return {
    /** `offset`, `length`: the record's line in the part's high-records file (without its line feed). */
    add(h: HighRecord, line: string, offset: number, length: number): Promise<void> | undefined {
      if (!h.time) return rows.raw(line, offset, length);
      let out: Promise<void> | undefined;
      for (const f of highRecordFindings(h)) {
        const h52 = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
        const occurrence = seen.next(h52);
        const id = findingId(analysisId, f.rule.id, f.user, f.time, f.object, occurrence);
        const written = rows.finding(f, h52, occurrence, id, f.source?.flag ?? '', offset, length, json.fieldsOf(f));
        if (written) out = out ? Promise.all([out, written]).then(() => undefined) : written;
      }
      return out;
    },
    close(): Promise<FindingLinesResult> {
      return rows.close();
    },
  };
}

const q = JSON.stringify as (s: string) => string;

/**
 * JSON.stringify of a record finding as highRecordFindings makes it (its fields, the rule's and the
 * source's, in that order) with its evidence emptied, made from each field's JSON: the rule's and the source's once per distinct one, a text
 * repeated from the finding before (user, object, terminal, summary) not quoted again.
 */
export class RecordFindingJson {
  private readonly rules = new Map<string, { title: string; severity: string; json: string }>();
  private readonly sources = new Map<string, { file: string; fileType: string | undefined; json: string }>();
  private readonly last = { user: '', userJson: '""', object: '', objectJson: '""', terminal: '', terminalJson: '""' };
  private readonly summaries = new Map<string, string>();

  /** The finding's JSON without its braces. */
  fieldsOf(f: Omit<Finding, 'findingId'>): string {
    if (f.kind !== 'record' || f.evidenceAt !== undefined || f.caseId !== undefined) return JSON.stringify({ ...f, evidence: [] }).slice(1, -1);
    const r = f.rule;
    let rule = this.rules.get(r.id);
    if (rule === undefined || rule.title !== r.title || rule.severity !== r.severity) this.rules.set(r.id, (rule = { title: r.title, severity: r.severity, json: JSON.stringify(r) }));
    const src = f.source;
    const flag = src.flag ?? '';
    let source = this.sources.get(flag);
    if (source === undefined || source.file !== src.file || source.fileType !== src.fileType) this.sources.set(flag, (source = { file: src.file ?? '', fileType: src.fileType, json: JSON.stringify(src) }));
    const last = this.last;
    if (f.user !== last.user) {
      last.user = f.user;
      last.userJson = q(f.user);
    }
    if (f.object !== last.object) {
      last.object = f.object;
      last.objectJson = q(f.object);
    }
    if (f.terminal !== last.terminal) {
      last.terminal = f.terminal;
      last.terminalJson = q(f.terminal);
    }
    let summary = this.summaries.get(f.summary);
    if (summary === undefined) {
      if (this.summaries.size >= 4096) this.summaries.clear();
      this.summaries.set(f.summary, (summary = q(f.summary)));
    }
    return `"kind":"record","rule":${rule.json},"user":${last.userJson},"time":${q(f.time)},"object":${last.objectJson},"terminal":${last.terminalJson},"summary":${summary},"source":${source.json},"evidence":[]`;
  }
}

/** A part's rows as written (tests, and the coordinator's reading of them). */
export async function readFindingRows(workspace: Workspace, name: string): Promise<{ f64: Float64Array; u32: Uint32Array }> {
  const whole = async (file: string) => {
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const c of workspace.read(file)) {
      chunks.push(Uint8Array.from(c));
      bytes += c.byteLength;
    }
    // A buffer of its own, aligned for the typed views.
    const out = new Uint8Array(bytes);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out.buffer;
  };
  return { f64: new Float64Array(await whole(`${name}.f64`)), u32: new Uint32Array(await whole(`${name}.u32`)) };
}

/**
 * A workspace file's lines in buffers of whole lines (a line cut by a chunk's end goes with the next
 * chunk): the coordinator reads finding lines as bytes, decodes their short fields and copies the
 * finding's JSON out as it is (decoding it to text and encoding it again was most of its reading).
 */
export async function* lineChunksOf(workspace: Workspace, name: string): AsyncIterable<Buffer> {
  let rest: Buffer | undefined;
  for await (const chunk of workspace.read(name)) {
    let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (rest) {
      buf = Buffer.concat([rest, buf]);
      rest = undefined;
    }
    const last = buf.lastIndexOf(10);
    // The reader may reuse its chunk: what is kept for the next one is copied.
    if (last < 0) {
      rest = Buffer.from(buf);
      continue;
    }
    if (last + 1 < buf.length) rest = Buffer.from(buf.subarray(last + 1));
    yield buf.subarray(0, last + 1);
  }
  if (rest && rest.length > 0) yield rest;
}

/** A number written as text in bytes [a, b) (as `+text` reads it). */
export function numberAt(buf: Buffer, a: number, b: number): number {
  let v = 0;
  for (let i = a; i < b; i++) {
    const d = buf[i]! - 48;
    if (d < 0 || d > 9) return +buf.toString('latin1', a, b);
    v = v * 10 + d;
  }
  return v;
}
