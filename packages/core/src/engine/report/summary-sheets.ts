import type { AnalysisReport } from '../../model/index.ts';
import type { ChunkSource } from '../../workspace/index.ts';
import { FLAG_KEYS, RISK_DESCRIPTIONS } from '../../model/index.ts';
import type { BarChart } from '../../report/bar-chart.ts';
import { NUMERIC, TEMPORAL, TEXT, type ColumnKind } from '../../report/typed-cells.ts';
import { widthsOf, type XlsxWriter } from '../../report/xlsx-writer.ts';
import { PATTERN_COLUMNS, type PatternSheetResult } from './pattern-sheet.ts';
import { LIST_LABELS, THRESHOLD_LABELS, thresholdValueText } from '../../cases/settings-labels.ts';

/** Rows whose values size a sheet's columns (all of a small sheet's). */
const WIDTH_ROWS = 2000;

/**
 * A sheet of the report's own rows, cells typed by `kinds`, widths from its first WIDTH_ROWS rows.
 * `rows` may be made one at a time (the patterns: every one is listed, so no array of all their rows).
 */
async function writeSheet(xlsx: XlsxWriter, name: string, header: string[], rows: string[][] | { length: number; row(i: number): string[] }, order: number, kinds: ColumnKind[], chart?: BarChart): Promise<void> {
  const rowAt = Array.isArray(rows) ? (i: number) => rows[i]! : rows.row;
  const longest = header.map(() => 0);
  for (let i = 0; i < Math.min(rows.length, WIDTH_ROWS); i++) rowAt(i).forEach((v, j) => (longest[j] = Math.max(longest[j] ?? 0, v.length)));
  await xlsx.startSheet(name, header, order, 1, { widths: widthsOf(header, longest), kinds, ...(chart ? { chart } : {}) });
  for (let i = 0; i < rows.length; i++) await xlsx.addRow(rowAt(i));
  await xlsx.endSheet();
}

/** The Cases sheet, right after the Summary: one row per case in case order (DETECTION.md section 6). */
export const CASES_COLUMNS = ['Rank', 'Case', 'Risk level', 'Score', 'Actor', 'Actor kind', 'First time', 'Last time', 'Days', 'Patterns', 'Records', 'Context', 'Rules', 'Escalations', 'Watchlists', 'Files', 'Reasons'];

async function writeCasesSheet(xlsx: XlsxWriter, report: AnalysisReport): Promise<void> {
  const rows = (report.cases ?? []).map((c, i) => [
    String(i + 1),
    c.id,
    c.risk_level,
    String(c.score),
    c.actor_kind === 'none' ? '(no header: actor unknown)' : c.actor,
    c.actor_kind,
    c.first_time,
    c.last_time,
    String(c.days),
    String(c.patterns),
    String(c.records),
    String(c.context),
    c.rules.map((r) => `${r.rule} ×${r.count}${r.routine ? ` (routine: ${r.routine_days} of ${r.active_days} days)` : ''}`).join('; '),
    c.escalations.map((e) => `${e.kind}: ${e.text}`).join('; '),
    c.watchlists.join(', '),
    c.files.join(', '),
    c.reasons.join(' | '),
  ]);
  await writeSheet(xlsx, 'Cases', CASES_COLUMNS, rows, 1.5, [NUMERIC, TEXT, TEXT, NUMERIC, TEXT, TEXT, TEMPORAL, TEMPORAL, NUMERIC, NUMERIC, NUMERIC, NUMERIC, TEXT, TEXT, TEXT, TEXT, TEXT]);
}

/**
 * What the data covers and the settings it was read with (DETECTION.md section 4: every output states
 * them): period, time zone, holiday calendar, business hours and each threshold (issue 27).
 */
export function settingsRows(settings: AnalysisReport['settings']): [string, string | number][] {
  if (!settings) return [];
  const days = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const rows: [string, string | number][] = [
    ['', ''],
    ['Data period', settings.period.first ? `${settings.period.first} to ${settings.period.last}` : 'no record has a time'],
    ['Time zone', settings.timeZone],
    ['Holiday calendar', settings.holidayCalendar],
    ['Business hours', `${settings.businessHours.days.map((d) => days[d] ?? String(d)).join(', ')} ${settings.businessHours.start}-${settings.businessHours.end}`],
  ];
  // In the results page's words, with the setting's name for the settings file ("… (bankPaymentDays)").
  for (const [name, value] of Object.entries(settings.thresholds)) rows.push([`${THRESHOLD_LABELS[name] ?? 'Threshold'} (${name})`, thresholdValueText(name, value)]);
  // Which version of each list the analysis read (entries and a hash of them: the same list gives the same version).
  for (const [name, version] of Object.entries(settings.lists ?? {})) rows.push([`List: ${LIST_LABELS[name] ?? name} (${name})`, version]);
  return rows;
}

