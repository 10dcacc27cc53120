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
import { epochOf, findingBase, hash52, readFindingLine, readPatternLine, type FindingLinesResult } from '../../review/finding-lines.ts';

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


/** A sink that gathers text and writes it 1 MB at a time. */
function textSink(sink: ByteSink) {
  let text = '';
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    async add(line: string) {
      text += line;
      bytes += Buffer.byteLength(line);
      if (text.length >= 1 << 20) {
        await sink.write(Buffer.from(text));
        text = '';
      }
    },
    async end() {
      if (text) await sink.write(Buffer.from(text));
      text = '';
      await sink.end();
    },
  };
}

/** Float64 offsets written 64K at a time. */
function offsetsSink(sink: ByteSink | undefined) {
  let buf = new Float64Array(65_536);
  let n = 0;
  return {
    async add(offset: number) {
      if (!sink) return;
      buf[n++] = offset;
      if (n === buf.length) {
        await sink.write(new Uint8Array(buf.buffer, 0, n * 8));
        buf = new Float64Array(65_536);
        n = 0;
      }
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
  const buckets: { name: string; sink: ReturnType<typeof textSink>; ranks: Set<number> }[] = [];
  const bucketSink = (b: number) => {
    while (buckets.length <= b) {
      const name = `findings/bucket-${buckets.length}.txt`;
      buckets.push({ name, sink: textSink(workspace.write(name)), ranks: new Set() });
    }
    return buckets[b]!;
  };
  const seen = new Map<number, number>();
  let seq = 0;
  const put = async (f: Omit<Finding, 'findingId'>, key: string) => {
    const h = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
    const occurrence = (seen.get(h) ?? 0) + 1;
    seen.set(h, occurrence);
    const rank = rankOf.get(key) ?? fallback;
    const finding: Finding = { findingId: findingId(analysisId, f.rule.id, f.user, f.time, f.object, occurrence), ...f, caseId: cases[rank]?.id ?? '' };
    listener?.finding(finding);
    const b = bucketSink(bucketOfRank[Math.min(rank, cases.length)]!);
    b.ranks.add(rank);
    await b.sink.add(`${rank}\t${epochOf(f.time)}\t${seq++}\t${JSON.stringify(finding)}\n`);
  };

  const orders = dateOrders(report, undefined);
  if (outputs.patternsMade) {
    const rules = new Map(outputs.patternsMade.flatMap((m) => m.rules.map((r) => [r.id, r] as const)));
    for (const made of outputs.patternsMade) {
      for await (const line of linesOf(workspace, made.name)) {
        const l = readPatternLine(line);
        const occurrence = (seen.get(l.hash) ?? 0) + 1;
        seen.set(l.hash, occurrence);
        // The task counted occurrences within its range; an earlier range had the finding too when they differ.
        const id = occurrence === l.occurrence ? l.id : findingId(analysisId, l.rule, l.user, l.time, l.object, occurrence);
        const rank = rankOf.get(l.actor) ?? fallback;
        const caseId = cases[rank]?.id ?? '';
        listener?.finding({ findingId: id, kind: 'pattern', rule: rules.get(l.rule)!, user: l.user, time: l.time, object: l.object, terminal: l.terminal, caseId, source: {} });
        const b = bucketSink(bucketOfRank[Math.min(rank, cases.length)]!);
        b.ranks.add(rank);
        await b.sink.add(`${rank}\t${l.epoch}\t${seq++}\t{"findingId":${JSON.stringify(id)},${l.body},"caseId":${JSON.stringify(caseId)}}\n`);
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
    const rules = new Map(made.flatMap((m) => m.rules.map((r) => [r.id, r] as const)));
    for (const [p, part] of made.entries()) {
      const start = outputs.highStarts![p]!;
      for await (const line of linesOf(workspace, part.name)) {
        const l = readFindingLine(line);
        if (!l.made) {
          // A record without the engine's time: made here as before, from its cells and the file's date order.
          const h = JSON.parse(l.json) as HighRecord;
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
        const rank = l.user === '' ? none : (rankOf.get(actorKey('user', l.user)) ?? fallback);
        const caseId = cases[rank]?.id ?? '';
        listener?.finding({ findingId: id, kind: 'record', rule: rules.get(l.rule)!, user: l.user, time: l.time, object: l.object, terminal: l.terminal, caseId, source: { flag: l.flag } });
        const b = bucketSink(bucketOfRank[Math.min(rank, cases.length)]!);
        b.ranks.add(rank);
        await b.sink.add(`${rank}\t${l.epoch}\t${seq++}\t{"findingId":${JSON.stringify(id)},${l.body},"evidenceAt":[${start + l.offset},${l.length}],"caseId":${JSON.stringify(caseId)}}\n`);
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

  const out = textSink(outputs.findings);
  const offsets = offsetsSink(outputs.offsets);
  const firstLine = new Map<number, number>();
  const countOf = new Map<number, number>();
  let lineNo = 0;
  const emit = async (rank: number, seq: number, json: string) => {
    if (!firstLine.has(rank)) firstLine.set(rank, lineNo);
    countOf.set(rank, (countOf.get(rank) ?? 0) + 1);
    listener?.line(seq, out.bytes);
    await offsets.add(out.bytes);
    await out.add(`${json}\n`);
    lineNo++;
  };
  for (const b of buckets) {
    if (b.sink.bytes > BUCKET_SORT_BYTES && b.ranks.size === 1) {
      for await (const line of linesOf(workspace, b.name)) {
        const t1 = line.indexOf('\t');
        const t2 = line.indexOf('\t', t1 + 1);
        const t3 = line.indexOf('\t', t2 + 1);
        await emit(+line.slice(0, t1), +line.slice(t2 + 1, t3), line.slice(t3 + 1));
      }
    } else {
      const rows: { rank: number; epoch: number; seq: number; json: string }[] = [];
      for await (const line of linesOf(workspace, b.name)) {
        const t1 = line.indexOf('\t');
        const t2 = line.indexOf('\t', t1 + 1);
        const t3 = line.indexOf('\t', t2 + 1);
        rows.push({ rank: +line.slice(0, t1), epoch: +line.slice(t1 + 1, t2), seq: +line.slice(t2 + 1, t3), json: line.slice(t3 + 1) });
      }
      rows.sort((x, y) => x.rank - y.rank || x.epoch - y.epoch || x.seq - y.seq);
      for (const r of rows) await emit(r.rank, r.seq, r.json);
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
