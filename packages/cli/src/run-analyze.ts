import { mkdir, readFile, stat } from 'node:fs/promises';
import { analyzeFiles } from '@app/core/engine/index.ts';
import { createHolidayChecker, DEFAULT_HOLIDAYS, parseHolidaySpec } from '@app/core/holidays/index.ts';
import { loadDefaultLists, parseListCsv, parseWatchlistCsv, WATCHLISTS } from '@app/core/lists/index.ts';
import { EngineError, type AnalysisReport } from '@app/core';
import { formatCount } from '@app/core/model/format-count.ts';
import type { AnalyzeCommand } from './parse-args.ts';
import { createProgressBar } from './progress-bar.ts';
import { createAiStep } from './ai-step.ts';
import { readSettingsFile } from './settings-file.ts';

/** The JSON document `--json` prints (tools rely on this shape; `ai` only when --ai-provider was given). */
export function toJsonDocument(report: AnalysisReport) {
  return {
    files: report.files,
    summary: report.summary,
    risk: report.risk,
    ...(report.risk_by_share ? { risk_by_share: report.risk_by_share } : {}),
    ...(report.risk_reason ? { risk_reason: report.risk_reason } : {}),
    ...(report.no_data_reason ? { no_data_reason: report.no_data_reason } : {}),
    suspicious_patterns: report.suspicious_patterns,
    correlation_summary: report.correlation_summary,
    record_count_summary: report.record_count_summary,
    // DETECTION.md section 6: the cases, ordered, as the spec names their fields; and the settings the run used.
    cases: (report.cases ?? []).map(({ id, actor, actor_kind, risk_level, score, first_time, last_time, days, files, rules, escalations, watchlists, reasons, patterns, records, context }) => ({ id, actor, actor_kind, risk_level, score, first_time, last_time, days, files, rules, escalations, watchlists, reasons, patterns, records, context })),
    ...(report.settings ? { settings: report.settings } : {}),
    ...(report.ai ? { ai: report.ai } : {}),
  };
}

async function readListText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new EngineError('BAD_LIST', 'cannot read the file', path);
  }
}

/** A list file parsed, its errors naming the file. */
async function readList<T>(path: string, parse: (text: string) => T): Promise<T> {
  const text = await readListText(path);
  try {
    return parse(text);
  } catch (e) {
    throw e instanceof EngineError ? new EngineError('BAD_LIST', e.message, path) : e;
  }
}

export async function runAnalyze(cmd: AnalyzeCommand): Promise<AnalysisReport> {
  for (const file of cmd.files) {
    const s = await stat(file).catch(() => undefined);
    if (!s) throw new EngineError('EMPTY_FILE', 'file not found', file);
    if (!s.isFile()) throw new EngineError('UNSUPPORTED_FORMAT', 'not a regular file', file);
  }
  const lists = loadDefaultLists();
  if (cmd.tcodes) lists.highRiskTcodes = await readList(cmd.tcodes, (t) => parseListCsv(t, 'tcodes'));
  if (cmd.tables) lists.highRiskTables = await readList(cmd.tables, (t) => parseListCsv(t, 'tables'));
  for (const l of WATCHLISTS) {
    const path = cmd.lists[l.flag];
    if (path) Object.assign(lists, { [l.key]: await readList(path, (t) => parseWatchlistCsv(t, l.flag)) });
  }
  const detection = cmd.settings ? await readSettingsFile(cmd.settings) : undefined;
  const holidays = cmd.holidays ? parseHolidaySpec(cmd.holidays) : DEFAULT_HOLIDAYS;
  createHolidayChecker(holidays); // validates the calendar before any file is read
  await mkdir(cmd.out, { recursive: true });
  const bar = createProgressBar();
  const ai = cmd.ai ? createAiStep(cmd.ai) : undefined;
  try {
    const report = await analyzeFiles(cmd.files, {
      outDir: cmd.out,
      // The review screens' files only on request: nothing in a CLI run reads them.
      timelineIndex: cmd.reviewFiles,
      highRecords: cmd.reviewFiles,
      findings: cmd.reviewFiles,
      lists,
      settings: { holidays, ...(detection ? { thresholds: detection.thresholds, timeZone: detection.timeZone } : {}) },
      // The line is made only when it is shown (progress-bar.ts), its count without Intl (format-count.ts).
      onProgress: (phase, file, n) => bar.update(() => `${phase === 'read' ? `Reading ${file}` : 'Writing reports'}: ${formatCount(n)} record${n === 1 ? '' : 's'}`),
      ...(ai ? { annotate: (ctx, files) => (bar.update('Asking the model about flagged records'), ai.annotate(ctx, files)) } : {}),
    });
    if (ai?.outcome) report.ai = ai.outcome;
    return report;
  } finally {
    bar.done();
  }
}
