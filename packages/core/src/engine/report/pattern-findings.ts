/**
 * The `pattern-findings` task: the findings of a range of the patterns (one per pattern, every
 * pattern: DETECTION.md section 3) as finding lines (review/finding-lines.ts), made in the pool
 * once the report parts are done. At 4 x 100 MB the 1.65 M patterns' findings were about 30 CPU-s
 * of the report step's own thread (a SHA-256, the evidence, a JSON.stringify each); the
 * coordinator now numbers their occurrences across ranges, adds the case and buckets them
 * (write-findings.ts), and findings.ndjson is the same.
 */
import { actorKey, patternActor } from '../../cases/index.ts';
import type { AnalysisReport, SuspiciousPattern } from '../../model/index.ts';
import { dateOrders, findingId, patternEvidenceOf, patternFinding } from '../../review/index.ts';
import { epochOf, escaped, findingBase, hash52, type FindingLinesResult } from '../../review/finding-lines.ts';
import type { FindingRule } from '../../review/types.ts';
import type { EngineContext, Workspace } from '../contract.ts';
import { storedPatternTable } from './final-records.ts';

export interface PatternFindingsInput {
  analysisId: string;
  /** Workspace name of the lines. */
  output: string;
  /** Patterns [from, to) of the stored pattern table. */
  from: number;
  to: number;
  /** The report's flag samples: a pattern's evidence is the stored records of its user near its time. */
  flagSamples: AnalysisReport['flagSamples'];
}

/**
 * From this many patterns the pool would make their findings (pattern-findings tasks). Off for now:
 * at 4 x 100 MB (1.65 M patterns, 7.2 M findings) the pipeline's Report step ran its step worker
 * out of JS heap on this path (bench:pages, 2026-11-28 17:10 UTC), where the coordinator's own
 * derivation had completed the same analysis in 315 s earlier that day. The tests of the path
 * call it directly.
 */
export const PATTERN_TASKS_FROM = Number.POSITIVE_INFINITY;

export async function patternFindingsTask(ctx: EngineContext, input: PatternFindingsInput): Promise<FindingLinesResult> {
  const table = await storedPatternTable(ctx);
  return writePatternFindingLines(ctx.workspace, input, table.asArray());
}

/** Writes the finding lines of patterns [from, to): `P`, epoch, hash, occurrence in the range, id, actor key, the index's fields, the JSON without id and case. */
export async function writePatternFindingLines(workspace: Workspace, input: PatternFindingsInput, patterns: readonly SuspiciousPattern[]): Promise<FindingLinesResult> {
  const sink = workspace.write(input.output);
  const report = { flagSamples: input.flagSamples } as AnalysisReport;
  const evidence = patternEvidenceOf(report, dateOrders(report, undefined));
  const seen = new Map<number, number>();
  const rules = new Map<string, FindingRule>();
  let text = '';
  for (let i = input.from; i < input.to; i++) {
    const p = patterns[i]!;
    const f = patternFinding(p);
    evidence(f);
    const { kind, actor } = patternActor(p);
    const h52 = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
    const occurrence = (seen.get(h52) ?? 0) + 1;
    seen.set(h52, occurrence);
    if (!rules.has(f.rule.id)) rules.set(f.rule.id, f.rule);
    const id = findingId(input.analysisId, f.rule.id, f.user, f.time, f.object, occurrence);
    text += `P\t${epochOf(f.time)}\t${h52}\t${occurrence}\t${id}\t${escaped(actorKey(kind, actor))}\t${escaped(f.rule.id)}\t${escaped(f.user)}\t${escaped(f.time)}\t${escaped(f.object)}\t${escaped(f.terminal)}\t${JSON.stringify(f).slice(1, -1)}\n`;
    if (text.length >= 1 << 20) {
      await sink.write(Buffer.from(text));
      text = '';
    }
  }
  if (text) await sink.write(Buffer.from(text));
  await sink.end();
  return { name: input.output, rules: [...rules.values()] };
}