/**
 * Summary (first tab: the risk in words, the counts, records per flag from the most frequent),
 * Cases, Suspicious Patterns (times as Excel date-times) and Correlation sheets.
 */
export async function writeSummarySheets(xlsx: XlsxWriter, report: AnalysisReport, otherCategories: Record<string, number>, patternSheet: PatternSheetResult & { copy: (name: string) => ChunkSource }): Promise<void> {
  const s = report.summary;
  const flags = FLAG_KEYS.map((k) => [k, s.flag_counts[k]] as const).sort((a, b) => b[1] - a[1]);
  const rows: [string, string | number][] = [
    ['Risk', report.no_data_reason ? `No data - ${report.no_data_reason}` : `${RISK_DESCRIPTIONS[report.risk]}${report.risk_reason ? `: ${report.risk_reason}` : ''}`],
    ...(report.risk_by_share && !report.no_data_reason ? [['Risk by the share of flagged records alone', RISK_DESCRIPTIONS[report.risk_by_share]] as [string, string]] : []),
    ['Analysis type', report.analysis_type],
    ['Files', report.files.map((f) => `${f.name} (${f.fileType}, ${f.records} records)`).join('; ')],
    ['Total records', s.total_records],
    ['Flagged records', s.flagged_records],
    ['Share of records flagged (%)', report.correlation_results.risk_correlation.risk_percentage],
    ['Suspicious patterns', report.suspicious_patterns.length],
    ['High-risk transaction and table records', report.dashboard.criticalAlerts],
    ['Failed logins', report.dashboard.failedLogins],
    ['Anomalous users', report.dashboard.anomalousUsers],
    ['High-risk users', report.dashboard.highRiskUsers],
    ...settingsRows(report.settings),
    ['', ''],
    ['Records per flag', ''],
    ...flags.map(([k, n]): [string, number] => [k, n]),
    ...Object.entries(otherCategories).map(([c, n]): [string, number] => [`OTHER: ${c}`, n]),
  ];
  // Beside the table, when something was flagged: the records per flag as bars (sheet rows of the flags: first + 2 …).
  const first = rows.findIndex(([k]) => k === flags[0]![0]) + 2;
  const last = first + flags.length - 1;
  const chart: BarChart | undefined =
    s.flagged_records > 0
      ? { title: 'Records per flag', categories: `'Summary'!$A$${first}:$A$${last}`, values: `'Summary'!$B$${first}:$B$${last}`, points: flags, from: [3, 1], to: [12, 22] }
      : undefined;
  await writeSheet(xlsx, 'Summary', ['Item', 'Value'], rows.map(([k, v]) => [k, String(v)]), 1, [TEXT, NUMERIC], chart);
  await writeCasesSheet(xlsx, report);
  // Every pattern (no cap): the rows the pattern-sheet task wrote beside the report parts, copied in.
  const perSheet = patternSheet.maxRows - 1;
  const widths = widthsOf(PATTERN_COLUMNS, patternSheet.longest);
  for (let part = 1; part <= Math.max(1, Math.ceil(patternSheet.rows / perSheet)); part++) {
    const segments = patternSheet.segments.filter((g) => g.part === part).map((g) => ({ ...g, copy: patternSheet.copy(g.name) }));
    const rows = Math.min(perSheet, patternSheet.rows - (part - 1) * perSheet);
    await xlsx.addSegmentedSheet('Suspicious Patterns', PATTERN_COLUMNS, 2 + (part - 1) / 1000, part, segments, Math.max(0, rows), widths);
  }
  const correlation: string[][] = [];
  for (const [group, stats] of Object.entries(report.correlation_summary)) {
    for (const [label, value] of Object.entries(stats)) correlation.push([group, label, String(value)]);
  }
  const rc = report.record_count_summary;
  for (const [name, n] of Object.entries(rc.input_files)) correlation.push(['Record counts', `input: ${name}`, String(n)]);
  for (const [name, n] of Object.entries(rc.output_files)) correlation.push(['Record counts', `output: ${name}`, String(n)]);
  correlation.push(['Record counts', 'total input records', String(rc.total_input_records)]);
  correlation.push(['Record counts', 'total output records', String(rc.total_output_records)]);
  await writeSheet(xlsx, 'Correlation', ['Group', 'Statistic', 'Value'], correlation, 3, [TEXT, TEXT, NUMERIC]);
}
