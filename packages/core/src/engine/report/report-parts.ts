/**
 * One piece of the report step: the final rows of one file, as sheet XML compressed into
 * deflate segments and/or combined-CSV text, written into the workspace, plus its statistics.
 * Pieces of an analysis run in worker threads (tasks.ts); writeReports joins them in order.
 */
import type { FlagContext } from '../../flags/flag-context.ts';
import { otherIsHigh, severityOf } from '../../flags/flag-result.ts';
import { FLAG_KEYS } from '../../model/index.ts';
import { ByteRows, type SheetCells } from '../../report/row-bytes.ts';
import { SheetSegments, type SheetSegment } from './sheet-segments.ts';
import { ANNOTATIONS_NAME, type EngineContext, type FileStepResult, type SourceParts } from '../contract.ts';
import { forEachFinalRecord, prepareFinalState, type FinalSourceInfo, type FinalState } from './final-records.ts';
import { isoDateTime, isTemporalName, recordDateCell, recordTimeCell, temporalColumnsOf } from './temporal-cells.ts';
import { readText } from '../../workspace/index.ts';
import type { FileFacts } from '../../facts/index.ts';
import { canonicalSources, canonicalValue, positionsIn, type SheetLayout } from './report-layout.ts';
import { ReportStats, type ReportStatsJSON } from './report-stats.ts';
import { RulesCells } from './rules-cells.ts';
import { openTimelinePart, type TimelinePartResult } from '../../review/timeline-index/index-parts.ts';
import { openHighRecordsPart } from '../../review/high-records.ts';
import type { FindingLinesResult } from '../../review/finding-lines.ts';
import { CaseTally, type CaseTallyJSON, type CaseTrigger } from '../../cases/index.ts';
import { FLAG_INDEX } from '../../flags/flag-result.ts';

export interface ReportPartInput {
  /** Every file of the analysis (the header index of CDPOS items comes from the others). */
  files: FileStepResult[];
  /** `index` of the file this part writes. */
  fileIndex: number;
  xlsx: boolean;
  csv: boolean;
  stats: boolean;
  /** The sheet of this file's type; data rows of earlier files of the type come first. */
  layout: SheetLayout;
  sheetRowOffset: number;
  /** Rows per sheet, header included (Excel's limit, smaller in tests). */
  maxRows: number;
  csvColumns: string[];
  /** The combined CSV's canonical columns (csvCanonicalColumns: every type's, once each), after the original ones. */
  csvCanonical: string[];
  aiColumn?: string;
  /** Workspace name prefix for this part's outputs. */
  output: string;
  /** Only byte range `k` of the file (step 1 read it in these parts); `sheetRowOffset` counts the rows before it. */
  range?: { parts: SourceParts; k: number };
  /** With the CSV: record each row for the per-user timeline index (review/timeline-index). */
  timeline?: boolean;
  /** With the CSV: keep the flagged records of high severity (review/high-records.ts). */
  highRecords?: boolean;
  /** With the high records: the analysis id, to make their findings in this part too (review/finding-lines.ts). */
  findingsOf?: string;
  /** With the statistics: the windows to watch for the cases' escalations (cases/escalations.ts). */
  caseTriggers?: CaseTrigger[];
}

export type { SheetSegment } from './sheet-segments.ts';

export interface ReportPartResult {
  fileIndex: number;
  written: number;
  segments: SheetSegment[];
  csv?: { name: string; bytes: number };
  timeline?: TimelinePartResult;
  highRecords?: { name: string; kept: number; total: number; bytes?: number; findings?: FindingLinesResult };
  stats?: ReportStatsJSON;
  /** With the statistics: what the cases need of this part's records (cases/tally.ts). */
  cases?: CaseTallyJSON;
  /** Sheet parts: the longest value per column over the first rows written (column widths come from it). */
  longest?: number[];
}

const NO_RULES: readonly string[] = [];

/** Rows per part whose values size the columns. */
const WIDTH_SAMPLE_ROWS = 200;

/** AI notes by "fileIndex:rowIndex" (annotations.ndjson, written by the AI step). */
export async function readAnnotations(ctx: EngineContext): Promise<Map<string, string>> {
  const text = await readText(ctx.workspace, ANNOTATIONS_NAME);
  const map = new Map<string, string>();
  if (!text) return map;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const { ref, text: note } = JSON.parse(line) as {
      ref: string;
      text: string;
    };
    if (typeof ref === 'string' && typeof note === 'string') map.set(ref, note);
  }
  return map;
}

