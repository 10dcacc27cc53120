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
import type { ByteSink, FindingsListener, Workspace } from '../contract.ts';
import { linesOf } from '../../workspace/index.ts';
import { epochOf, findingBase, findingLineAt, hash52, lineChunksOf, numberAt, patternLineAt, type FindingLinesResult } from '../../review/finding-lines.ts';

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

/**
 * A sink that gathers text and bytes and writes them 1 MB at a time. `text` and `copy` return a
 * promise only when they wrote a chunk (most calls return nothing: no await per line). The bytes
 * counted are the UTF-8 of the text, as Buffer.byteLength counts them.
 * One chunk is written while the next is filled: a full chunk's promise is the write before it
 * (the first write is waited for itself: a sink may open its file on it).
 */
function chunkSink(sink: ByteSink) {
  let chunk = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  let bytes = 0;
  let writes = 0;
  /** The last write, not waited for yet. */
  let writing: Promise<void> | undefined;
  const flush = (): Promise<void> | undefined => {
    if (at === 0) return undefined;
    const full = chunk.subarray(0, at);
    chunk = Buffer.allocUnsafe(CHUNK);
    at = 0;
    const written = sink.write(full) || undefined;
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

/** A workspace file as one buffer. */
async function bytesOf(workspace: Workspace, name: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const c of workspace.read(name)) chunks.push(c);
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
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
  const seen = new Map<number, number>();
  let seq = 0;
  const put = async (f: Omit<Finding, 'findingId'>, key: string) => {
    const h = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
    const occurrence = (seen.get(h) ?? 0) + 1;
    seen.set(h, occurrence);
    const rank = rankOf.get(key) ?? fallback;
    const finding: Finding = { findingId: findingId(analysisId, f.rule.id, f.user, f.time, f.object, occurrence), ...f, caseId: cases[rank]?.id ?? '' };
    listener?.finding(finding);
    await lineOf(rank).text(`${rank}\t${epochOf(f.time)}\t${seq++}\t${JSON.stringify(finding)}\n`);
  };

  const orders = dateOrders(report, undefined);
  if (outputs.patternsMade) {
    const rules = new Map(outputs.patternsMade.flatMap((m) => m.rules.map((r) => [r.id, r] as const)));
    for (const made of outputs.patternsMade) {
      // Read as bytes: the fields are decoded, the finding's JSON (most of a line) is copied as it is.
      for await (const buf of lineChunksOf(workspace, made.name)) {
        for (let at = 0; at < buf.length; ) {
          if (buf[at] === 10) {
            at++;
            continue;
          }
          const l = patternLineAt(buf, at);
          at = l.next;
          const occurrence = (seen.get(l.hash) ?? 0) + 1;
          seen.set(l.hash, occurrence);
          // The task counted occurrences within its range; an earlier range had the finding too when they differ.
          const id = occurrence === l.occurrence ? l.id : findingId(analysisId, l.rule, l.user, l.time, l.object, occurrence);
          const rank = rankOf.get(l.actor) ?? fallback;
          listener?.finding({ findingId: id, kind: 'pattern', rule: rules.get(l.rule)!, user: l.user, time: l.time, object: l.object, terminal: l.terminal, caseId: cases[rank]?.id ?? '', source: {} });
          const sink = lineOf(rank);
          const a = sink.text(`${rank}\t${l.epoch}\t${seq++}\t{"findingId":${JSON.stringify(id)},`);
          if (a) await a;
          const b = sink.copy(buf, l.body, l.end);
          if (b) await b;
          const c = sink.text(`,"caseId":${caseJsonOf(rank)}}\n`);
          if (c) await c;
        }
      }
      await workspace.remove?.(made.name);
    }
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
  const noEvidence: Record<string, string>[] = [];
  const made = outputs.highStarts ? outputs.madeInParts : undefined;
  if (made) {
    const none = rankOf.get(actorKey('none', '')) ?? fallback;
    const userRank = new Map<string, number>();
    const rules = new Map(made.flatMap((m) => m.rules.map((r) => [r.id, r] as const)));
    for (const [p, part] of made.entries()) {
      const start = outputs.highStarts![p]!;
      for await (const buf of lineChunksOf(workspace, part.name)) {
        for (let at = 0; at < buf.length; ) {
          if (buf[at] === 10) {
            at++;
            continue;
          }
          const l = findingLineAt(buf, at);
          at = l.next;
          if (!l.made) {
            // A record without the engine's time: made here as before, from its cells and the file's date order.
            const h = JSON.parse(buf.toString('utf8', l.body, l.end)) as HighRecord;
            for (const f of highRecordFindings(h, orders.get(h.record.SOURCE_FILE ?? ''))) {
              f.evidence = noEvidence;
              f.evidenceAt = [start + l.offset, l.length];
              await put(f, f.user === '' ? actorKey('none', '') : actorKey('user', f.user));
            }
            continue;
          }
          const occurrence = (seen.get(l.hash) ?? 0) + 1;
          seen.set(l.hash, occurrence);
          // The part counted the finding's occurrences in itself; an earlier part had it too when they differ.
          const id = occurrence === l.occurrence ? l.id : findingId(analysisId, l.rule, l.user, l.time, l.object, occurrence);
          let rank = l.user === '' ? none : userRank.get(l.user);
          if (rank === undefined) userRank.set(l.user, (rank = rankOf.get(actorKey('user', l.user)) ?? fallback));
          listener?.finding({ findingId: id, kind: 'record', rule: rules.get(l.rule)!, user: l.user, time: l.time, object: l.object, terminal: l.terminal, caseId: cases[rank]?.id ?? '', source: { flag: l.flag } });
          const sink = lineOf(rank);
          const a = sink.text(`${rank}\t${l.epoch}\t${seq++}\t{"findingId":${JSON.stringify(id)},`);
          if (a) await a;
          const b = sink.copy(buf, l.body, l.end);
          if (b) await b;
          const c = sink.text(`,"evidenceAt":[${start + l.offset},${l.length}],"caseId":${caseJsonOf(rank)}}\n`);
          if (c) await c;
        }
      }
      await workspace.remove?.(part.name);
    }
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
  seen.clear();
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
  for (const b of buckets) {
    if (b.sink.bytes > sortBytes && b.ranks.size === 1) {
      // In the order written, as bytes (every line was written with its line feed).
      for await (const buf of lineChunksOf(workspace, b.name)) {
        for (let at = 0; at < buf.length; ) {
          const t1 = buf.indexOf(9, at);
          const t2 = buf.indexOf(9, t1 + 1);
          const t3 = buf.indexOf(9, t2 + 1);
          const nl = buf.indexOf(10, t3 + 1);
          if (t1 < 0 || t2 < 0 || t3 < 0 || nl < 0) throw new Error(`findings bucket ${b.name}: a line is cut short`);
          const began = begin(numberAt(buf, at, t1), numberAt(buf, t2 + 1, t3));
          if (began) await began;
          const copied = out.copy(buf, t3 + 1, nl + 1);
          if (copied) await copied;
          at = nl + 1;
        }
      }
    } else {
      // The bucket's lines as bytes: their keys read, sorted, and each line's JSON copied out as it is.
      const buf = await bytesOf(workspace, b.name);
      const lines = b.lines;
      const rank = new Uint32Array(lines);
      const epoch = new Float64Array(lines);
      const seqOf = new Float64Array(lines);
      const json = new Float64Array(lines);
      const end = new Float64Array(lines);
      let n = 0;
      for (let at = 0; at < buf.length && n < lines; ) {
        const t1 = buf.indexOf(9, at);
        const t2 = buf.indexOf(9, t1 + 1);
        const t3 = buf.indexOf(9, t2 + 1);
        let nl = buf.indexOf(10, t3 + 1);
        if (nl < 0) nl = buf.length;
        rank[n] = numberAt(buf, at, t1);
        epoch[n] = numberAt(buf, t1 + 1, t2);
        seqOf[n] = numberAt(buf, t2 + 1, t3);
        json[n] = t3 + 1;
        end[n] = nl + 1;
        n++;
        at = nl + 1;
      }
      if (n !== lines) throw new Error(`findings bucket ${b.name}: ${n} lines read, ${lines} written`);
      const order = Uint32Array.from({ length: n }, (_, i) => i).sort((x, y) => rank[x]! - rank[y]! || epoch[x]! - epoch[y]! || seqOf[x]! - seqOf[y]!);
      for (const i of order) {
        const began = begin(rank[i]!, seqOf[i]!);
        if (began) await began;
        // The line feed too (the bucket's last line has it: every line was written with one).
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
