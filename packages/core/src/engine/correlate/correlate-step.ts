import { toCompactFacts, type CompactFacts, readFacts, type Skip } from '../../facts/index.ts';
import { correlationSteps, HeaderIndex, type ItemCorrelation, ITEMS_APART, LATE_KEYS, type HeaderSource, type LateKey } from '../../correlate/index.ts';
import { LogonLogBuilder, LogonWindows } from '../../rules/pattern/index.ts';
import { createTimingCheck } from '../../flags/change-timing.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import type { CorrelateStepResult, EngineContext, FileStepResult } from '../contract.ts';
import { writeJson } from '../../workspace/index.ts';
import { correlateItemsTask, writeItemHeaders, type CorrelateItemsInput } from './correlate-items.ts';
import { CORRELATION_NAME, factsName, ITEM_HEADERS_NAME, PATTERN_TABLE_NAME, type StoredCorrelation } from '../names.ts';
import type { PatternTable } from '../../correlate/pattern-table.ts';
import { readLogonRows, type RowLogons } from '../parse/logon-rows.ts';

/** Facts keys correlation does not read. */
const NOT_FOR_CORRELATION = new Set(['columns', 'canonical', 'logonRows']);
/** All but the change-document headers. */
const HEADERS_ONLY: ReadonlySet<string> = new Set(['columns', 'canonical', 'logonRows', 'volume', 'sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'securityEvents', 'logons', 'userAdmin', 'itemKeys', 'sensitiveItemKeys', 'afterHoursSensitive', 'tickets']);

/** Each file's facts in the codec's compact mode (typed columns, no string per row); `skip` names keys not to decode. */
export async function loadCompactFacts(ctx: EngineContext, files: FileStepResult[], skip: Skip = NOT_FOR_CORRELATION): Promise<CompactFacts[]> {
  const out: CompactFacts[] = [];
  // One file after the other: the read buffers of one stream at a time.
  for (const f of files) {
    const raw = await readFacts<Record<string, unknown>>(ctx.workspace, factsName(f.index), skip, 'compact');
    if (!raw) throw new Error(`facts of file ${f.index} (${f.fileName}) are missing: run parseAndFlagFile first`);
    out.push(toCompactFacts(raw));
  }
  return out;
}

/**
 * The HeaderIndex the report step's CDPOS items inherit from: the item headers correlation
 * stored (a row per item key with a header), else all headers of the CDHDR and joined CDPOS files.
 */
export async function loadItemHeaderIndex(ctx: EngineContext, files: FileStepResult[]): Promise<HeaderIndex> {
  const stored = await readFacts<{ distinct: number; docs: HeaderSource['docs'] }>(ctx.workspace, ITEM_HEADERS_NAME, new Set(), 'compact');
  if (stored) return new HeaderIndex([{ fileType: 'CDHDR', joined: false, docs: stored.docs }], stored.distinct);
  const headerFiles = files.filter((f) => f.fileType === 'CDHDR' || f.fileType === 'CDPOS');
  return new HeaderIndex(await loadCompactFacts(ctx, headerFiles, HEADERS_ONLY));
}

/** Which file types hold a late key (FileFacts: tickets only in ticket files, item keys only in CDPOS files). */
const LATE_KEY_TYPES: Record<LateKey, (t: string) => boolean> = {
  tickets: (t) => t === 'TICKETS',
  itemKeys: (t) => t === 'CDPOS',
  sensitiveItemKeys: (t) => t === 'CDPOS',
  afterHoursSensitive: (t) => t !== 'TICKETS',
};

/** Reads `keys` of each file's facts into `facts` (another pass over the facts files, skipping the rest). */
async function loadLateKeys(ctx: EngineContext, files: FileStepResult[], facts: CompactFacts[], keys: LateKey[]): Promise<void> {
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const wanted = keys.filter((k) => LATE_KEY_TYPES[k](f.fileType));
    if (wanted.length === 0) continue;
    const raw = await readFacts<Record<string, unknown>>(ctx.workspace, factsName(f.index), (key) => !wanted.includes(key as LateKey), 'compact', wanted);
    if (!raw) throw new Error(`facts of file ${f.index} (${f.fileName}) are missing: run parseAndFlagFile first`);
    const compact = toCompactFacts(raw);
    const target = facts[i]! as unknown as Record<LateKey, unknown>;
    for (const k of wanted) target[k] = compact[k];
  }
}

/**
 * The SM20 files' logons whose rows step 1 kept (logon-rows.ts), read while this thread loads the
 * facts (both wait on reads): per file a promise, of undefined for a file whose facts hold the logons'
 * values instead. Here, not as a pool task: a task started a worker of its own beside the
 * `correlate-items` one, which cost more CPU than the read (about 0.5 CPU-s per 100 MB of SM20) and
 * raised the run's peak memory with its heap (docs/benchmarks.md, 2026-11-28 19:50 UTC).
 */
function readLogonsApart(ctx: EngineContext, fc: FlagContext, files: FileStepResult[], early: EarlyLogons = []): (Promise<RowLogons | undefined> | undefined)[] {
  return files.map((f, i) => (f.fileType !== 'SM20' ? undefined : (early[i] ?? readLogonsOf(ctx, fc, f))));
}

/** Logons read ahead of correlation (`readLogonsOf`), by the files' position. */
export type EarlyLogons = readonly (Promise<RowLogons | undefined> | undefined)[];

/**
 * What was started for correlation during step 1 (analyze-files.ts): the logons of SM20 files,
 * and the `correlate-items` task (early-items.ts), whose result correlation then takes instead
 * of starting the task (it is used only where correlation would run it with `itemsApart`).
 */
export interface Early {
  logons?: EarlyLogons;
  items?: Promise<ItemCorrelation>;
}

/**
 * An SM20 file's logons whose rows step 1 kept (undefined when it kept their values): read once the
 * file's step 1 is done, by correlation or before it (analyze-files.ts starts it while step 1 reads
 * the next files, so correlation does not wait for it on this thread).
 */
export function readLogonsOf(ctx: EngineContext, fc: FlagContext, f: FileStepResult): Promise<RowLogons | undefined> {
  const read = readLogonRows(ctx, fc, { index: f.index, fileName: f.fileName, ...(f.parts ? { parts: f.parts } : {}) });
  // Awaited in addLogons: a failure must not go unhandled before then.
  read.catch(() => {});
  return read;
}

/**
 * The SM20 files' successful logons (step 1 keeps each one's row, or in some files its values): those
 * that can complete a pattern (rules/pattern/logon-windows.ts) as `logons`, and all of them in a
 * compact log (MULTIPLE_LOGONS_BY_USER, UNEXPECTED_NETWORK_LOGON) as `logonLogs`.
 */
async function addLogons(fc: FlagContext, files: FileStepResult[], facts: CompactFacts[], rowLogons: (Promise<RowLogons | undefined> | undefined)[]): Promise<void> {
  if (!files.some((f) => f.fileType === 'SM20')) return;
  const windows = new LogonWindows({ events: facts.flatMap((f) => f.securityEvents), failedLogons: facts.flatMap((f) => f.failedLogons), thresholds: fc.thresholds });
  for (let i = 0; i < files.length; i++) {
    if (files[i]!.fileType !== 'SM20') continue;
    const all = facts[i]!.logons;
    const rows = await rowLogons[i];
    if (rows) {
      if (all.length > 0) throw new Error(`facts of file ${files[i]!.index} hold logons as rows and as values`);
      const kept: typeof all = [];
      for (let k = 0; k < rows.time.length; k++) {
        const user = rows.users[rows.user[k]!]!;
        const terminal = rows.terminals[rows.terminal[k]!]!;
        const peer = rows.peers[rows.peer[k]!]!;
        const t = rows.time[k]!;
        if (windows.wants(user, terminal, peer, () => t)) kept.push([user, terminal, t, peer]);
      }
      facts[i]!.logons = kept;
      facts[i]!.logonLogs = [rows.log];
      continue;
    }
    const log = new LogonLogBuilder();
    const kept: typeof all = [];
    for (const logon of all) {
      const [user, terminal, t, peer = ''] = logon;
      if (windows.wants(user, terminal, peer, () => t)) kept.push(logon);
      log.add(user, peer, terminal, t);
    }
    facts[i]!.logons = kept;
    facts[i]!.logonLogs = [log.toPlain()];
  }
}

const hasHeadersOrItems = (f: FileStepResult) => f.fileType === 'CDHDR' || f.fileType === 'CDPOS';

/**
 * Correlates the files' facts and stores the result as `correlation.json`. With `itemsApart` (by
 * default when the context has a task pool and there are change documents) the work over the items
 * and their headers runs as the `correlate-items` task (correlate-items.ts) beside the rest: the
 * same result, on two threads.
 */
export async function correlateAndStore(ctx: EngineContext, fc: FlagContext, files: FileStepResult[], itemsApart = ctx.tasks !== undefined && files.some(hasHeadersOrItems), early: Early = {}): Promise<StoredCorrelation & { table: PatternTable }> {
  const input: CorrelateItemsInput = { files: files.map(({ index, fileName, fileType }) => ({ index, fileName, fileType })) };
  const tasks = ctx.tasks;
  const items = !itemsApart ? undefined : (early.items ?? (tasks ? (tasks.run('correlate-items', input) as Promise<ItemCorrelation>) : correlateItemsTask(ctx, fc, input)));
  // Awaited only where correlation needs it: a failure must not go unhandled before then.
  items?.catch(() => {});
  // The logons' rows are read while the facts load.
  const rowLogons = readLogonsApart(ctx, fc, files, early.logons);
  // The late keys are read right before correlation uses them (correlationSteps).
  const late = new Set<string>(LATE_KEYS);
  let facts: CompactFacts[] | undefined = await loadCompactFacts(ctx, files, (key) => NOT_FOR_CORRELATION.has(key) || late.has(key));
  await addLogons(fc, files, facts, rowLogons);
  const run = correlationSteps(facts, createTimingCheck(fc.holidayOf, true, fc.thresholds.businessHours), { thresholds: fc.thresholds, kindOf: fc.watchlist.kindOf, itemsApart });
  let step = run.next();
  while (!step.done) {
    if (step.value === ITEMS_APART) {
      step = run.next(await items);
      continue;
    }
    await loadLateKeys(ctx, files, facts, step.value);
    step = run.next();
  }
  // correlationSteps asks for the result only when it runs the joins, which it always does; this keeps the promise from being left behind.
  await items;
  const result = step.value;
  facts = undefined;
  const stored: StoredCorrelation = { patterns: [], patternCounts: result.patternCounts, summary: result.summary, volume: result.volume.overLimitEntries(), completions: result.completions };
  // Written before correlation.json: a report step that finds correlation.json finds these too.
  if (result.itemHeaders) await writeItemHeaders(ctx.workspace, result.itemHeaders);
  await writePatternTable(ctx, result.table);
  await writeJson(ctx.workspace, CORRELATION_NAME, stored);
  return { ...stored, table: result.table, get patterns() { return result.patterns; } };
}

/** The patterns as the table's bytes (no object or string per pattern: there is no cap on their number). */
async function writePatternTable(ctx: EngineContext, table: PatternTable): Promise<void> {
  const sink = ctx.workspace.write(PATTERN_TABLE_NAME);
  for (const chunk of table.encode()) if (chunk.byteLength > 0) await sink.write(chunk);
  await sink.end();
}

/** Step 2: joins and patterns over the files' facts, stored as `correlation.json` and `patterns.ndjson`. */
export async function correlateFilesStep(ctx: EngineContext, fc: FlagContext, files: FileStepResult[], early?: Early): Promise<CorrelateStepResult> {
  const stored = await correlateAndStore(ctx, fc, files, undefined, early);
  return { patterns: Object.values(stored.patternCounts).reduce((n, c) => n + (c ?? 0), 0), correlated: files.length > 1 };
}
