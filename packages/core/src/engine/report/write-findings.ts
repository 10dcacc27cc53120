/**
 * `findings.ndjson`: every finding of the analysis (every pattern, every high or critical rule of
 * every flagged record: nothing capped), one JSON Finding per line with its `caseId`, grouped by
 * case in case order and by time within a case, and `findings.offsets` (the byte offset of each
 * line as a little-endian Float64, then the file's length), so a page of a case's members
 * (Case.findings_offset/findings_count) is one ranged read.
 *
 * Beside high-records.ndjson (`highStarts`), a record finding's evidence is named by its line
 * there (`evidenceAt`), not copied.
 *
 * The record findings are made in the report parts' tasks, in parallel, as each part writes its
 * high records (review/finding-lines.ts; `madeInParts`): here they only get their occurrence across
 * parts, their case and their evidence line's place. Without high-records.ndjson beside (or for
 * files written before) they are made here from the parts' high-record files, one record at a time.
 *
 * Bounded memory whatever the count: the findings are written into buckets of consecutive cases (about BUCKET_FINDINGS
 * findings each); each bucket is then read whole, sorted and appended. A bucket holding one case
 * bigger than BUCKET_SORT_BYTES is appended in the order it was written (results.csv order, which is
 * time order within each file of a time-ordered export) instead of sorted.
 */
import { actorKey, patternActor, type Case } from '../../cases/index.ts';
import type { AnalysisReport, SuspiciousPattern } from '../../model/index.ts';
import { attachPatternEvidence, dateOrders, findingId, highRecordFindings, patternFinding, type Finding, type HighRecord } from '../../review/index.ts';
import type { ByteSink, FindingFields, FindingsListener, Workspace } from '../contract.ts';
import { linesOf } from '../../workspace/index.ts';
import { epochOf, findingBase, hash52, lineChunksOf, Occurrences, RAW_ROW, readFindingRows, ROW_F64, ROW_U32, type FindingLinesResult } from '../../review/finding-lines.ts';

export { Occurrences };

export const BUCKET_FINDINGS = 100_000;
export const BUCKET_SORT_BYTES = 128 << 20;

export interface FindingsOutputs {
  findings: ByteSink;
  offsets?: ByteSink;
  /**
   * Where each high-record part begins in high-records.ndjson (writeHighRecords' `starts`): a record
   * finding then names its evidence there (`evidenceAt`) instead of holding a copy of the record
   * (most of a line's bytes; a record with several high rules was copied into each finding).
   */
  highStarts?: readonly number[] | undefined;
  /**
   * With `highStarts`: the findings each part made of its high records (one per part of
   * `highParts`, finding-lines.ts). The high-record files are then not read here: the finding lines
   * get their occurrence across parts, their case and their evidence line's place in
   * high-records.ndjson, and give the same findings.ndjson as making them here.
   */
  madeInParts?: readonly FindingLinesResult[] | undefined;
  /** The patterns' findings made in tasks (pattern-findings.ts), ranges in pattern order: then `patterns` is not read here. */
  patternsMade?: readonly FindingLinesResult[] | undefined;
}


const CHUNK = 1 << 20;

const EVIDENCE_AT = Buffer.from(',"evidenceAt":[');
const CASE_AFTER_EVIDENCE = Buffer.from('],"caseId":');
const CASE_ID = Buffer.from(',"caseId":');

const wholeNumber = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** Decimal digits of a whole number from 0 to 2^53 (as String(n) writes it). */
function digitsOf(n: number): number {
  let d = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    d++;
  }
  return d;
}

/** Writes the digits of a whole number from 0 to 2^53 at `at`; returns where they end. */
function putDigits(buf: Buffer, at: number, n: number): number {
  const end = at + digitsOf(n);
  for (let p = end - 1; p >= at; p--) {
    const q = Math.floor(n / 10);
    buf[p] = 48 + n - q * 10;
    n = q;
  }
  return end;
}
/** A bucket line's head (chunkSink.head): rank, seq (Uint32), epoch (Float64), the line's length (Uint32). */
const BUCKET_HEAD = 20;

