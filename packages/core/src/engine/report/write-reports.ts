import type { FlagContext } from '../../flags/flag-context.ts';
import { CsvWriter } from '../../report/csv-writer.ts';
import { widthsOf, XLSX_MAX_ROWS, XlsxWriter } from '../../report/xlsx-writer.ts';
import { FILE_TYPES, FLAG_KEYS, type AnalysisReport, type FileType, type RiskLevel, TICKETS_ONLY_NO_DATA } from '../../model/index.ts';
import { CANONICAL_SUFFIX } from '../../formats/canonical-columns.ts';
import type { ByteSink, EngineContext, EngineReportOptions, FileStepResult, ReportOutputs } from '../contract.ts';
import { moveOf, type ChunkSource } from '../../workspace/index.ts';
import { loadReportShapes, storedPatternTable } from './final-records.ts';
import { readAnnotations, type ReportPartInput, type ReportPartResult } from './report-parts.ts';
import { csvCanonicalColumns, RULES_COLUMN, sheetLayout, unionColumns, type SheetLayout } from './report-layout.ts';
import { runTask } from '../tasks.ts';
import { ReportStats } from './report-stats.ts';
import { writeSummarySheets } from './summary-sheets.ts';
import { writeTimelineIndexFromParts, type TimelineIndexInput } from '../../review/timeline-index/index-parts.ts';
import { highRecordStarts, writeHighRecords } from '../../review/high-records.ts';
import { computeCases, escalationTriggers, mergeTallies, settingsSummary, TRIGGER_PATTERNS, type Case, type CasesFile, type CaseTallyJSON } from '../../cases/index.ts';
import { overallRisk } from '../../model/overall-risk.ts';
import { writeFindings } from './write-findings.ts';
import { PATTERN_TASKS_FROM, type PatternFindingsInput } from './pattern-findings.ts';
import type { FindingLinesResult } from '../../review/finding-lines.ts';
import { patternSharedTexts, type PatternSheetInput, type PatternSheetResult, type SharedTexts } from './pattern-sheet.ts';
import { patternExplanation } from './pattern-text.ts';

/** Risk by the share of flagged records; no records at all is 'No data', never Clean. */
export function riskLevel(flagged: number, total: number): RiskLevel {
  if (total === 0) return 'No data';
  if (flagged === 0) return 'Clean';
  const share = flagged / total;
  return share > 0.1 ? 'High' : share > 0.05 ? 'Medium' : 'Low';
}

/**
 * The risk, `No data` when no SM20 or change-document record was read (with the reason when tickets were);
 * otherwise the share's level raised to the highest case's (model/overall-risk.ts).
 */
function riskOf(flagged: number, total: number, evidence: number, cases: readonly Case[]): Pick<AnalysisReport, 'risk' | 'risk_by_share' | 'risk_reason' | 'no_data_reason'> {
  if (evidence === 0 && total > 0) return { risk: 'No data', risk_by_share: 'No data', no_data_reason: TICKETS_ONLY_NO_DATA };
  return overallRisk(riskLevel(flagged, total), sharePercent(flagged, total), cases);
}

/** Flagged records of all records in percent, to 2 decimals (the report's risk_percentage). */
function sharePercent(flagged: number, total: number): number {
  return total === 0 ? 0 : Math.round((flagged / total) * 10_000) / 100;
}

/**
 * Step 4: the final pass over every original file (grouped by type, one Excel sheet per type),
 * writing the combined CSV alongside, then the Summary, Suspicious Patterns and Correlation sheets.
 */
