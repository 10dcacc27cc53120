/**
 * The findings workbook (issue 17, issue 27): one row per finding with its review, and for each
 * reviewed finding a sheet of its evidence records; the CSV holds the findings rows only.
 * Written like results.xlsx: times as Excel date-times in the analysis's time zone (the review
 * time too, converted from UTC), column widths from the content, counts as numbers, keys and
 * everything else as text (nothing can run as a formula); the CSV starts with a UTF-8 BOM.
 */
import type { ByteSink } from '../engine/contract.ts';
import type { Finding } from './types.ts';
import { patternFieldHeader } from '../model/pattern-fields.ts';
import { CsvWriter } from '../report/csv-writer.ts';
import { MAX_COLUMN_WIDTH, widthsOf, XlsxWriter } from '../report/xlsx-writer.ts';
import { NUMERIC, TEMPORAL, TEXT, temporalStyle, type ColumnKind } from '../report/typed-cells.ts';
export { suppressionLabel } from './suppression-label.ts';

/** At most this many evidence sheets; further reviewed findings say so in their row. */
export const MAX_EVIDENCE_SHEETS = 200;

export interface FindingsWorkbookRow {
  findingId: string;
  ruleId: string;
  ruleTitle: string;
  severity: string;
  user: string;
  /** 'YYYY-MM-DD HH:MM:SS' in the analysis's time zone. */
  time: string;
  object: string;
  summary: string;
  status: string;
  comment: string;
  ticket: string;
  reviewer: string;
  /** ISO instant (UTC), as the review trail stores it. */
  reviewedAt: string;
  suppressedBy: string;
  evidence: Record<string, string>[];
  /** Where the evidence is still to be read (high-records.ndjson): the workbook's `readEvidence` fills `evidence` for the rows that get a sheet. */
  evidenceAt?: [number, number];
}

/** A finding as a row of the findings workbook and CSV, with its review and the suppression that matched it. */
export function findingsWorkbookRow(
  f: Pick<Finding, 'findingId' | 'rule' | 'user' | 'time' | 'object' | 'summary' | 'evidence' | 'evidenceAt'>,
  review: Partial<Pick<FindingsWorkbookRow, 'status' | 'comment' | 'ticket' | 'reviewer' | 'reviewedAt'>> | undefined,
  suppressedBy: string,
  evidence?: Record<string, string>[],
): FindingsWorkbookRow {
  return {
    findingId: f.findingId,
    ruleId: f.rule.id,
    ruleTitle: f.rule.title,
    severity: f.rule.severity,
    user: f.user,
    time: f.time,
    object: f.object,
    summary: f.summary,
    status: review?.status ?? 'open',
    comment: review?.comment ?? '',
    ticket: review?.ticket ?? '',
    reviewer: review?.reviewer ?? '',
    reviewedAt: review?.reviewedAt ?? '',
    suppressedBy,
    evidence: f.evidenceAt ? (evidence ?? []) : f.evidence,
    ...(f.evidenceAt && !evidence ? { evidenceAt: f.evidenceAt } : {}),
  };
}

export const FINDINGS_COLUMNS = [
  'Finding ID', 'Rule', 'Rule title', 'Severity', 'User', 'Time', 'Object', 'Summary',
  'Review status', 'Comment', 'Ticket', 'Reviewer', 'Reviewed at', 'Suppressed by',
] as const;

const FINDINGS_KINDS: ColumnKind[] = FINDINGS_COLUMNS.map((c) => (c === 'Time' || c === 'Reviewed at' ? TEMPORAL : TEXT));

export interface FindingsWriteOptions {
  /** IANA zone the finding times are in; the review time is converted to it. Default UTC. */
  timeZone?: string;
  /** Rows of one worksheet, its header included (XLSX_MAX_ROWS, what Excel opens); further findings continue on "Findings (2)", and so on. Tests lower it. */
  maxRows?: number;
  /** Reads the evidence of the rows that get an evidence sheet but carry only `evidenceAt`, filling their `evidence`, before those sheets are written. */
  readEvidence?: (rows: FindingsWorkbookRow[]) => Promise<void>;
}

/** The Findings columns' widths come from this many first rows (the rows after them are written as they come). */
export const WIDTH_SAMPLE = 10_000;

/** Rows given as a list, or made as they are written (an export streamed from the stored findings). */
export type FindingsRows = Iterable<FindingsWorkbookRow> | AsyncIterable<FindingsWorkbookRow>;

/**
 * An ISO instant as 'YYYY-MM-DD HH:MM:SS' in `timeZone` (what Excel takes as a date-time); the
 * text unchanged when it is not an instant or the zone is unknown.
 * @example localDateTime('2026-11-28T04:16:18.391Z', 'Europe/Berlin') // '2026-11-28 05:16:18'
 */
export function localDateTime(iso: string, timeZone = 'UTC'): string {
  const ms = Date.parse(iso);
  if (!iso || Number.isNaN(ms)) return iso;
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  } catch {
    return iso; // an unknown zone: the instant as stored
  }
}

function cellsOf(r: FindingsWorkbookRow, timeZone: string): string[] {
  return [r.findingId, r.ruleId, r.ruleTitle, r.severity, r.user, r.time, r.object, r.summary, r.status, r.comment, r.ticket, r.reviewer, localDateTime(r.reviewedAt, timeZone), r.suppressedBy];
}