/**
 * A sink that gathers text and bytes and writes them 1 MB at a time. `text` and `copy` return a
 * promise only when they wrote a chunk (most calls return nothing: no await per line). The bytes
 * counted are the UTF-8 of the text, as Buffer.byteLength counts them.
 * One chunk is written while the next is filled: a full chunk's promise is the write before it
 * (the first write is waited for itself: a sink may open its file on it).
 */
function chunkSink(sink: ByteSink) {
  let chunk: Buffer = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  let bytes = 0;
  let writes = 0;
  /** The last write, not waited for yet. */
  let writing: Promise<void> | undefined;
  /** Chunks the sink has released, filled again (a fresh megabyte per chunk made garbage collections). */
  const free: Buffer[] = [];
  const flush = (): Promise<void> | undefined => {
    if (at === 0) return undefined;
    const used = chunk;
    const full = chunk.subarray(0, at);
    chunk = free.pop() ?? Buffer.allocUnsafe(CHUNK);
    at = 0;
    const written = sink.write(full, () => void (free.length < 4 && free.push(used))) || undefined;
    if (writes++ === 0) return written;
    const before = writing;
    writing = written;
    // Waited for with the next chunk, or at the end.
    written?.catch(() => undefined);
    return before;
  };
  const whole = async (buf: Uint8Array, flushed: Promise<void> | undefined) => {
    await flushed;
    await sink.write(buf);
  };
  return {
    get bytes() {
      return bytes;
    },
    text(s: string): Promise<void> | undefined {
      // A UTF-16 unit is at most 3 bytes of UTF-8.
      if (s.length * 3 > CHUNK - at) {
        const flushed = flush();
        if (s.length * 3 > CHUNK) {
          const buf = Buffer.from(s);
          bytes += buf.byteLength;
          return whole(buf, flushed);
        }
        const n = chunk.write(s, at);
        at += n;
        bytes += n;
        return flushed;
      }
      const n = chunk.write(s, at);
      at += n;
      bytes += n;
      return undefined;
    },
    /** A bucket line's head: its case rank, epoch, number made and length in bytes (BUCKET_HEAD bytes). */
    head(rank: number, epoch: number, seq: number, length: number): Promise<void> | undefined {
      const flushed = BUCKET_HEAD > CHUNK - at ? flush() : undefined;
      chunk.writeUInt32LE(rank, at);
      chunk.writeUInt32LE(seq, at + 4);
      chunk.writeDoubleLE(epoch, at + 8);
      chunk.writeUInt32LE(length, at + 16);
      at += BUCKET_HEAD;
      bytes += BUCKET_HEAD;
      return flushed;
    },
    /** `,"evidenceAt":[<offset>,<length>],"caseId":` (the numbers' digits written as bytes, no string per line). */
    evidenceAt(offset: number, length: number): Promise<void> | undefined {
      if (!wholeNumber(offset) || !wholeNumber(length)) return this.text(`,"evidenceAt":[${offset},${length}],"caseId":`);
      const n = EVIDENCE_AT.length + digitsOf(offset) + 1 + digitsOf(length) + CASE_AFTER_EVIDENCE.length;
      const flushed = n > CHUNK - at ? flush() : undefined;
      EVIDENCE_AT.copy(chunk, at);
      let p = putDigits(chunk, at + EVIDENCE_AT.length, offset);
      chunk[p++] = 0x2c;
      p = putDigits(chunk, p, length);
      CASE_AFTER_EVIDENCE.copy(chunk, p);
      at += n;
      bytes += n;
      return flushed;
    },
    /** Bytes [start, end) of `src`. */
    copy(src: Buffer, start: number, end: number): Promise<void> | undefined {
      const n = end - start;
      bytes += n;
      if (n > CHUNK - at) {
        const flushed = flush();
        if (n > CHUNK) return whole(Buffer.from(src.subarray(start, end)), flushed);
        src.copy(chunk, at, start, end);
        at += n;
        return flushed;
      }
      src.copy(chunk, at, start, end);
      at += n;
      return undefined;
    },
    async end() {
      await flush();
      await writing;
      await sink.end();
    },
  };
}

/**
 * A workspace file as one buffer: `scratch`'s memory when it is large enough (`bytes`: the file's
 * length as written), else a buffer of its own. The buckets, read one after another into the same
 * memory, were as many new bytes as findings.ndjson (a full garbage collection per 64 MB or so).
 */