export async function writeReports(ctx: EngineContext, flagContext: FlagContext, files: FileStepResult[], outputs: ReportOutputs, options: EngineReportOptions = {}, onProgress?: (records: number) => void, maxRows = XLSX_MAX_ROWS): Promise<AnalysisReport> {
  const state = await loadReportShapes(ctx, flagContext, files);
  const annotations = await readAnnotations(ctx);
  const aiColumn = annotations.size > 0 ? (options.aiOutputColumn ?? 'AI_Analysis') : undefined;
  const csvColumns = unionColumns(state.facts);
  const byType = FILE_TYPES.map((type) => ({ type, facts: state.facts.filter((f) => f.fileType === type) })).filter((t) => t.facts.length > 0);
  const layouts = new Map(byType.map(({ type, facts }) => [type, sheetLayout(type, facts, type === 'CDPOS' && state.hasHeaders, aiColumn)]));
  const csvCanonical = csvCanonicalColumns(layouts.values());
  const csvOut = countBytes(outputs.csv);
  const csv = new CsvWriter(csvOut);
  csv.writeBom();
  const csvHeader = ['FILE_TYPE', 'SOURCE_FILE', ...csvColumns, ...csvCanonical.map((c) => c + CANONICAL_SUFFIX), ...FLAG_KEYS, RULES_COLUMN, ...(aiColumn ? [aiColumn] : [])];
  await csv.writeRow(csvHeader);
  const xlsx = new XlsxWriter(outputs.xlsx);
  const stats = new ReportStats();
  const outputCounts: Record<string, number> = {};

  const inputs = planReportParts(ctx, files, byType, { layouts, maxRows, csvColumns, csvCanonical, aiColumn });
  // The windows the cases' escalations watch (a change or high-risk transaction after a privilege gained, after tampering).
  // Only the patterns that start one are kept now: the table again once the parts are done (their number has no cap).
  // (Read in a function of its own: a local of this async function would keep the table alive through the parts.)
  const { triggers, sharedTexts, patternCount } = await startOfPatterns(ctx, flagContext, xlsx);
  for (const input of inputs) {
    input.timeline = input.csv && !!outputs.timelineIndex;
    input.highRecords = input.csv && (!!outputs.highRecords || !!outputs.findings);
    // Beside high-records.ndjson, each part makes its records' findings (write-findings.ts).
    if (input.highRecords && outputs.findings && outputs.highRecords) input.findingsOf = options.analysisId ?? '';
    if (input.stats) input.caseTriggers = triggers;
  }
  const csvStarts = inputs.map(() => 0);
  const progress = inputs.map(() => 0);
  const progressOf = (i: number) => (n: number) => {
    progress[i] = n;
    onProgress?.(progress.reduce((a, b) => a + b, 0));
  };
  // Queued in output order; each output is assembled from the parts as they finish, in order,
  // while later parts still run (the copying overlaps the work).
  // The pattern sheet first (its rows are every pattern: the longest task), then the parts.
  const patternSheet = runTask<PatternSheetResult>(ctx, flagContext, 'pattern-sheet', { output: 'report/patterns', maxRows, shared: sharedTexts } satisfies PatternSheetInput);
  patternSheet.catch(() => undefined);
  const pending = inputs.map((input, i) => runTask<ReportPartResult>(ctx, flagContext, 'report-part', input, progressOf(i)));
  for (const p of pending) p.catch(() => undefined); // a failure surfaces where it is awaited
  const perSheet = maxRows - 1;
  const assembleWorkbook = async () => {
    for (const { type, facts } of byType) {
      const rows = facts.reduce((n, f) => n + f.records, 0);
      const ofType = inputs.map((input, i) => ({ input, i })).filter(({ input }) => facts.some((f) => f.index === input.fileIndex));
      // Column widths from the rows the type's first sheet part sampled (its sheet segments come first anyway).
      const header = layouts.get(type)!.header;
      const first = ofType.find(({ input }) => input.xlsx);
      const widths = first ? pending[first.i]!.then((r) => (r.longest ? widthsOf(header, r.longest) : undefined)) : undefined;
      for (let part = 1; part <= Math.max(1, Math.ceil(rows / perSheet)); part++) {
        async function* segments() {
          for (const { i } of ofType) for (const s of (await pending[i]!).segments) if (s.part === part) yield { ...s, copy: moveOf(ctx.workspace, s.name) };
        }
        const partRows = Math.min(perSheet, rows - (part - 1) * perSheet);
        await xlsx.addSegmentedSheet(type, header, 10 + FILE_TYPES.indexOf(type) + (part - 1) / 1000, part, segments(), partRows, widths);
      }
    }
  };
  const assembleCsv = async () => {
    for (const [i, input] of inputs.entries()) {
      const r = await pending[i]!;
      if (r.csv) await csv.writeBytes(startingAt(moveOf(ctx.workspace, r.csv.name), () => (csvStarts[i] = csvOut.bytes)));
      if (!input.stats || !r.stats) continue;
      stats.merge(r.stats);
      const name = state.facts.find((f) => f.index === r.fileIndex)!.fileName;
      outputCounts[name] = (outputCounts[name] ?? 0) + r.written;
    }
  };
  await Promise.all([assembleWorkbook(), assembleCsv()]);
  // The patterns' findings, in the pool while this thread writes the review files and the cases.
  const patternsMade = outputs.findings && ctx.tasks && patternCount >= PATTERN_TASKS_FROM ? startPatternFindings(ctx, flagContext, options.analysisId ?? '', patternCount, stats.flagSamples()) : undefined;
  patternsMade?.catch(() => undefined);
  // The timeline index in the pool and high-records.ndjson copied while this thread writes the findings.
  const timelineWritten = outputs.timelineIndex ? writeTimelineIndexOf(ctx, flagContext, pending, csvStarts, csvHeader, outputs.timelineIndex) : undefined;
  timelineWritten?.catch(() => undefined);
  const high = outputs.highRecords ? await writeHighRecordsOf(ctx, pending, outputs.highRecords) : undefined;
  high?.written.catch(() => undefined);
  const highStarts = high ? (high.starts ?? (await high.written)) : undefined;
  onProgress?.(progress.reduce((a, b) => a + b, 0));

  // Cases, once per analysis, from the patterns and what the parts tallied of every record.
  const tallies: CaseTallyJSON[] = [];
  for (const p of pending) {
    const r = await p;
    if (r.cases) tallies.push(r.cases);
  }
  // The parts are done: their workers' heaps go before every pattern is read into this thread.
  await ctx.tasks?.shrink?.();
  const tally = mergeTallies(tallies);
  const table = await storedPatternTable(ctx);
  // Every pattern is listed (no cap): above a few ten thousand as a read-only view over the table.
  const patterns = table.asArray(options.lazyPatternsFrom);
  const cases = computeCases({ patterns: table, tally, triggers, watchKind: (u) => flagContext.watchlist.kindOf(u) });
  const settings = settingsSummary(ctx.settings, flagContext.thresholds, flagContext.timeZone, ctx.lists, tally.period);

  const summary = stats.summary;
  const inputCounts: Record<string, number> = {};
  for (const f of state.facts) inputCounts[f.fileName] = (inputCounts[f.fileName] ?? 0) + f.records;
  const multi = files.length > 1;
  const warnings = joinedLineWarnings(files);
  const report: AnalysisReport = {
    ...(warnings.length > 0 ? { warnings } : {}),
    analysis_type: multi ? 'multi' : 'single',
    fileType: multi ? 'MULTI' : (state.facts[0]?.fileType ?? 'SM20'),
    files: state.facts.map((f) => ({ name: f.fileName, fileType: f.fileType, records: f.records })),
    summary,
    // Tickets alone are no evidence either way (DETECTION.md section 2).
    ...riskOf(summary.flagged_records, summary.total_records, state.facts.reduce((n, f) => n + (f.fileType === 'TICKETS' ? 0 : f.records), 0), cases),
    suspicious_patterns: patterns,
    correlation_summary: state.correlation.summary,
    record_count_summary: {
      input_files: inputCounts,
      output_files: outputCounts,
      total_input_records: state.facts.reduce((n, f) => n + f.records, 0),
      total_output_records: Object.values(outputCounts).reduce((n, c) => n + c, 0),
      ...joinedLinesOf(files),
    },
    correlation_results: {
      risk_correlation: {
        total_records_analyzed: summary.total_records,
        total_flagged_records: summary.flagged_records,
        risk_percentage: sharePercent(summary.flagged_records, summary.total_records),
        files_correlated: multi ? state.facts.map((f) => f.fileName) : [],
      },
    },
    dashboard: stats.dashboard(),
    flagSamples: stats.flagSamples(),
    analytics: stats.analytics(),
    cases,
    settings,
  };
  if (outputs.findings) {
    const highParts: string[] = [];
    const made: FindingLinesResult[] = [];
    for (const p of pending) {
      const r = await p;
      if (r.highRecords) highParts.push(r.highRecords.name);
      if (r.highRecords?.findings) made.push(r.highRecords.findings);
    }
    const madeInParts = highStarts && made.length === highParts.length ? made : undefined;
    await writeFindings(ctx.workspace, options.analysisId ?? '', report, patterns, cases, highParts, { findings: outputs.findings, offsets: outputs.findingsOffsets, highStarts, madeInParts, patternsMade: await patternsMade }, undefined, options.findingsListener);
    if (patternsMade) await ctx.tasks?.shrink?.();
  }
  await timelineWritten;
  await high?.written;
  if (outputs.cases) {
    const file: CasesFile = { version: 1, settings, cases };
    await outputs.cases.write(Buffer.from(JSON.stringify(file)));
    await outputs.cases.end();
  }
  await writeSummarySheets(xlsx, report, stats.otherCategories, { ...(await patternSheet), copy: (name) => moveOf(ctx.workspace, name) });
  await xlsx.finish();
  await csv.end();
  return report;
}