/** The files a part needs facts of: its own, and for CDPOS items the change-document headers. */
function filesFor(input: ReportPartInput): FileStepResult[] {
  const own = input.files.find((f) => f.index === input.fileIndex);
  if (!own) throw new Error(`report part: no file with index ${input.fileIndex}`);
  if (own.fileType !== 'CDPOS') return [own];
  return input.files.filter((f) => f === own || f.fileType === 'CDHDR' || f.fileType === 'CDPOS');
}

// A file read in byte ranges gives several parts per worker: the final state (CDPOS header index
// above all) is built once per analysis context and file set, not once per part.
const finalStates = new WeakMap<EngineContext, Map<string, Promise<FinalState>>>();
function finalStateFor(ctx: EngineContext, flagContext: FlagContext, files: FileStepResult[]): Promise<FinalState> {
  let byFiles = finalStates.get(ctx);
  if (!byFiles) finalStates.set(ctx, (byFiles = new Map()));
  const key = files.map((f) => f.index).join(',');
  let state = byFiles.get(key);
  if (!state) {
    state = prepareFinalState(ctx, flagContext, files);
    byFiles.set(key, state);
    state.catch(() => byFiles.delete(key));
  }
  return state;
}

/**
 * Where each cell of a part's rows goes: the sheet's and the CSV's position of each of the file's
 * columns, the canonical columns' sources, and which sheet cell a CSV cell copies its bytes from.
 */
function columnPlan(input: ReportPartInput, facts: FileFacts, csvCanonicalStart: number, csvFlagStart: number, csvWidth: number) {
  const { layout } = input;
  const columnCount = facts.columns.length;
  const sheetPos = positionsIn(layout.originals, facts.columns, 0);
  const csvPos = positionsIn(input.csvColumns, facts.columns, 2);
  const sources = canonicalSources(layout, facts.canonical);
  const temporalSource = layout.canonicalNames.map((name, j) => isTemporalName(name) && sources[j]! >= 0);
  // The CSV's canonical cells are the sheet's, as text (ISO dates and times).
  const csvCanonicalPos = layout.canonicalNames.map((name) => csvCanonicalStart + input.csvCanonical.indexOf(name));
  const canonicalStart = layout.originals.length;
  const sheetWidth = layout.header.length;
  const flagEnd = layout.flagStart + FLAG_KEYS.length;
  // A canonical column mostly repeats its original column: the sheet row copies that cell's bytes.
  const sameAs = new Int32Array(sheetWidth).fill(-1);
  layout.canonicalNames.forEach((name, j) => {
    const col = facts.canonical[name];
    if (col !== undefined && col < columnCount) sameAs[canonicalStart + j] = sheetPos[col]!;
  });
  const columnOf = new Int32Array(csvWidth).fill(-1);
  for (let j = 0; j < columnCount; j++) columnOf[csvPos[j]!] = sheetPos[j]!;
  for (let j = 0; j < csvCanonicalPos.length; j++) columnOf[csvCanonicalPos[j]!] = canonicalStart + j;
  for (let k = 0; k < FLAG_KEYS.length; k++) columnOf[csvFlagStart + k] = layout.flagStart + k;
  if (input.aiColumn) columnOf[csvWidth - 1] = sheetWidth - 1;
  return { sheetPos, csvPos, sources, temporalSource, csvCanonicalPos, canonicalStart, sheetWidth, flagEnd, sameAs, columnOf };
}