async function bytesOf(workspace: Workspace, name: string, bytes: number, scratch: { buf: Buffer }): Promise<Buffer> {
  if (scratch.buf.length < bytes) scratch.buf = Buffer.allocUnsafeSlow(bytes);
  let out = scratch.buf;
  let at = 0;
  for await (const c of workspace.read(name)) {
    if (at + c.byteLength > out.length) {
      // Longer than written: a buffer of its own, large enough.
      const grown = Buffer.allocUnsafeSlow(Math.max(out.length * 2, at + c.byteLength));
      out.copy(grown, 0, 0, at);
      out = grown;
    }
    out.set(c, at);
    at += c.byteLength;
  }
  return out.subarray(0, at);
}

/** Float64 offsets written 64K at a time. */
function offsetsSink(sink: ByteSink | undefined) {
  let buf = new Float64Array(65_536);
  let n = 0;
  return {
    /** A promise only when 64K offsets were written (no promise per line). */
    add(offset: number): Promise<void> | undefined {
      if (!sink) return undefined;
      buf[n++] = offset;
      if (n < buf.length) return undefined;
      const full = new Uint8Array(buf.buffer, 0, n * 8);
      buf = new Float64Array(65_536);
      n = 0;
      return sink.write(full) || undefined;
    },
    async end() {
      if (!sink) return;
      if (n > 0) await sink.write(new Uint8Array(buf.buffer, 0, n * 8));
      await sink.end();
    },
  };
}

/**
 * Writes findings.ndjson (and its offsets) for `cases` (ordered), setting each case's
 * findings_offset and findings_count. `highParts`: the report parts' high-record files, in
 * results.csv order.
 */