/** The patterns' findings in as many ranges as the pool has workers (pattern-findings.ts). */
function startPatternFindings(ctx: EngineContext, flagContext: FlagContext, analysisId: string, count: number, flagSamples: AnalysisReport['flagSamples']): Promise<FindingLinesResult[]> {
  const ranges = Math.max(1, ctx.tasks?.size ?? 1);
  const per = Math.ceil(count / ranges);
  const tasks: Promise<FindingLinesResult>[] = [];
  for (let from = 0, k = 0; from < count; from += per, k++) {
    tasks.push(runTask<FindingLinesResult>(ctx, flagContext, 'pattern-findings', { analysisId, output: `findings/patterns-${k}.txt`, from, to: Math.min(count, from + per), flagSamples } satisfies PatternFindingsInput));
  }
  return Promise.all(tasks);
}

/** What the report needs of the patterns before the parts run: the escalation windows and the pattern sheet's shared texts. */
async function startOfPatterns(ctx: EngineContext, flagContext: FlagContext, xlsx: XlsxWriter): Promise<{ triggers: ReturnType<typeof escalationTriggers>; sharedTexts: SharedTexts; patternCount: number }> {
  const table = await storedPatternTable(ctx);
  return {
    patternCount: table.count,
    triggers: escalationTriggers(table.ofKinds(TRIGGER_PATTERNS)),
    sharedTexts: patternSharedTexts(xlsx, table.kinds, (k) => patternExplanation(k, flagContext.thresholds as unknown as Record<string, unknown>)),
  };
}

