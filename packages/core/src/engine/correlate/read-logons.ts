/**
 * The successful logons (SM20 AU1 AU5) that can complete a pattern, read from the source again in
 * correlation. Step 1 does not keep them: they are about a quarter of a typical SM20 export's rows,
 * and which of them matter is known only once the whole file's failed logons and user
 * administration are (rules/pattern/logon-windows.ts). This read happens only when some window
 * exists, takes the rows as step 1 read them (the same byte ranges, the same record reader) and
 * keeps just the logons inside a window.
 */
import { toEpoch, type FailedLogon } from '../../facts/index.ts';
import { LogonLogBuilder, LogonWindows, type LogonLog, type PlainLogonWindows } from '../../rules/pattern/index.ts';
import { createCanonicalRecord, type CanonicalRecord } from '../../flags/canonical-record.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import { LOGON_EVENTS } from '../../flags/sm20-events.ts';
import { openFile } from '../../formats/open-file.ts';
import { feedTextPart, headerRowsToSkip, type TextPartEnd, type TextPartLayout, type TextPartRange } from '../../formats/read-text-part.ts';
import { RowScanner } from '../../formats/row-scanner.ts';
import type { OpenedFile } from '../../formats/types.ts';
import { peerAddress } from '../parse/collect-facts.ts';
import type { EngineContext, FileStepResult } from '../contract.ts';
import { partLayoutOf } from '../parse/parse-parts.ts';
import { createRecordExtractor } from '../parse/record-extractor.ts';
import { DEBUG_TEXT_PATTERNS, ViewRecord } from '../parse/view-record.ts';

/**
 * Keeps the logons of records read in file order that lie inside a window: [user, terminal, epoch,
 * peer], as step 1's facts held them; and, with `everyLogon`, every logon in a compact log.
 */
class LogonKeeper {
  readonly logons: FailedLogon[] = [];
  readonly log: LogonLogBuilder | undefined;
  constructor(private readonly windows: LogonWindows) {
    this.log = windows.everyLogon ? new LogonLogBuilder() : undefined;
  }

  add(rec: CanonicalRecord): void {
    if (!LOGON_EVENTS.has(rec.event)) return;
    const user = rec.user;
    const terminal = rec.terminal;
    const peer = peerAddress(rec.peer);
    // The date only of a logon some window may hold (a record without one has no time: step 1 kept none such).
    let t = Number.NaN;
    let known = false;
    const epoch = () => {
      known = true;
      return (t = rec.date === '' ? Number.NaN : toEpoch(rec.date, rec.time)!);
    };
    if (this.windows.wants(user, terminal, peer, epoch)) this.logons.push([user, terminal, t, peer]);
    if (this.log) this.log.add(user, peer, terminal, known ? t : epoch());
  }
}

/** Input of the `read-logons` task: one byte range of an SM20 text file and the windows (plain data). */
export interface ReadLogonsInput {
  index: number;
  meta: Pick<OpenedFile, 'canonical' | 'joined' | 'dateOrder'>;
  layout: TextPartLayout;
  range: TextPartRange;
  windows: PlainLogonWindows;
}

export interface ReadLogonsResult {
  logons: FailedLogon[];
  /** Every logon of the range (when the windows ask for every logon). */
  log?: LogonLog;
  /** The UTF-8 decoder switched to Windows-1252 (the file is then read row by row instead). */
  switched: boolean;
}

/**
 * The logons of SM20 file `file` inside `windows`, in file order. A file step 1 read in byte ranges
 * is read in the same ranges (on the task pool when there is one); another delimited text file as
 * one range; anything else (a workbook, a text the UTF-8 decoder had to switch to Windows-1252 in)
 * row by row as openFile gives it.
 */
export async function readLogons(ctx: EngineContext, fc: FlagContext, file: FileStepResult, windows: LogonWindows): Promise<{ logons: FailedLogon[]; logs: LogonLog[] }> {
  const source = ctx.openSource(file.index);
  const opened = await openFile(source, file.fileName);
  const layout = file.parts?.layout ?? (ctx.openSourceRange && ctx.sourceSize ? partLayoutOf(opened) : undefined);
  if (ctx.openSourceRange && layout) {
    (source as { destroy?: () => void }).destroy?.();
    const size = file.parts?.size ?? (await ctx.sourceSize!(file.index));
    const ranges: TextPartRange[] = file.parts ? file.parts.ranges.map((r) => ({ from: r.start, to: r.end, size, start: r.start })) : [{ from: 0, to: size, size }];
    const meta = { canonical: opened.canonical, joined: opened.joined, dateOrder: file.parts?.dateOrder ?? opened.dateOrder };
    const plain = windows.toPlain();
    const inputs = ranges.map((range): ReadLogonsInput => ({ index: file.index, meta, layout, range, windows: plain }));
    const tasks = ctx.tasks;
    const results: ReadLogonsResult[] = tasks ? ((await Promise.all(inputs.map((input) => tasks.run('read-logons', input)))) as ReadLogonsResult[]) : [];
    if (!tasks) for (const input of inputs) results.push(await readLogonsPart(ctx, fc, input));
    if (!results.some((r) => r.switched)) return { logons: results.flatMap((r) => r.logons), logs: results.flatMap((r) => (r.log ? [r.log] : [])) };
    // As step 1: a switch of the decoder is decided over the whole stream.
    return readRows(await openFile(ctx.openSource(file.index), file.fileName), fc, new LogonKeeper(windows));
  }
  return readRows(opened, fc, new LogonKeeper(windows));
}

/** The `read-logons` task: one byte range through step 1's reader (row-scanner.ts, view-record.ts). */
export async function readLogonsPart(ctx: EngineContext, fc: FlagContext, input: ReadLogonsInput): Promise<ReadLogonsResult> {
  const open = ctx.openSourceRange;
  if (!open) throw new Error('read-logons needs EngineContext.openSourceRange');
  const { meta, layout, range } = input;
  const keeper = new LogonKeeper(LogonWindows.fromPlain(input.windows));
  const rec = new ViewRecord('SM20', meta.canonical, meta.dateOrder, layout.delimiter, fc.timeZone, meta.joined);
  const onRow = (row: RowScanner) => {
    rec.load(row);
    keeper.add(rec);
  };
  const scanner = new RowScanner(layout.delimiter, layout.shape, headerRowsToSkip(layout, range), onRow, DEBUG_TEXT_PATTERNS, rec.eagerCells);
  const end: TextPartEnd = { start: -1, stoppedAt: -1, switched: false };
  for await (const _ of feedTextPart((s, e) => open(input.index, s, e), layout, range, end, scanner));
  return { logons: keeper.logons, ...(keeper.log ? { log: keeper.log.toPlain() } : {}), switched: end.switched };
}

/** Every row as openFile gives it (step 1's flagRows path). */
async function readRows(opened: OpenedFile, fc: FlagContext, keeper: LogonKeeper): Promise<{ logons: FailedLogon[]; logs: LogonLog[] }> {
  const extract = createRecordExtractor(opened.fileType, opened.canonical, opened.dateOrder, fc.timeZone);
  const rec = createCanonicalRecord(opened.fileType, opened.joined);
  for await (const batch of opened.batches()) {
    for (const row of batch) {
      extract(row, rec);
      keeper.add(rec);
    }
  }
  return { logons: keeper.logons, logs: keeper.log ? [keeper.log.toPlain()] : [] };
}
