import type { HeaderIndex } from '../../correlate/index.ts';
import { docCompletionKey, sm20CompletionKey } from '../../rules/pattern/index.ts';
import { createCanonicalRecord, type CanonicalRecord } from '../../flags/canonical-record.ts';
import { ChangeVolumeCounter, volumeReason } from '../../flags/change-volume.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import { createRecordFlagger } from '../../rules/record/index.ts';
import { createFlagResult, setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { docKey, emptyDocColumns, FILE_FACTS_KEYS, readFacts, toEpoch, type FileFacts } from '../../facts/index.ts';
import { patternRuleId } from '../../rules/index.ts';
import { openFile } from '../../formats/open-file.ts';
import type { DateOrder, OpenedFile } from '../../formats/types.ts';
import type { PatternName, SuspiciousPattern } from '../../model/index.ts';
import type { EngineContext, FileStepResult, SourceParts } from '../contract.ts';
import { readJson } from '../../workspace/index.ts';
import { CORRELATION_NAME, factsName, PATTERN_TABLE_NAME, PATTERNS_NAME, type StoredCorrelation } from '../names.ts';
import { PatternTable } from '../../correlate/pattern-table.ts';
import { linesOf } from '../../workspace/index.ts';
import { loadItemHeaderIndex } from '../correlate/correlate-step.ts';
import { createRecordExtractor } from '../parse/record-extractor.ts';
import { openSourcePart, type FinalSource } from './source-parts.ts';

/** Facts keys only correlation reads; the report step skips them (see prepareFinalState). */
const CORRELATION_ONLY_KEYS = ['logonRows', 'volume', 'sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'securityEvents', 'logons', 'userAdmin', 'itemKeys', 'sensitiveItemKeys', 'afterHoursSensitive', 'tickets'] as const;
/** The report step reads each file's shape, and (compactly, for the HeaderIndex) the change-document headers. */
const SHAPE_ONLY: ReadonlySet<string> = new Set([...CORRELATION_ONLY_KEYS, 'docs']);

/** Each file's facts; `skipOf` may name top-level keys not to decode for a file (they come back empty). */
export async function loadFacts(ctx: EngineContext, files: FileStepResult[], skipOf?: (f: FileStepResult) => ReadonlySet<string>): Promise<FileFacts[]> {
  return Promise.all(
    files.map(async (f) => {
      const skip = skipOf?.(f);
      // With keys skipped, reading stops after the last wanted key (the report step reads only the shape, which comes first).
      const facts = await readFacts<FileFacts>(ctx.workspace, factsName(f.index), skip, 'plain', skip ? FILE_FACTS_KEYS.filter((k) => !skip.has(k)) : undefined);
      if (!facts) throw new Error(`facts of file ${f.index} (${f.fileName}) are missing: run parseAndFlagFile first`);
      if (skip) Object.assign(facts, emptyBulkyFacts(skip));
      return facts;
    }),
  );
}

function emptyBulkyFacts(skip: ReadonlySet<string>): Partial<FileFacts> {
  const empty: Partial<FileFacts> = {
    docs: emptyDocColumns(),
    sm20Changes: { users: [], times: [], events: [], tcodes: [], flagged: [] },
    itemKeys: [],
    sensitiveItemKeys: [],
    tickets: [],
    volume: { documents: [], events: [] },
    debuggerChanges: [],
    tableChanges: [],
    failedLogons: [],
    securityEvents: [],
    logons: [],
    userAdmin: [],
    afterHoursSensitive: [],
  };
  return Object.fromEntries(Object.entries(empty).filter(([k]) => skip.has(k)));
}

/**
 * Step 2's stored result: the report step reads it and never correlates itself (correlation always
 * runs first, also for one file). Its patterns are read apart (storedPatternTable), by the
 * coordinator only: the report parts need the completions and the change volume, not the patterns.
 */
export async function storedCorrelation(ctx: EngineContext): Promise<StoredCorrelation> {
  const stored = await readJson<StoredCorrelation>(ctx.workspace, CORRELATION_NAME);
  if (!stored) throw new Error(`${CORRELATION_NAME} is missing: run correlateFiles before the report step`);
  return stored;
}

/** Every stored pattern, in the listed order, as a PatternTable (from the JSON of workspaces written before it). */
export async function storedPatternTable(ctx: EngineContext): Promise<PatternTable> {
  try {
    return await PatternTable.read(ctx.workspace.read(PATTERN_TABLE_NAME));
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw e;
    return PatternTable.of(await legacyPatterns(ctx));
  }
}

/** The patterns of a workspace written before the pattern table: patterns.ndjson, or before that correlation.json. */
async function legacyPatterns(ctx: EngineContext): Promise<SuspiciousPattern[]> {
  const patterns: SuspiciousPattern[] = [];
  try {
    for await (const line of linesOf(ctx.workspace, PATTERNS_NAME)) patterns.push(JSON.parse(line) as SuspiciousPattern);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw e;
    return (await readJson<StoredCorrelation>(ctx.workspace, CORRELATION_NAME))?.patterns ?? [];
  }
  return patterns;
}

export interface FinalState {
  facts: FileFacts[];
  correlation: StoredCorrelation;
  headers: HeaderIndex | undefined;
  volume: ChangeVolumeCounter;
}

export async function prepareFinalState(ctx: EngineContext, _flagContext: FlagContext, files: FileStepResult[]): Promise<FinalState> {
  const correlation = await storedCorrelation(ctx);
  // The report pass needs only each file's shape, and the change-document headers when CDPOS
  // items inherit them (kept compact: dictionary ids and packed bytes, see HeaderIndex).
  const facts = await loadFacts(ctx, files, () => SHAPE_ONLY);
  const needsHeaders = facts.some((f) => f.fileType === 'CDPOS' && !f.joined);
  const headers = needsHeaders ? await loadItemHeaderIndex(ctx, files) : undefined;
  return { facts, correlation, headers, volume: ChangeVolumeCounter.fromOverLimit(correlation.volume) };
}

/**
 * What the report step's coordinator needs (report parts load the rest themselves): each file's
 * shape, the stored correlation (its patterns are read apart: storedPatterns), and whether CDPOS
 * items inherit change-document headers.
 */
export async function loadReportShapes(ctx: EngineContext, _flagContext: FlagContext, files: FileStepResult[]): Promise<{ facts: FileFacts[]; correlation: StoredCorrelation; hasHeaders: boolean }> {
  const correlation = await storedCorrelation(ctx);
  const facts = await loadFacts(ctx, files, () => SHAPE_ONLY);
  const needsHeaders = facts.some((f) => f.fileType === 'CDPOS' && !f.joined);
  // HeaderIndex.size > 0 exactly when a CDHDR file or a joined CDPOS file has a record (each record is or repeats a header).
  const hasHeaders = needsHeaders && facts.some((f) => (f.fileType === 'CDHDR' || (f.fileType === 'CDPOS' && f.joined)) && f.records > 0);
  return { facts, correlation, hasHeaders };
}

/** Called per record of the final pass; may return a promise (then the pass waits for it). */
export type FinalRecordVisitor = (rowIndex: number, row: string[], rec: CanonicalRecord, out: FlagResult) => void | Promise<void>;

/** What the final pass learnt when it opened the file: its day/month order, and whether it is a workbook (dates as Excel serials). */
export interface FinalSourceInfo {
  dateOrder: DateOrder;
  fromExcel: boolean;
}

/**
 * Re-reads one original file and gives each record with its final flags: CDPOS items inherit
 * their header (user, date, time, tcode), CHANGE_VOLUME comes from the whole analysis.
 */
export async function forEachFinalRecord(
  ctx: EngineContext,
  flagContext: FlagContext,
  state: FinalState,
  facts: FileFacts,
  visit: FinalRecordVisitor,
  part?: { parts: SourceParts; k: number },
  onOpen?: (info: FinalSourceInfo) => void,
): Promise<void> {
  // The whole file, or one of the byte ranges step 1 read it in (rows numbered from the range's first).
  const opened: FinalSource = part ? openSourcePart(ctx, facts, part.parts, part.k) : await openFile(ctx.openSource(facts.index), facts.fileName);
  onOpen?.({ dateOrder: opened.dateOrder, fromExcel: 'format' in opened && (opened as OpenedFile).format.container === 'xlsx' });
  const extract = createRecordExtractor(opened.fileType, opened.canonical, opened.dateOrder, flagContext.timeZone);
  const flag = createRecordFlagger(flagContext);
  const completion = completionsOf(state.correlation, opened.fileType, opened.joined);
  const rec = createCanonicalRecord(opened.fileType, opened.joined);
  const out = createFlagResult();
  const headers = opened.fileType === 'CDPOS' && !opened.joined && state.headers && state.headers.size > 0 ? state.headers : undefined;
  let lastClass = '';
  let lastId = '';
  let lastNr = '';
  let headerUser = '';
  let headerDate = '';
  let headerTime = '';
  let headerTcode = '';
  let volumeUser = '';
  let volumeDate = '';
  let volumeText: string | undefined;
  let rowIndex = part ? part.parts.ranges.slice(0, part.k).reduce((n, r) => n + r.rows, 0) : 0;
  for await (const batch of opened.batches()) {
    for (const row of batch) {
      if (opened.fileType === 'TICKETS') {
        out.mask = 0;
        out.reasons.fill(undefined);
        out.otherCategory = undefined;
      } else {
        extract(row, rec);
        if (headers) {
          // Items of one document are adjacent: look the header up once per document.
          if (rec.changenr !== lastNr || rec.objectid !== lastId || rec.objectclas !== lastClass) {
            lastClass = rec.objectclas;
            lastId = rec.objectid;
            lastNr = rec.changenr;
            const h = headers.find(rec.objectclas, rec.objectid, rec.changenr);
            if (h >= 0) {
              headerUser = headers.user(h);
              headerDate = headers.date(h);
              headerTime = headers.time(h);
              headerTcode = headers.tcode(h);
            } else headerUser = headerDate = headerTime = headerTcode = '';
          }
          rec.user = headerUser;
          rec.date = headerDate;
          rec.time = headerTime;
          rec.tcode = headerTcode;
        }
        flag(rec, out);
        if (completion) completion(rec, out);
        if (out.isChange && rec.user !== '' && rec.date !== '') {
          // Records of one user-day often follow each other: its answer (and reason text) is remembered.
          if (rec.user !== volumeUser || rec.date !== volumeDate) {
            volumeUser = rec.user;
            volumeDate = rec.date;
            const n = state.volume.excess(rec.user, rec.date);
            volumeText = n === undefined ? undefined : volumeReason(rec.user, rec.date, n, flagContext.thresholds.changeVolume);
          }
          if (volumeText !== undefined) setFlag(out, 'CHANGE_VOLUME_FLAG', volumeText, 'VOLUME-USER-DAY');
        }
      }
      const pending = visit(rowIndex++, row, rec, out);
      if (pending) await pending;
    }
  }
}

const COMPLETING_EVENTS = new Set(['AU1', 'AU5', 'DU9', 'CUZ', 'CUL', 'BU4']);

/**
 * The OTHER/security reason of a record that completes a pattern (the logon of BRUTE_FORCE_SUCCESS,
 * USER_CREATED_AND_USED, USER_UNLOCKED_AND_USED; the first change of SYSTEM_OPENED_FOR_CHANGES),
 * or undefined when this file can hold none.
 */
function completionsOf(correlation: StoredCorrelation, fileType: string, joined: boolean): ((rec: CanonicalRecord, out: FlagResult) => void) | undefined {
  const list = correlation.completions ?? [];
  if (list.length === 0 || fileType === 'TICKETS' || (fileType === 'CDPOS' && !joined)) return undefined;
  const byKey = new Map<string, PatternName[]>();
  for (const [key, name] of list) (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(name);
  return (rec, out) => {
    let key: string;
    if (rec.fileType === 'SM20') {
      if (!COMPLETING_EVENTS.has(rec.event)) return;
      const t = toEpoch(rec.date, rec.time);
      if (t === undefined) return;
      key = sm20CompletionKey(rec.user, t);
    } else key = docCompletionKey(docKey(rec.objectclas, rec.objectid, rec.changenr));
    const names = byKey.get(key);
    if (!names) return;
    const rule = patternRuleId(names[0]!);
    setOther(out, 'security', `security: completes pattern ${names.join(', ')}`, rule);
    if (out.keepReasons) for (const n of names.slice(1)) if (!out.rules.includes(patternRuleId(n))) out.rules.push(patternRuleId(n));
  };
}