/**
 * The report parts, in output order (types in sheet order, files in order): a file step 1 read in
 * byte ranges gets one part per range (both outputs); a single file with a pool of two or more is
 * split into its sheet rows and its CSV rows; any other file is one part. Without a pool a split
 * would only read the file twice in one thread.
 */
function planReportParts(
  ctx: EngineContext,
  files: FileStepResult[],
  byType: { type: FileType; facts: { index: number; records: number }[] }[],
  shared: { layouts: Map<FileType, SheetLayout>; maxRows: number; csvColumns: string[]; csvCanonical: string[]; aiColumn: string | undefined },
): ReportPartInput[] {
  const split = files.length === 1 && (ctx.tasks?.size ?? 1) > 1;
  const inputs: ReportPartInput[] = [];
  for (const { type, facts } of byType) {
    let offset = 0;
    for (const f of facts) {
      const base = { files, fileIndex: f.index, layout: shared.layouts.get(type)!, sheetRowOffset: offset, maxRows: shared.maxRows, csvColumns: shared.csvColumns, csvCanonical: shared.csvCanonical, aiColumn: shared.aiColumn };
      const parts = files.find((x) => x.index === f.index)?.parts;
      if (parts && parts.ranges.length > 1 && ctx.openSourceRange) {
        let before = 0;
        parts.ranges.forEach((r, k) => {
          inputs.push({ ...base, sheetRowOffset: offset + before, xlsx: true, csv: true, stats: true, output: `report/${f.index}-${k}`, range: { parts, k } });
          before += r.rows;
        });
      } else if (split) {
        inputs.push({ ...base, xlsx: true, csv: false, stats: false, output: `report/${f.index}-xlsx` });
        inputs.push({ ...base, xlsx: false, csv: true, stats: true, output: `report/${f.index}-csv` });
      } else inputs.push({ ...base, xlsx: true, csv: true, stats: true, output: `report/${f.index}` });
      offset += f.records;
    }
  }
  return inputs;
}

