import type { FileFacts } from '../correlate/facts.ts';
import type { FlagContext } from '../flags/flag-context.ts';
import { severityOf } from '../flags/flag-result.ts';
import { CsvWriter } from '../report/csv-writer.ts';
import { XlsxWriter } from '../report/xlsx-writer.ts';
import { FILE_TYPES, FLAG_KEYS, type AnalysisReport, type RiskLevel } from '../model/index.ts';
import { ANNOTATIONS_NAME, type EngineContext, type EngineReportOptions, type FileStepResult, type ReportOutputs } from './contract.ts';
import { forEachFinalRecord, prepareFinalState } from './final-records.ts';
import { readText } from './folder-workspace.ts';
import { canonicalReaders, positionsIn, sheetLayout, unionColumns } from './report-layout.ts';
import { ReportStats } from './report-stats.ts';
import { writeSummarySheets } from './summary-sheets.ts';

export function riskLevel(flagged: number, total: number): RiskLevel {
  if (flagged === 0 || total === 0) return 'Clean';
  const share = flagged / total;
  return share > 0.1 ? 'High' : share > 0.05 ? 'Medium' : 'Low';
}

async function readAnnotations(ctx: EngineContext): Promise<Map<string, string>> {
  const text = await readText(ctx.workspace, ANNOTATIONS_NAME);
  const map = new Map<string, string>();
  if (!text) return map;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const { ref, text: note } = JSON.parse(line) as { ref: string; text: string };
    if (typeof ref === 'string' && typeof note === 'string') map.set(ref, note);
  }
  return map;
}

/**
 * Step 4: the final pass over every original file (grouped by type, one Excel sheet per type),
 * writing the combined CSV alongside, then the Summary, Suspicious Patterns and Correlation sheets.
 */
export async function writeReports(ctx: EngineContext, flagContext: FlagContext, files: FileStepResult[], outputs: ReportOutputs, options: EngineReportOptions = {}, onProgress?: (records: number) => void): Promise<AnalysisReport> {
  const state = await prepareFinalState(ctx, flagContext, files);
  const annotations = await readAnnotations(ctx);
  const aiColumn = annotations.size > 0 ? (options.aiOutputColumn ?? 'AI_Analysis') : undefined;
  const csvColumns = unionColumns(state.facts);
  const csvFlagStart = 2 + csvColumns.length;
  const csvWidth = csvFlagStart + FLAG_KEYS.length + (aiColumn ? 1 : 0);
  const csv = new CsvWriter(outputs.csv);
  await csv.writeRow(['FILE_TYPE', 'SOURCE_FILE', ...csvColumns, ...FLAG_KEYS, ...(aiColumn ? [aiColumn] : [])]);
  const xlsx = new XlsxWriter(outputs.xlsx);
  const stats = new ReportStats();
  const outputCounts: Record<string, number> = {};
  let done = 0;

  for (const type of FILE_TYPES) {
    const ofType = state.facts.filter((f) => f.fileType === type);
    if (ofType.length === 0) continue;
    const layout = sheetLayout(type, ofType, type === 'CDPOS' && (state.headers?.size ?? 0) > 0, aiColumn);
    await xlsx.startSheet(type, layout.header, 10 + FILE_TYPES.indexOf(type));
    const highlight = (col: number) => col >= layout.flagStart && col < layout.flagStart + FLAG_KEYS.length;
    for (const facts of ofType) {
      await writeFileRows(facts);
    }

    async function writeFileRows(facts: FileFacts): Promise<void> {
      const sheetPos = positionsIn(layout.originals, facts.columns, 0);
      const csvPos = positionsIn(csvColumns, facts.columns, 2);
      const readers = canonicalReaders(layout, facts.canonical);
      const canonicalStart = layout.originals.length;
      const sheetWidth = layout.header.length;
      let written = 0;
      const cells = new Array<string>(sheetWidth).fill('');
      const line = new Array<string>(csvWidth).fill('');
      await forEachFinalRecord(ctx, flagContext, state, facts, (rowIndex, row, rec, out) => {
        stats.add(facts.fileName, facts.columns, row, rec, out);
        const note = aiColumn && out.mask !== 0 ? (annotations.get(`${facts.index}:${rowIndex}`) ?? '') : '';
        // Reused per row: both writers turn the row into text before returning.
        cells.fill('');
        line.fill('');
        line[0] = facts.fileType;
        line[1] = facts.fileName;
        for (let j = 0; j < row.length; j++) {
          cells[sheetPos[j]!] = row[j]!;
          line[csvPos[j]!] = row[j]!;
        }
        for (let j = 0; j < readers.length; j++) cells[canonicalStart + j] = readers[j]!(row, rec);
        if (out.mask !== 0) {
          for (let k = 0; k < FLAG_KEYS.length; k++) {
            const reason = out.reasons[k];
            if (reason !== undefined) {
              cells[layout.flagStart + k] = reason;
              line[csvFlagStart + k] = reason;
            }
          }
          cells[layout.flagStart + FLAG_KEYS.length] = severityOf(out.mask, out.otherCategory === 'security' ? 'high' : 'medium');
        }
        if (aiColumn) {
          cells[sheetWidth - 1] = note;
          line[csvWidth - 1] = note;
        }
        written++;
        if (++done % 65536 === 0) onProgress?.(done);
        const a = xlsx.addRow(cells, highlight, layout.flagStart);
        const b = csv.writeRow(line);
        if (a || b) return Promise.all([a, b]).then(() => undefined);
      });
      outputCounts[facts.fileName] = (outputCounts[facts.fileName] ?? 0) + written;
    }
  }
  onProgress?.(done);

  const summary = stats.summary;
  const inputCounts: Record<string, number> = {};
  for (const f of state.facts) inputCounts[f.fileName] = (inputCounts[f.fileName] ?? 0) + f.records;
  const multi = files.length > 1;
  const report: AnalysisReport = {
    analysis_type: multi ? 'multi' : 'single',
    fileType: multi ? 'MULTI' : (state.facts[0]?.fileType ?? 'SM20'),
    files: state.facts.map((f) => ({ name: f.fileName, fileType: f.fileType, records: f.records })),
    summary,
    risk: riskLevel(summary.flagged_records, summary.total_records),
    suspicious_patterns: state.correlation.patterns,
    correlation_summary: state.correlation.summary,
    record_count_summary: {
      input_files: inputCounts,
      output_files: outputCounts,
      total_input_records: state.facts.reduce((n, f) => n + f.records, 0),
      total_output_records: Object.values(outputCounts).reduce((n, c) => n + c, 0),
    },
    correlation_results: {
      risk_correlation: {
        total_records_analyzed: summary.total_records,
        total_flagged_records: summary.flagged_records,
        risk_percentage: summary.total_records === 0 ? 0 : Math.round((summary.flagged_records / summary.total_records) * 10_000) / 100,
        files_correlated: multi ? state.facts.map((f) => f.fileName) : [],
      },
    },
    dashboard: stats.dashboard(),
    flagSamples: stats.flagSamples(),
    analytics: stats.analytics(),
  };
  await writeSummarySheets(xlsx, report, stats.otherCategories);
  await xlsx.finish();
  await csv.end();
  return report;
}