const isReviewed = (r: FindingsWorkbookRow) => r.status !== 'open';
const hasEvidence = (r: FindingsWorkbookRow) => r.evidence.length > 0 || r.evidenceAt !== undefined;

/** Sheet name of the n-th evidence sheet: "E12 PAT-SELF-AUTHORIZATION" (Excel allows 31 characters). */
export function evidenceSheetName(n: number, ruleId: string): string {
  return `E${n} ${ruleId}`.slice(0, 31);
}

/** Widths (characters) from the longest cell of each column, as results.xlsx sizes them. */
function widthsFrom(header: readonly string[], rows: readonly (readonly string[])[]): number[] {
  const longest = header.map((_, i) => rows.reduce((n, r) => Math.max(n, Math.min(MAX_COLUMN_WIDTH, r[i]?.length ?? 0)), 0));
  // A date-time cell shows as 'YYYY-MM-DD HH:MM:SS' (19 characters) whatever its serial number.
  return widthsOf(header, longest);
}

/** A column whose filled cells are all ISO dates, times or date-times is written as Excel dates. */
function kindsFrom(header: readonly string[], rows: readonly (readonly string[])[]): ColumnKind[] {
  return header.map((_, i) => {
    let seen = false;
    for (const r of rows) {
      const v = r[i] ?? '';
      if (v === '') continue;
      if (temporalStyle(v) === 0) return TEXT;
      seen = true;
    }
    return seen ? TEMPORAL : TEXT;
  });
}

/**
 * Evidence rows of a finding, led by the finding's user and time: for a change-document item
 * (CDPOS) those are its joined header's (CDHDR USERNAME, UDATE/UTIME), which the item itself lacks.
 * A pattern row's fields are headed in words (its user and time are the finding's: not repeated).
 */
function evidenceTable(row: FindingsWorkbookRow): { header: string[]; rows: string[][] } {
  const patternRows = row.evidence.every((e) => 'sm20_activity' in e);
  const columns = [...new Set(row.evidence.flatMap((e) => Object.keys(e)))].filter((c) => !(patternRows && (c === 'user' || c === 'sm20_time')));
  const header = ['User', 'Time', ...columns.map(patternFieldHeader)];
  return { header, rows: row.evidence.map((e) => [row.user, row.time, ...columns.map((c) => e[c] ?? '')]) };
}

export async function writeFindingsWorkbook(sink: ByteSink, rows: FindingsRows, about: [string, string][], options: FindingsWriteOptions = {}): Promise<void> {
  const timeZone = options.timeZone || 'UTC';
  const xlsx = new XlsxWriter(sink, options.maxRows);
  const aboutRows: string[][] = [...about, ['Time zone', `${timeZone} (finding times, review times and evidence times)`]].map(([k, v]) => [k!, v!]);
  await xlsx.startSheet('About', ['Item', 'Value'], undefined, 1, { widths: widthsFrom(['Item', 'Value'], aboutRows), kinds: [TEXT, NUMERIC] });
  for (const r of aboutRows) await xlsx.addRow(r);

  const header = [...FINDINGS_COLUMNS, 'Evidence sheet'];
  const evidence: { name: string; row: FindingsWorkbookRow }[] = [];
  const cellsOfRow = (r: FindingsWorkbookRow) => {
    let sheet = '';
    if (isReviewed(r) && hasEvidence(r)) {
      if (evidence.length < MAX_EVIDENCE_SHEETS) {
        sheet = evidenceSheetName(evidence.length + 1, r.ruleId);
        evidence.push({ name: sheet, row: r });
      } else sheet = `not included (more than ${MAX_EVIDENCE_SHEETS} reviewed findings)`;
    }
    return [...cellsOf(r, timeZone), sheet];
  };
  // The widths from the first rows; the sheet continues as "Findings (2)", … past maxRows (XlsxWriter).
  const sample: string[][] = [];
  let started = false;
  const start = async () => {
    started = true;
    await xlsx.startSheet('Findings', header, undefined, 1, { widths: widthsFrom(header, sample), kinds: [...FINDINGS_KINDS, TEXT] });
    for (const cells of sample) await xlsx.addRow(cells);
    sample.length = 0;
  };
  for await (const r of rows) {
    const cells = cellsOfRow(r);
    if (started) await xlsx.addRow(cells);
    else {
      sample.push(cells);
      if (sample.length >= WIDTH_SAMPLE) await start();
    }
  }
  if (!started) await start();

  const unread = evidence.map((e) => e.row).filter((r) => r.evidenceAt !== undefined);
  if (unread.length > 0 && options.readEvidence) await options.readEvidence(unread);
  for (const { name, row } of evidence) {
    const table = evidenceTable(row);
    await xlsx.startSheet(name, table.header, undefined, 1, { widths: widthsFrom(table.header, table.rows), kinds: kindsFrom(table.header, table.rows) });
    for (const cells of table.rows) await xlsx.addRow(cells);
  }
  await xlsx.finish();
}

/** The findings as CSV: a UTF-8 BOM first (Excel on Windows then reads "geändert" intact), times as in the workbook. */
export async function writeFindingsCsv(sink: ByteSink, rows: FindingsRows, options: Pick<FindingsWriteOptions, 'timeZone'> = {}): Promise<void> {
  const timeZone = options.timeZone || 'UTC';
  const csv = new CsvWriter(sink);
  csv.writeBom();
  await csv.writeRow([...FINDINGS_COLUMNS]);
  for await (const r of rows) await csv.writeRow(cellsOf(r, timeZone));
  await csv.end();
}