/** A sink that counts the bytes it passes on. */
function countBytes(sink: ByteSink): ByteSink & { bytes: number } {
  const counted = {
    bytes: 0,
    write: (chunk: Uint8Array, release?: () => void) => {
      counted.bytes += chunk.length;
      return sink.write(chunk, release);
    },
    end: () => sink.end(),
  };
  return counted;
}

/** Calls `onStart` when the copy starts (CsvWriter.writeBytes has flushed what it held by then). */
function startingAt(source: ChunkSource, onStart: () => void): ChunkSource {
  return (write) => {
    onStart();
    return source(write);
  };
}

/**
 * The per-user timeline index from the parts' collected rows and where each part's rows begin in
 * results.csv: with a pool, written by a task (beside the findings this thread writes) and copied in.
 */
async function writeTimelineIndexOf(ctx: EngineContext, flagContext: FlagContext, pending: Promise<ReportPartResult>[], csvStarts: number[], header: string[], sink: ByteSink): Promise<void> {
  const parts: TimelineIndexInput['parts'] = [];
  for (const [i, p] of pending.entries()) {
    const r = await p;
    if (r.timeline) parts.push({ timeline: r.timeline, csvStart: csvStarts[i]! });
  }
  if (!ctx.tasks) {
    await writeTimelineIndexFromParts(ctx.workspace, parts, header, sink);
    return;
  }
  const { name } = await runTask<{ name: string }>(ctx, flagContext, 'timeline-index', { parts, header, output: 'report/timeline-index.bin' } satisfies TimelineIndexInput);
  await moveOf(ctx.workspace, name)((chunk, release) => sink.write(chunk, release));
  await sink.end();
}

/**
 * The high-severity flagged records of every part, in results.csv order (`written`: their starts).
 * `starts`: where each part begins, known before the copy when the parts gave their lengths.
 */
async function writeHighRecordsOf(ctx: EngineContext, pending: Promise<ReportPartResult>[], sink: ByteSink): Promise<{ starts: number[] | undefined; written: Promise<number[]> }> {
  const parts = [];
  for (const p of pending) {
    const r = await p;
    if (r.highRecords) parts.push(r.highRecords);
  }
  return { starts: highRecordStarts(parts), written: writeHighRecords(ctx.workspace, parts, sink).then((r) => r.starts) };
}

/** `joined_lines` of the record counts: only files whose quoted cells held line breaks. */
function joinedLinesOf(files: FileStepResult[]): { joined_lines?: Record<string, number> } {
  const joined: Record<string, number> = {};
  for (const f of files) if (f.joinedLines) joined[f.fileName] = (joined[f.fileName] ?? 0) + f.joinedLines;
  return Object.keys(joined).length > 0 ? { joined_lines: joined } : {};
}

/**
 * A line break inside a quoted cell joins two lines into one record: legitimate in a multi-line
 * text, but in an SAP export it usually means a stray quote swallowed the next record(s), which
 * would otherwise go unnoticed as a record fewer.
 */
export function joinedLineWarnings(files: FileStepResult[]): string[] {
  return files
    .filter((f) => f.joinedLines)
    .map((f) => `${f.fileName}: ${f.joinedLines} line break${f.joinedLines === 1 ? '' : 's'} inside quoted cells joined lines of the file into one record, so it has fewer records than lines; if no cell should span lines, a quote character is probably stray or missing`);
}
