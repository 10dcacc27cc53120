/**
 * The findings of one report part's high records, made in the part's task (issue 24): the report
 * step's coordinator used to make every record finding itself, on one thread, after the parts were
 * done (JSON.parse of each high record, its findings, a SHA-256 and a JSON.stringify each). A part
 * now writes, beside its high-records file, one line per finding with everything that needs no
 * other part: the id as if no earlier part had the same finding (`occurrence` counted in the part),
 * the epoch it sorts by, the fields the findings index keeps, and the finding's JSON without its
 * id, evidence line and case. The coordinator (write-findings.ts) numbers the occurrences across
 * parts, adds the case and where the evidence line lands in high-records.ndjson, and writes the
 * same findings.ndjson line for line as when it made them itself.
 *
 * A record without a time the engine read (`time` empty) is left to the coordinator as it is (`R`
 * line): its time comes from its cells and the file's date order, which the coordinator decides.
 */
import type { ByteSink, Workspace } from '../engine/contract.ts';
import { highRecordFindings } from './derive-findings.ts';
import { findingId } from './finding-id.ts';
import type { HighRecord } from './high-records.ts';
import type { FindingRule } from './types.ts';

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
function dayOf(time: string): number | undefined {
  if (time.charCodeAt(4) !== 45 || time.charCodeAt(7) !== 45 || time.charCodeAt(10) !== 32 || time.charCodeAt(13) !== 58 || time.charCodeAt(16) !== 58) return undefined;
  const h = two(time, 11);
  const m = two(time, 14);
  const s = two(time, 17);
  if (h >= 24 || m >= 60 || s >= 60) return undefined;
  if (two(time, 0) >= 100 || two(time, 2) >= 100 || two(time, 5) >= 100 || two(time, 8) >= 100) return undefined;
  const key = time.slice(0, 10);
  let day = daySeconds.get(key);
  if (day === undefined) {
    const ms = Date.parse(`${key}T00:00:00Z`);
    day = Number.isNaN(ms) ? Number.NaN : ms / 1000;
    if (daySeconds.size >= 100_000) daySeconds.clear();
    daySeconds.set(key, day);
  }
  return Number.isNaN(day) ? undefined : day + h * 3600 + m * 60 + s;
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

export interface FindingLinesResult {
  name: string;
  /** Every rule the part's findings name (the index keeps title and severity once per rule). */
  rules: FindingRule[];
}

/** Writes a part's finding lines (`name`); `add` takes each high record with its line's bytes in the part's file. */
export function openFindingLines(workspace: Workspace, name: string, analysisId: string) {
  const sink: ByteSink = workspace.write(name);
  const seen = new Map<number, number>();
  const rules = new Map<string, FindingRule>();
  let text = '';
  return {
    /** `offset`, `length`: the record's line in the part's high-records file (without its line feed). */
    add(h: HighRecord, json: string, offset: number, length: number): Promise<void> | undefined {
      if (!h.time) text += `R\t${offset}\t${length}\t${json}\n`;
      else {
        for (const f of highRecordFindings(h)) {
          const h52 = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
          const occurrence = (seen.get(h52) ?? 0) + 1;
          seen.set(h52, occurrence);
          if (!rules.has(f.rule.id)) rules.set(f.rule.id, f.rule);
          const id = findingId(analysisId, f.rule.id, f.user, f.time, f.object, occurrence);
          f.evidence = [];
          const body = JSON.stringify(f);
          text += `F\t${epochOf(f.time)}\t${h52}\t${occurrence}\t${offset}\t${length}\t${id}\t${escaped(f.rule.id)}\t${escaped(f.user)}\t${escaped(f.time)}\t${escaped(f.object)}\t${escaped(f.terminal)}\t${escaped(f.source?.flag ?? '')}\t${body.slice(1, -1)}\n`;
        }
      }
      if (text.length < 1 << 20) return;
      const out = sink.write(Buffer.from(text));
      text = '';
      return out || undefined;
    },
    async close(): Promise<FindingLinesResult> {
      if (text) await sink.write(Buffer.from(text));
      text = '';
      seen.clear();
      await sink.end();
      return { name, rules: [...rules.values()] };
    },
  };
}

/** A finding line as the coordinator reads it. */
export type FindingLine =
  | { made: false; offset: number; length: number; json: string }
  | { made: true; epoch: number; hash: number; occurrence: number; offset: number; length: number; id: string; rule: string; user: string; time: string; object: string; terminal: string; flag: string; body: string };

/** A field between tabs: its tabs, line feeds and backslashes escaped (a cell may hold any of them). */
export function escaped(s: string): string {
  return /[\t\n\\]/.test(s) ? s.replace(/[\t\n\\]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\\\')) : s;
}

function unescaped(s: string): string {
  return s.includes('\\') ? s.replace(/\\(.)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c)) : s;
}

/** A pattern's finding line (engine/report/pattern-findings.ts): its case's actor key instead of an evidence place. */
export interface PatternLine {
  epoch: number;
  hash: number;
  occurrence: number;
  id: string;
  actor: string;
  rule: string;
  user: string;
  time: string;
  object: string;
  terminal: string;
  body: string;
}

export function readPatternLine(line: string): PatternLine {
  const cut: number[] = [];
  let at = 1;
  if (!line.startsWith('P\t')) throw new Error('not a pattern finding line');
  for (let k = 0; k < 10; k++) {
    cut.push(at);
    at = line.indexOf('\t', at + 1);
    if (at < 0) throw new Error('a finding line is cut short');
  }
  cut.push(at);
  const field = (k: number) => line.slice(cut[k]! + 1, cut[k + 1]);
  return {
    epoch: +field(0),
    hash: +field(1),
    occurrence: +field(2),
    id: field(3),
    actor: unescaped(field(4)),
    rule: unescaped(field(5)),
    user: unescaped(field(6)),
    time: unescaped(field(7)),
    object: unescaped(field(8)),
    terminal: unescaped(field(9)),
    body: line.slice(at + 1),
  };
}

export function readFindingLine(line: string): FindingLine {
  const cut: number[] = [];
  let at = 1;
  const tabs = line.startsWith('R\t') ? 2 : 12;
  for (let k = 0; k < tabs; k++) {
    cut.push(at);
    at = line.indexOf('\t', at + 1);
    if (at < 0) throw new Error('a finding line is cut short');
  }
  cut.push(at);
  const field = (k: number) => line.slice(cut[k]! + 1, cut[k + 1]);
  if (tabs === 2) return { made: false, offset: +field(0), length: +field(1), json: line.slice(at + 1) };
  return {
    made: true,
    epoch: +field(0),
    hash: +field(1),
    occurrence: +field(2),
    offset: +field(3),
    length: +field(4),
    id: field(5),
    rule: unescaped(field(6)),
    user: unescaped(field(7)),
    time: unescaped(field(8)),
    object: unescaped(field(9)),
    terminal: unescaped(field(10)),
    flag: unescaped(field(11)),
    body: line.slice(at + 1),
  };
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

/** The places of the first `count` tabs of the line at `at` (ending at `end`). */
function tabsAt(buf: Buffer, at: number, end: number, count: number): number[] {
  const cut: number[] = [];
  let t = at;
  for (let k = 0; k < count; k++) {
    t = buf.indexOf(9, t + 1);
    if (t < 0 || t > end) throw new Error('a finding line is cut short');
    cut.push(t);
  }
  return cut;
}

const textAt = (buf: Buffer, a: number, b: number) => unescaped(buf.toString('utf8', a, b));

/** Where a line of `buf` that starts at `at` ends (its line feed, or the buffer's end). */
const lineEnd = (buf: Buffer, at: number) => {
  const nl = buf.indexOf(10, at);
  return nl < 0 ? buf.length : nl;
};

/**
 * `readFindingLine` of the line at `at` of `buf` (a non-empty line), with the JSON (`json` of an R
 * line, `body` of an F line) as bytes [body, end) and the next line's start (`next`).
 */
export function findingLineAt(buf: Buffer, at: number) {
  const end = lineEnd(buf, at);
  const next = end + 1;
  if (buf[at] === 0x52 /* R */ && buf[at + 1] === 9) {
    const [t1, t2, t3] = tabsAt(buf, at, end, 3) as [number, number, number];
    return { made: false as const, offset: numberAt(buf, t1 + 1, t2), length: numberAt(buf, t2 + 1, t3), body: t3 + 1, end, next };
  }
  const t = tabsAt(buf, at, end, 13);
  const f = (k: number) => [t[k]! + 1, t[k + 1]!] as const;
  const num = (k: number) => numberAt(buf, ...f(k));
  return {
    made: true as const,
    epoch: num(0),
    hash: num(1),
    occurrence: num(2),
    offset: num(3),
    length: num(4),
    id: buf.toString('utf8', ...f(5)),
    rule: textAt(buf, ...f(6)),
    user: textAt(buf, ...f(7)),
    time: textAt(buf, ...f(8)),
    object: textAt(buf, ...f(9)),
    terminal: textAt(buf, ...f(10)),
    flag: textAt(buf, ...f(11)),
    body: t[12]! + 1,
    end,
    next,
  };
}

/** `readPatternLine` of the line at `at` of `buf`, with the JSON as bytes [body, end) and the next line's start. */
export function patternLineAt(buf: Buffer, at: number) {
  const end = lineEnd(buf, at);
  if (buf[at] !== 0x50 /* P */ || buf[at + 1] !== 9) throw new Error('not a pattern finding line');
  const t = tabsAt(buf, at, end, 11);
  const f = (k: number) => [t[k]! + 1, t[k + 1]!] as const;
  return {
    epoch: numberAt(buf, ...f(0)),
    hash: numberAt(buf, ...f(1)),
    occurrence: numberAt(buf, ...f(2)),
    id: buf.toString('utf8', ...f(3)),
    actor: textAt(buf, ...f(4)),
    rule: textAt(buf, ...f(5)),
    user: textAt(buf, ...f(6)),
    time: textAt(buf, ...f(7)),
    object: textAt(buf, ...f(8)),
    terminal: textAt(buf, ...f(9)),
    body: t[10]! + 1,
    end,
    next: end + 1,
  };
}