export async function writeReportPart(ctx: EngineContext, flagContext: FlagContext, input: ReportPartInput, onProgress: (records: number) => void = () => {}): Promise<ReportPartResult> {
  const state = await finalStateFor(ctx, flagContext, filesFor(input));
  const facts = state.facts.find((f) => f.index === input.fileIndex)!;
  const annotations = input.aiColumn ? await readAnnotations(ctx) : new Map<string, string>();
  const { layout, aiColumn } = input;
  const stats = input.stats ? new ReportStats() : undefined;
  const result: ReportPartResult = {
    fileIndex: input.fileIndex,
    written: 0,
    segments: [],
  };

  const csvCanonicalStart = 2 + input.csvColumns.length;
  const csvFlagStart = csvCanonicalStart + input.csvCanonical.length;
  // The flag columns, RULES, then the AI column.
  const csvWidth = csvFlagStart + FLAG_KEYS.length + 1 + (aiColumn ? 1 : 0);
  const csvName = `${input.output}/rows.csv`;
  const csvSink = input.csv ? ctx.workspace.write(csvName) : undefined;
  let csvBytes = 0;
  const csv = csvSink
    ? new ByteRows((chunk, release) => {
        csvBytes += chunk.length;
        return csvSink.write(chunk, release);
      })
    : undefined;

  // Sheet rows go into deflate segments, a new one where the type's sheet continues on the next.
  const sheet = new SheetSegments(ctx.workspace, input.output, input.sheetRowOffset, input.maxRows, input.xlsx);
  const xml = sheet.xml;
  // The first row of the file part and of each continuation sheet: open its segment first.
  const writeToNewSegment = async (row: number) => {
    await sheet.openFor(row);
    xml.xmlRow(cells, sheet.sheetRowOf(row), layout.flagStart, flagEnd, sameAs, kinds);
    await xml.wait();
  };

  const { sheetPos, csvPos, sources, temporalSource, csvCanonicalPos, canonicalStart, sheetWidth, flagEnd, sameAs, columnOf } = columnPlan(input, facts, csvCanonicalStart, csvFlagStart, csvWidth);
  const cells = new Array<string>(sheetWidth).fill('');
  const line = new Array<string>(csvWidth).fill('');
  line[0] = facts.fileType;
  line[1] = facts.fileName;
  const columnCount = facts.columns.length;
  const kinds = layout.kinds;
  // Date and time cells in ISO (typed in the sheet; a workbook's serials in the CSV and statistics too).
  const temporal = temporalColumnsOf(facts);
  const timestamp = temporal.timestamp;
  let source: FinalSourceInfo = { dateOrder: 'DMY', fromExcel: false };
  const longest = input.xlsx ? new Array<number>(sheetWidth).fill(0) : undefined;
  // Where a CSV cell's value is in the sheet row: the CSV copies the bytes the sheet row just wrote.
  const sheetCells: SheetCells | undefined = input.xlsx ? { rows: xml, columnOf } : undefined;
  // Severity texts by mask (and whether OTHER counts as high): a small set.
  const severities = new Map<number, string>();
  const severityFor = (mask: number, high: boolean) => {
    const key = mask * 2 + (high ? 1 : 0);
    let s = severities.get(key);
    if (s === undefined) severities.set(key, (s = severityOf(mask, high ? 'high' : 'medium')));
    return s;
  };
  const timeline = csv && input.timeline ? openTimelinePart(ctx.workspace, `${input.output}/timeline.bin`, facts) : undefined;
  const high = csv && input.highRecords ? openHighRecordsPart(ctx.workspace, `${input.output}/high-records.ndjson`, facts.fileType, facts.fileName, facts.columns, input.findingsOf) : undefined;
  const tally = input.stats ? new CaseTally(input.caseTriggers) : undefined;
  const HIGH_RISK_TCODE = FLAG_INDEX.HIGH_RISK_TCODE_FLAG;
  const rulesCells = new RulesCells();
  // Flag cells are rewritten only while rows are flagged or right after one.
  let lastFlagged = false;
  let written = 0;

  await forEachFinalRecord(
    ctx,
    flagContext,
    state,
    facts,
    (rowIndex, row, rec, out) => {
      const note = aiColumn && out.mask !== 0 ? (annotations.get(`${facts.index}:${rowIndex}`) ?? '') : '';
      const rowNumber = written++;
      if (written % 65536 === 0) onProgress(written);
      let a: Promise<void> | void = undefined;
      let b: Promise<void> | void = undefined;
      // Cells of columns beyond a short row are emptied first (then a repeated label keeps the value
      // of its last present column, as the fill-then-copy did); cells beyond the file's columns are never set.
      const m = row.length < columnCount ? row.length : columnCount;
      let dateCell = '';
      let timeCell = '';
      if (temporal.date >= 0 && temporal.date < m) dateCell = recordDateCell(row[temporal.date]!, rec, timestamp);
      if (temporal.time >= 0 && temporal.time < m && !timestamp) timeCell = recordTimeCell(row[temporal.time]!, rec);
      if (source.fromExcel) {
        // Serials mean dates: the CSV and the flag samples show them in ISO as well.
        if (dateCell !== '') row[temporal.date] = dateCell;
        if (timeCell !== '') row[temporal.time] = timeCell;
        for (const j of temporal.dateTimes) if (j < m) row[j] = isoDateTime(row[j]!, source.dateOrder, true);
      }
      stats?.add(facts.fileName, facts.columns, row, rec, out);
      tally?.add(rec, facts.fileName, out.mask !== 0 ? out.rules : NO_RULES, out.isChange, out.reasons[HIGH_RISK_TCODE] !== undefined);
      const flagged = out.mask !== 0;
      const rewriteFlags = flagged || lastFlagged;
      lastFlagged = flagged;
      // One string per rule list, for the sheet and the CSV alike (two joins per flagged row before).
      const rules = flagged ? rulesCells.of(out.rules) : '';
      if (input.xlsx || csv) {
        // Reused per row: the writer turns the row into bytes before returning.
        for (let j = m; j < columnCount; j++) cells[sheetPos[j]!] = '';
        for (let j = 0; j < m; j++) cells[sheetPos[j]!] = row[j]!;
        if (dateCell !== '') cells[sheetPos[temporal.date]!] = dateCell;
        if (timeCell !== '') cells[sheetPos[temporal.time]!] = timeCell;
        if (!source.fromExcel) for (const j of temporal.dateTimes) if (j < m) cells[sheetPos[j]!] = isoDateTime(row[j]!, source.dateOrder, false);
        for (let j = 0; j < sources.length; j++) {
          const from = sources[j]!;
          // A ticket's date-time canonical column repeats its original cell as the sheet has it.
          cells[canonicalStart + j] = from >= 0 && from < m && temporalSource[j] ? cells[sheetPos[from]!]! : canonicalValue(from, row, rec);
        }
      }
      if (input.xlsx) {
        if (rewriteFlags) {
          for (let k = 0; k < FLAG_KEYS.length; k++) cells[layout.flagStart + k] = out.reasons[k] ?? '';
          cells[flagEnd] = rules;
          cells[flagEnd + 1] = flagged ? severityFor(out.mask, otherIsHigh(out)) : '';
        }
        if (aiColumn) cells[sheetWidth - 1] = note;
        if (longest && rowNumber < WIDTH_SAMPLE_ROWS) for (let i = 0; i < sheetWidth; i++) if (cells[i]!.length > longest[i]!) longest[i] = cells[i]!.length;
        if (sheet.continues(rowNumber)) {
          sheet.counted();
          xml.xmlRow(cells, sheet.sheetRowOf(rowNumber), layout.flagStart, flagEnd, sameAs, kinds);
          a = xml.wait();
        } else a = writeToNewSegment(rowNumber);
      }
      if (csv) {
        for (let j = m; j < columnCount; j++) line[csvPos[j]!] = '';
        for (let j = 0; j < m; j++) line[csvPos[j]!] = row[j]!;
        for (let j = 0; j < csvCanonicalPos.length; j++) line[csvCanonicalPos[j]!] = cells[canonicalStart + j]!;
        if (rewriteFlags) {
          for (let k = 0; k < FLAG_KEYS.length; k++) line[csvFlagStart + k] = out.reasons[k] ?? '';
          line[csvFlagStart + FLAG_KEYS.length] = rules;
        }
        if (aiColumn) line[csvWidth - 1] = note;
        const at = timeline ? csvBytes + csv.buffered : 0;
        csv.csvRow(line, sheetCells);
        timeline?.add(row, rec, flagged, at, csvBytes + csv.buffered - at);
        b = csv.wait();
      }
      const c = high && flagged ? high.add(row, out.reasons, out.rules, rec) : undefined;
      if (a || b || c) return Promise.all([a, b, c]).then(() => undefined);
    },
    input.range,
    (info) => {
      source = info;
      if (timeline) timeline.dateOrder = info.dateOrder;
    },
  );
  await sheet.close();
  result.segments = sheet.segments;
  if (csv) {
    await csv.flush();
    await csvSink!.end();
    result.csv = { name: csvName, bytes: csvBytes };
  }
  if (timeline) result.timeline = await timeline.close();
  if (high) result.highRecords = await high.close();
  onProgress(written);
  result.written = written;
  if (longest) result.longest = longest;
  if (stats) result.stats = stats.toJSON();
  if (tally) result.cases = tally.toJSON();
  return result;
}
