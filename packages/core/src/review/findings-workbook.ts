/**
 * The findings workbook (issue 17): one row per finding with its review, and for each
 * reviewed finding a sheet of its evidence records; the CSV holds the findings rows only.
 * Written with the report's writers, so every cell stays text and nothing can run as a formula.
 */
import type { ByteSink } from '../engine/contract.ts';
import { CsvWriter } from '../report/csv-writer.ts';
import { XlsxWriter } from '../report/xlsx-writer.ts';

/** At most this many evidence sheets; further reviewed findings say so in their row. */
export const MAX_EVIDENCE_SHEETS = 200;

export interface FindingsWorkbookRow {
  findingId: string;
  ruleId: string;
  ruleTitle: string;
  severity: string;
  user: string;
  time: string;
  object: string;
  summary: string;
  status: string;
  comment: string;
  ticket: string;
  reviewer: string;
  reviewedAt: string;
  suppressedBy: string;
  evidence: Record<string, string>[];
}

export const FINDINGS_COLUMNS = [
  'Finding ID', 'Rule', 'Rule title', 'Severity', 'User', 'Time', 'Object', 'Summary',
  'Review status', 'Comment', 'Ticket', 'Reviewer', 'Reviewed at', 'Suppressed by',
] as const;

function cellsOf(r: FindingsWorkbookRow): string[] {
  return [r.findingId, r.ruleId, r.ruleTitle, r.severity, r.user, r.time, r.object, r.summary, r.status, r.comment, r.ticket, r.reviewer, r.reviewedAt, r.suppressedBy];
}

const isReviewed = (r: FindingsWorkbookRow) => r.status !== 'open';

/** Sheet name of the n-th evidence sheet: "E12 PAT-SELF-AUTHORIZATION" (Excel allows 31 characters). */
export function evidenceSheetName(n: number, ruleId: string): string {
  return `E${n} ${ruleId}`.slice(0, 31);
}

export async function writeFindingsWorkbook(sink: ByteSink, rows: readonly FindingsWorkbookRow[], about: [string, string][]): Promise<void> {
  const xlsx = new XlsxWriter(sink);
  await xlsx.startSheet('About', ['Item', 'Value']);
  for (const [k, v] of about) await xlsx.addRow([k, v]);
  await xlsx.startSheet('Findings', [...FINDINGS_COLUMNS, 'Evidence sheet']);
  const evidence: { name: string; row: FindingsWorkbookRow }[] = [];
  for (const r of rows) {
    let sheet = '';
    if (isReviewed(r) && r.evidence.length > 0) {
      if (evidence.length < MAX_EVIDENCE_SHEETS) {
        sheet = evidenceSheetName(evidence.length + 1, r.ruleId);
        evidence.push({ name: sheet, row: r });
      } else sheet = `not included (more than ${MAX_EVIDENCE_SHEETS} reviewed findings)`;
    }
    await xlsx.addRow([...cellsOf(r), sheet]);
  }
  for (const { name, row } of evidence) {
    const columns = [...new Set(row.evidence.flatMap((e) => Object.keys(e)))];
    await xlsx.startSheet(name, columns);
    for (const e of row.evidence) await xlsx.addRow(columns.map((c) => e[c] ?? ''));
  }
  await xlsx.finish();
}

export async function writeFindingsCsv(sink: ByteSink, rows: readonly FindingsWorkbookRow[]): Promise<void> {
  const csv = new CsvWriter(sink);
  await csv.writeRow([...FINDINGS_COLUMNS]);
  for (const r of rows) await csv.writeRow(cellsOf(r));
  await csv.end();
}