export async function writeFindings(
  workspace: Workspace,
  analysisId: string,
  report: AnalysisReport,
  patterns: readonly SuspiciousPattern[],
  cases: Case[],
  highParts: readonly string[],
  outputs: FindingsOutputs,
  bucketFindings = BUCKET_FINDINGS,
  listener?: FindingsListener,
  sortBytes = BUCKET_SORT_BYTES,
): Promise<{ findings: number }> {
  const rankOf = new Map<string, number>();
  cases.forEach((c, i) => rankOf.set(actorKey(c.actor_kind, c.actor), i));
  // A finding whose actor has no case (should not happen: the tally and the findings read the same rules) goes to the actorless case, else last.
  const fallback = rankOf.get(actorKey('none', '')) ?? cases.length;
  // Buckets of consecutive cases, about `bucketFindings` findings each (patterns plus records as the estimate).
  const bucketOfRank = new Int32Array(cases.length + 1);
  let bucket = 0;
  let inBucket = 0;
  cases.forEach((c, i) => {
    const size = c.patterns + c.records;
    if (inBucket > 0 && inBucket + size > bucketFindings) {
      bucket++;
      inBucket = 0;
    }
    bucketOfRank[i] = bucket;
    inBucket += size;
  });
  bucketOfRank[cases.length] = bucket + 1;
  const buckets: { name: string; sink: ReturnType<typeof chunkSink>; ranks: Set<number>; lines: number }[] = [];
  const bucketSink = (b: number) => {
    while (buckets.length <= b) {
      const name = `findings/bucket-${buckets.length}.txt`;
      buckets.push({ name, sink: chunkSink(workspace.write(name)), ranks: new Set(), lines: 0 });
    }
    return buckets[b]!;
  };
  /** The bucket of a case (rank), told it holds one more line. */
  const lineOf = (rank: number) => {
    const b = bucketSink(bucketOfRank[Math.min(rank, cases.length)]!);
    b.ranks.add(rank);
    b.lines++;
    return b.sink;
  };
  const caseJson: string[] = [];
  const caseJsonOf = (rank: number) => (caseJson[rank] ??= JSON.stringify(cases[rank]?.id ?? ''));
  const seen = new Occurrences([...(outputs.patternsMade ?? []), ...(outputs.highStarts ? (outputs.madeInParts ?? []) : [])].reduce((n, m) => n + m.rows, 0));
  let seq = 0;
  const put = async (f: Omit<Finding, 'findingId'>, key: string) => {
    const h = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
    const occurrence = seen.next(h);
    const rank = rankOf.get(key) ?? fallback;
    const finding: Finding = { findingId: findingId(analysisId, f.rule.id, f.user, f.time, f.object, occurrence), ...f, caseId: cases[rank]?.id ?? '' };
    listener?.finding(finding);
    const line = `${JSON.stringify(finding)}\n`;
    const sink = lineOf(rank);
    const a = sink.head(rank, epochOf(f.time), seq++, Buffer.byteLength(line));
    if (a) await a;
    await sink.text(line);
  };

  const orders = dateOrders(report, undefined);
  const numbers = listener?.numbers;
  /** Each case's caseId: its number in the listener's table (asked when its first finding comes) and its JSON with the line's end. */
  const caseNo = new Int32Array(cases.length + 1).fill(-1);
  const caseTail: Buffer[] = [];
  const tailOf = (rank: number) => (caseTail[rank] ??= Buffer.from(`${caseJsonOf(rank)}}\n`));
  const noEvidence: Record<string, string>[] = [];
  /**
   * The findings a task made (finding-lines.ts rows): each gets its occurrence across the tasks
   * before (a new id when an earlier one had the same finding), its case, and for a record its
   * evidence line's place in high-records.ndjson (`start`: where the part's lines begin there); the
   * line is its bytes as made with the rest appended. The listener hears numbers: each of the part's
   * texts is turned into the listener's number once.
   */
  const fromRows = async (made: FindingLinesResult, start: number) => {
    const { f64, u32 } = await readFindingRows(workspace, made.name);
    const record = made.kind === 'record';
    const memo = (values: readonly string[], of: (v: string) => number) => {
      const global = new Int32Array(values.length).fill(-1);
      return (k: number) => {
        let g = global[k]!;
        if (g < 0) global[k] = g = of(values[k]!);
        return g;
      };
    };
    const ruleNo = numbers ? memo(made.rules.map((r) => r.id), (id) => numbers.rule(made.rules.find((r) => r.id === id)!)) : undefined;
    const userNo = numbers ? memo(made.users, (v) => numbers.user(v)) : undefined;
    const timeBase = numbers ? numbers.times(made.times) : 0;
    const objectNo = numbers ? memo(made.objects, (v) => numbers.object(v)) : undefined;
    const terminalNo = numbers ? memo(made.terminals, (v) => numbers.terminal(v)) : undefined;
    const flagNo = numbers && record ? memo(made.keys, (v) => (v === '' ? -1 : numbers.flag(v))) : undefined;
    // A record finding's case is its user's (none without a user), a pattern's its actor's.
    const none = rankOf.get(actorKey('none', '')) ?? fallback;
    const rankOfKey = record ? made.users.map((u) => (u === '' ? none : (rankOf.get(actorKey('user', u)) ?? fallback))) : made.keys.map((k) => rankOf.get(k) ?? fallback);
    let k = 0;
    for await (const buf of lineChunksOf(workspace, made.name)) {
      for (let at = 0; at < buf.length; ) {
        let end = buf.indexOf(10, at);
        if (end < 0) end = buf.length;
        if (k >= made.rows) throw new Error(`findings of ${made.name}: more lines than rows`);
        const f = k * ROW_F64;
        const u = k * ROW_U32;
        k++;
        const offset = f64[f + 2]!;
        const length = u32[u + 1]!;
        if (u32[u + 7] === RAW_ROW) {
          // A record without the engine's time: made here as before, from its cells and the file's date order.
          const h = JSON.parse(buf.toString('utf8', at, end)) as HighRecord;
          for (const fi of highRecordFindings(h, orders.get(h.record.SOURCE_FILE ?? ''))) {
            fi.evidence = noEvidence;
            fi.evidenceAt = [start + offset, length];
            await put(fi, fi.user === '' ? actorKey('none', '') : actorKey('user', fi.user));
          }
          at = end + 1;
          continue;
        }
        const hash = f64[f + 1]!;
        const occurrence = seen.next(hash);
        // `{"findingId":"<id>",…`: the id's closing quote.
        const idStart = at + 14;
        const idEnd = buf.indexOf(0x22, idStart);
        // The task counted the finding's occurrences in its own rows; an earlier task had it too when they differ.
        const rule = u32[u + 2]!;
        const user = u32[u + 3]!;
        const time = u32[u + 4]!;
        const object = u32[u + 5]!;
        const key = u32[u + 7]!;
        let prefix: string | undefined;
        if (occurrence !== u32[u]!) prefix = `{"findingId":${JSON.stringify(findingId(analysisId, made.rules[rule]!.id, made.users[user]!, made.times[time]!, made.objects[object]!, occurrence))}`;
        const rank = rankOfKey[record ? user : key]!;
        if (numbers) {
          let c = caseNo[rank]!;
          if (c < 0) caseNo[rank] = c = numbers.caseId(cases[rank]?.id ?? '');
          const idBytes = prefix === undefined ? buf : Buffer.from(prefix);
          numbers.add(idBytes, prefix === undefined ? idStart : 14, prefix === undefined ? idEnd : prefix.length - 1, record, ruleNo!(rule), userNo!(user), objectNo!(object), terminalNo!(u32[u + 6]!), timeBase + time, c, record ? flagNo!(key) : -1);
        } else if (listener) {
          const fields: FindingFields = { findingId: prefix === undefined ? buf.toString('latin1', idStart, idEnd) : (JSON.parse(`${prefix.slice(13)}`) as string), kind: made.kind, rule: made.rules[rule]!, user: made.users[user]!, time: made.times[time]!, object: made.objects[object]!, terminal: made.terminals[u32[u + 6]!]!, caseId: cases[rank]?.id ?? '', source: record ? { flag: made.keys[key]! } : {} };
          listener.finding(fields);
        }
        // The line: as made (or with the new id), then the evidence place (records) and the case.
        const tail = tailOf(rank);
        const from = prefix === undefined ? at : idEnd + 1;
        const evidenceBytes = !record ? CASE_ID.length : wholeNumber(start + offset) && wholeNumber(length) ? EVIDENCE_AT.length + digitsOf(start + offset) + 1 + digitsOf(length) + CASE_AFTER_EVIDENCE.length : Buffer.byteLength(`,"evidenceAt":[${start + offset},${length}],"caseId":`);
        const bytes = (prefix === undefined ? 0 : prefix.length) + (end - from) + evidenceBytes + tail.length;
        const sink = lineOf(rank);
        const a = sink.head(rank, f64[f]!, seq++, bytes);
        if (a) await a;
        if (prefix !== undefined) {
          const p = sink.text(prefix);
          if (p) await p;
        }
        const b = sink.copy(buf, from, end);
        if (b) await b;
        const c = record ? sink.evidenceAt(start + offset, length) : sink.copy(CASE_ID, 0, CASE_ID.length);
        if (c) await c;
        const d = sink.copy(tail, 0, tail.length);
        if (d) await d;
        at = end + 1;
      }
    }
    if (k !== made.rows) throw new Error(`findings of ${made.name}: ${k} lines for ${made.rows} rows`);
    await workspace.remove?.(made.name);
    await workspace.remove?.(`${made.name}.f64`);
    await workspace.remove?.(`${made.name}.u32`);
  };
  if (outputs.patternsMade) {
    for (const made of outputs.patternsMade) await fromRows(made, 0);
  } else {
    const patternFindings = patterns.map((p) => ({ ...patternFinding(p), findingId: '' }));
    attachPatternEvidence(patternFindings, report, orders);
    for (let i = 0; i < patterns.length; i++) {
      const { kind, actor } = patternActor(patterns[i]!);
      const { findingId: _none, ...f } = patternFindings[i]!;
      await put(f, actorKey(kind, actor));
    }
    patternFindings.length = 0;
  }
  const made = outputs.highStarts ? outputs.madeInParts : undefined;
  if (made) {
    for (const [p, part] of made.entries()) await fromRows(part, outputs.highStarts![p]!);
  }
  for (const [p, part] of made ? [] : highParts.entries()) {
    // The part's lines are copied into high-records.ndjson as they are, one line feed each (writeHighRecords).
    let at = outputs.highStarts?.[p];
    for await (const line of linesOf(workspace, part)) {
      const h = JSON.parse(line) as HighRecord;
      const file = h.record.SOURCE_FILE ?? '';
      const length = at === undefined ? 0 : Buffer.byteLength(line);
      for (const f of highRecordFindings(h, orders.get(file))) {
        if (at !== undefined) {
          f.evidence = noEvidence;
          f.evidenceAt = [at, length];
        }
        await put(f, f.user === '' ? actorKey('none', '') : actorKey('user', f.user));
      }
      if (at !== undefined) at += length + 1;
    }
  }
  for (const b of buckets) await b.sink.end();

  const out = chunkSink(outputs.findings);
  const offsets = offsetsSink(outputs.offsets);
  const firstLine = new Map<number, number>();
  const countOf = new Map<number, number>();
  let lineNo = 0;
  const begin = (rank: number, seq: number) => {
    if (!firstLine.has(rank)) firstLine.set(rank, lineNo);
    countOf.set(rank, (countOf.get(rank) ?? 0) + 1);
    listener?.line(seq, out.bytes);
    lineNo++;
    return offsets.add(out.bytes);
  };
  const scratch = { buf: Buffer.alloc(0) };
  for (const b of buckets) {
    if (b.sink.bytes > sortBytes && b.ranks.size === 1) {
      // In the order written, as bytes (BUCKET_HEAD bytes of head before each line; a line may span chunks).
      let rest: Buffer | undefined;
      for await (const chunk of workspace.read(b.name)) {
        let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        if (rest) {
          buf = Buffer.concat([rest, buf]);
          rest = undefined;
        }
        let at = 0;
        while (at + BUCKET_HEAD <= buf.length) {
          const length = buf.readUInt32LE(at + 16);
          if (at + BUCKET_HEAD + length > buf.length) break;
          const began = begin(buf.readUInt32LE(at), buf.readUInt32LE(at + 4));
          if (began) await began;
          const copied = out.copy(buf, at + BUCKET_HEAD, at + BUCKET_HEAD + length);
          if (copied) await copied;
          at += BUCKET_HEAD + length;
        }
        // The reader may reuse its chunk: what is kept for the next one is copied.
        if (at < buf.length) rest = Buffer.from(buf.subarray(at));
      }
      if (rest) throw new Error(`findings bucket ${b.name}: a line is cut short`);
    } else {
      // The bucket's lines as bytes: their heads read, sorted, and each line copied out as it is.
      const buf = await bytesOf(workspace, b.name, b.sink.bytes, scratch);
      const lines = b.lines;
      const rank = new Uint32Array(lines);
      const epoch = new Float64Array(lines);
      const seqOf = new Uint32Array(lines);
      const json = new Float64Array(lines);
      const end = new Float64Array(lines);
      let n = 0;
      for (let at = 0; at + BUCKET_HEAD <= buf.length && n < lines; ) {
        rank[n] = buf.readUInt32LE(at);
        seqOf[n] = buf.readUInt32LE(at + 4);
        epoch[n] = buf.readDoubleLE(at + 8);
        json[n] = at + BUCKET_HEAD;
        end[n] = at + BUCKET_HEAD + buf.readUInt32LE(at + 16);
        at = end[n]!;
        n++;
      }
      if (n !== lines || end[n - 1]! > buf.length) throw new Error(`findings bucket ${b.name}: ${n} lines read, ${lines} written`);
      // Plain loop: a mapping callback per line (typed-array `from`) cost more than filling it.
      const order = new Uint32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((x, y) => rank[x]! - rank[y]! || epoch[x]! - epoch[y]! || seqOf[x]! - seqOf[y]!);
      for (const i of order) {
        const began = begin(rank[i]!, seqOf[i]!);
        if (began) await began;
        // The line feed too (every line was written with one).
        const copied = out.copy(buf, json[i]!, end[i]!);
        if (copied) await copied;
      }
    }
    await workspace.remove?.(b.name);
  }
  await offsets.add(out.bytes);
  await offsets.end();
  await out.end();
  cases.forEach((c, i) => {
    c.findings_offset = firstLine.get(i) ?? lineNo;
    c.findings_count = countOf.get(i) ?? 0;
  });
  return { findings: lineNo };
}
