/**
 * The `pattern-findings` task: the findings of a range of the patterns (one per pattern, every
 * pattern: DETECTION.md section 3) as finding rows (review/finding-lines.ts), made in the pool
 * once the report parts are done. At 4 x 100 MB the 1.65 M patterns' findings were about 30 CPU-s
 * of the report step's own thread (a SHA-256, the evidence, a JSON.stringify each); the
 * coordinator now numbers their occurrences across ranges, adds the case and buckets them
 * (write-findings.ts), and findings.ndjson is the same.
 */
import { actorKey, patternActor } from '../../cases/index.ts';
import type { AnalysisReport, SuspiciousPattern } from '../../model/index.ts';
import { dateOrders, findingId, patternEvidenceOf, patternFinding } from '../../review/index.ts';
import { findingBase, hash52, Occurrences, openFindingRows, type FindingLinesResult } from '../../review/finding-lines.ts';
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
 * From this many patterns the pool makes their findings (pattern-findings tasks); below it the
 * coordinator does (a task costs more). It was off from 17:21 to 19:25 UTC on 2026-11-28: at
 * 4 x 100 MB this path ran the pipeline's step worker out of JS heap. The cause was not the path
 * itself but the findings index keeping each finding's id as a slice of the finding lines it was read
 * from, which held every line read in the heap (the pattern lines carry their evidence); the
 * index keeps its own copies now (findings-index.ts `copied`), and the coordinator reads the lines
 * as bytes (write-findings.ts). With a step worker of 256 MB of heap, the pipeline bench at 40 MB
 * ran out of heap on this path before and completes after.
 */
export const PATTERN_TASKS_FROM = 20_000;

export async function patternFindingsTask(ctx: EngineContext, input: PatternFindingsInput): Promise<FindingLinesResult> {
  const table = await storedPatternTable(ctx);
  return writePatternFindingLines(ctx.workspace, input, table.asArray());
}

/** Writes the finding rows of patterns [from, to) (review/finding-lines.ts: the key is the case's actor key; no evidence place). */
export async function writePatternFindingLines(workspace: Workspace, input: PatternFindingsInput, patterns: readonly SuspiciousPattern[]): Promise<FindingLinesResult> {
  const rows = openFindingRows(workspace, input.output, 'pattern');
  const report = { flagSamples: input.flagSamples } as AnalysisReport;
  const evidence = patternEvidenceOf(report, dateOrders(report, undefined));
  const seen = new Occurrences();
  for (let i = input.from; i < input.to; i++) {
    const p = patterns[i]!;
    const f = patternFinding(p);
    evidence(f);
    const { kind, actor } = patternActor(p);
    const h52 = hash52(findingBase(f.rule.id, f.user, f.time, f.object));
    const occurrence = seen.next(h52);
    const id = findingId(input.analysisId, f.rule.id, f.user, f.time, f.object, occurrence);
    const written = rows.finding(f, h52, occurrence, id, actorKey(kind, actor), 0, 0, JSON.stringify(f).slice(1, -1));
    if (written) await written;
  }
  return rows.close();
}
