import type { AnalysisReport } from '../model/index.ts';
import { FLAG_KEYS, RISK_DESCRIPTIONS } from '../model/index.ts';
import type { XlsxWriter } from '../report/xlsx-writer.ts';

/** Summary (first tab), Suspicious Patterns and Correlation sheets. */
export async function writeSummarySheets(xlsx: XlsxWriter, report: AnalysisReport, otherCategories: Record<string, number>): Promise<void> {
  const s = report.summary;
  await xlsx.startSheet('Summary', ['Item', 'Value'], 1);
  const rows: [string, string | number][] = [
    ['Analysis type', report.analysis_type],
    ['Files', report.files.map((f) => `${f.name} (${f.fileType}, ${f.records} records)`).join('; ')],
    ['Total records', s.total_records],
    ['Flagged records', s.flagged_records],
    ['Detection rate (%)', report.correlation_results.risk_correlation.risk_percentage],
    ['Risk', RISK_DESCRIPTIONS[report.risk]],
    ...FLAG_KEYS.map((k): [string, number] => [k, s.flag_counts[k]]),
    ...Object.entries(otherCategories).map(([c, n]): [string, number] => [`OTHER: ${c}`, n]),
    ['Critical alerts', report.dashboard.criticalAlerts],
    ['Failed logins', report.dashboard.failedLogins],
    ['Anomalous users', report.dashboard.anomalousUsers],
    ['High-risk users', report.dashboard.highRiskUsers],
    ['Suspicious patterns', report.suspicious_patterns.length],
  ];
  for (const [k, v] of rows) await xlsx.addRow([k, String(v)]);
  await xlsx.startSheet('Suspicious Patterns', ['pattern', 'risk_level', 'user', 'sm20_time', 'sm20_activity'], 2);
  for (const p of report.suspicious_patterns) await xlsx.addRow([p.pattern, p.risk_level, p.user, p.sm20_time, p.sm20_activity]);
  await xlsx.startSheet('Correlation', ['Group', 'Statistic', 'Value'], 3);
  for (const [group, stats] of Object.entries(report.correlation_summary)) {
    for (const [label, value] of Object.entries(stats)) await xlsx.addRow([group, label, String(value)]);
  }
  const rc = report.record_count_summary;
  for (const [name, n] of Object.entries(rc.input_files)) await xlsx.addRow(['Record counts', `input: ${name}`, String(n)]);
  for (const [name, n] of Object.entries(rc.output_files)) await xlsx.addRow(['Record counts', `output: ${name}`, String(n)]);
  await xlsx.addRow(['Record counts', 'total input records', String(rc.total_input_records)]);
  await xlsx.addRow(['Record counts', 'total output records', String(rc.total_output_records)]);
  await xlsx.endSheet();
}
