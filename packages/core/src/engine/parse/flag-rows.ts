import { createCanonicalRecord, type CanonicalRecord } from '../../flags/canonical-record.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import { createRecordFlagger, type RecordFlagger } from '../../rules/record/index.ts';
import { createFlagResult, type FlagResult } from '../../flags/flag-result.ts';
import type { AnalysisSummary } from '../../model/index.ts';
import type { CollectedFacts, FileMeta } from '../../facts/index.ts';
import { FactsCollector, RowCells, type LogonRowSource, type TicketCells } from './collect-facts.ts';
import { LogonRowBytes } from './logon-rows.ts';
import { emptySummary, MaskCounts } from './flag-counts.ts';
import { feedTextPart, headerRowsToSkip, type TextPartEnd, type TextPartLayout, type TextPartRange, type TextSink } from '../../formats/read-text-part.ts';
import { RowScanner } from '../../formats/row-scanner.ts';
import { createRecordExtractor } from './record-extractor.ts';
import { DEBUG_TEXT_PATTERNS, ViewRecord } from './view-record.ts';

/**
 * What flagging a run of rows gives: the facts, the counts without CHANGE_VOLUME, and per user-day
 * (ChangeVolumeCounter.key) its change records and how many of them carry no other flag, so
 * CHANGE_VOLUME can be counted once the whole file's volume is known. The facts hold compact column
 * builders: across threads they travel as pack-rows.ts makes them.
 */
export interface FlaggedRows {
  facts: CollectedFacts;
  summary: AnalysisSummary;
  userDayKeys: string[];
  userDayRecords: number[];
  userDayUnflagged: number[];
  /** Line breaks inside quoted cells (lines joined into one record), when the reader counts them. */
  joinedLines?: number;
}

const stepOneFlaggers = new WeakMap<FlagContext, RecordFlagger>();
/**
 * Step 1's flagger for a flag context, one per thread for all parts and files: a new one per part
 * made new closures each time, and each one V8's optimised code had not seen cost a deoptimisation
 * and a recompilation (its memos only cache what the lists say of a value, the same for any part).
 */
function stepOneFlagger(fc: FlagContext): RecordFlagger {
  let f = stepOneFlaggers.get(fc);
  if (!f) stepOneFlaggers.set(fc, (f = createRecordFlagger(fc, { reasons: false })));
  return f;
}

/** Step 1's per-record work over records in file order: flag, keep facts and counts. */
export class RowFlagger {
  private readonly collector: FactsCollector;
  private readonly flag: RecordFlagger;
  // Step 1 needs flags, not their reason texts (the report step flags again).
  private readonly out: FlagResult = createFlagResult(false);
  private readonly masks = new MaskCounts();
  private readonly summary = emptySummary();
  // Per user-day id of the volume counter: change records, and those without any other flag.
  private readonly dayRecords: number[] = [];
  private readonly dayUnflagged: number[] = [];

  /** `logonRows`: where the present row lies in the source (logon-rows.ts), for step 1 reading delimited text. */
  constructor(private readonly meta: FileMeta, index: number, fc: FlagContext, logonRows?: LogonRowSource) {
    this.collector = new FactsCollector(index, meta, undefined, logonRows);
    this.flag = stepOneFlagger(fc);
  }

  /** A ticket row (tickets are not flagged; their facts read their own columns). */
  addTicket(row: TicketCells): void {
    this.collector.addTicket(row, this.meta.dateOrder);
    this.summary.total_records++;
  }

  add(rec: CanonicalRecord): void {
    const out = this.out;
    this.flag(rec, out);
    this.collector.add(rec, out);
    this.masks.add(out.mask);
    if (out.isChange && rec.user !== '' && rec.date !== '') {
      const day = this.collector.volume.userDayOf(rec.user, rec.date);
      while (this.dayRecords.length <= day) {
        this.dayRecords.push(0);
        this.dayUnflagged.push(0);
      }
      this.dayRecords[day]!++;
      if (out.mask === 0) this.dayUnflagged[day]!++;
    }
  }

  finish(): FlaggedRows {
    const userDayKeys: string[] = [];
    const userDayRecords: number[] = [];
    const userDayUnflagged: number[] = [];
    this.dayRecords.forEach((n, day) => {
      if (n === 0) return;
      userDayKeys.push(this.collector.volume.keyOf(day));
      userDayRecords.push(n);
      userDayUnflagged.push(this.dayUnflagged[day]!);
    });
    this.masks.addTo(this.summary);
    return { facts: this.collector.finish(), summary: this.summary, userDayKeys, userDayRecords, userDayUnflagged };
  }
}

/** Step 1 over row batches (any container): extract each row's canonical fields, then flag. */
export async function flagRows(rows: AsyncIterable<string[][]>, meta: FileMeta, index: number, fc: FlagContext, onProgress?: (records: number) => void): Promise<FlaggedRows> {
  const flagger = new RowFlagger(meta, index, fc);
  const extract = createRecordExtractor(meta.fileType, meta.canonical, meta.dateOrder, fc.timeZone);
  const rec = createCanonicalRecord(meta.fileType, meta.joined);
  const tickets = meta.fileType === 'TICKETS';
  const cells = new RowCells();
  let records = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      if (tickets) {
        cells.row = row;
        flagger.addTicket(cells);
        continue;
      }
      extract(row, rec);
      flagger.add(rec);
    }
    records += batch.length;
    onProgress?.(records);
  }
  return flagger.finish();
}

/**
 * Step 1 on one byte range of a delimited UTF-8 or Windows-1252 text file, read by a RowScanner:
 * the same records and results as flagRows over readTextPart's batches, without a string per cell.
 */
export async function flagTextPart(
  open: (start: number, end: number) => AsyncIterable<Uint8Array>,
  input: { index: number; meta: FileMeta; layout: TextPartLayout } & TextPartRange,
  end: TextPartEnd,
  fc: FlagContext,
  onProgress?: (records: number) => void,
): Promise<FlaggedRows> {
  const { meta, layout } = input;
  // SM20: the successful logons are kept as where their rows lie (logon-rows.ts).
  const bytes = meta.fileType === 'SM20' ? new LogonRowBytes(layout.encoding === 'utf-8', end, layout.bomLength) : undefined;
  const flagger = new RowFlagger(meta, input.index, fc, bytes);
  const tickets = meta.fileType === 'TICKETS';
  const rec = new ViewRecord(meta.fileType, meta.canonical, meta.dateOrder, layout.delimiter, fc.timeZone, meta.joined);
  let records = 0;
  const onRow = (row: RowScanner) => {
    records++;
    // A ticket reads its cells from the scanner: no string for the columns it does not read.
    if (tickets) flagger.addTicket(row);
    else {
      rec.load(row);
      flagger.add(rec);
    }
  };
  const scanner = new RowScanner(layout.delimiter, layout.shape, headerRowsToSkip(layout, input), onRow, DEBUG_TEXT_PATTERNS, rec.eagerCells);
  let sink: TextSink = scanner;
  if (bytes) {
    bytes.scanner = scanner;
    sink = bytes;
  }
  for await (const _ of feedTextPart(open, layout, input, end, sink)) onProgress?.(records);
  const rows = flagger.finish();
  if (scanner.quotedLineBreaks > 0) rows.joinedLines = scanner.quotedLineBreaks;
  return rows;
}
