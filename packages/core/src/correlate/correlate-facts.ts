import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import type { WatchKind } from '../flags/watchlist.ts';
import { DEFAULT_THRESHOLDS } from '../rules/detection-settings.ts';
import type { CorrelationSummary, DetectionThresholds, PatternName, SuspiciousPattern } from '../model/index.ts';
import { epochsOf, toCompactFacts, type CompactDocs, type CompactFacts, type FileFacts } from '../facts/index.ts';
import { LATE_KEYS, PATTERN_LIST, type CompletionKey, type LateKey, type PatternEnv, type PatternRule } from '../rules/pattern/index.ts';
import { HeaderIndex } from './header-index.ts';
import { type ItemCorrelation, type ItemHeaders, ITEM_RULES, joinItems, MAX_PATTERNS_PER_KIND } from './item-joins.ts';
import { PatternHits } from './pattern-hits.ts';
import type { PatternTable } from './pattern-table.ts';
import { TicketCoverage } from './ticket-coverage.ts';
import { FirstSeenPairs, I32List, F64List, UserIds, UserTimeline, UserTimes } from './user-ids.ts';
import { mergeChangeVolume } from './volume-merge.ts';


const SM20_DOC_WINDOW = 15 * 60;

export interface CorrelationResult {
  /** Every pattern, in the listed order, as typed columns. */
  table: PatternTable;
  /** The same patterns as objects, made when first read (tests and small analyses: the engine reads `table`). */
  readonly patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** Change counts per user-day over all files (CHANGE_VOLUME is decided on these); holds the user-days over the limit. */
  volume: ChangeVolumeCounter;
  /**
   * The headers non-joined CDPOS items inherit, one row per item key that has one (in HeaderIndex
   * form, with the number of all distinct headers): what the report step needs instead of all headers.
   */
  itemHeaders?: ItemHeaders;
  /** Records that complete a pattern (rules/pattern/completion-keys.ts): they carry an OTHER/security reason naming it. */
  completions: [CompletionKey, PatternName][];
}

/** What the rules read besides the facts: the detection settings and the privileged-users watchlist. */
export interface CorrelationOptions {
  thresholds?: DetectionThresholds;
  kindOf?: (user: string) => WatchKind;
  /**
   * The rules over items and headers and the joins (item-joins.ts correlateItems) run apart: they
   * are left out here, the facts need not hold the keys only they read, and where the joins would
   * run the steps yield ITEMS_APART and take correlateItems' result (no itemHeaders in the result then).
   */
  itemsApart?: boolean;
}

/** What correlationSteps yields, with itemsApart, for correlateItems' result. */
export const ITEMS_APART = 'items-apart';

type TimingCheck = (isoDate: string, time: string) => string | undefined;

/**
 * The multi-file step (DETECTION.md section 3): joins, suspicious patterns, correlation summary.
 * `timingOf` is the CHANGE_TIMING check, used for CDPOS items whose time only the header knows.
 */
export function correlateFacts(facts: FileFacts[], timingOf: TimingCheck, options: CorrelationOptions = {}): CorrelationResult {
  return correlateCompactFacts(facts.map(toCompactFacts), timingOf, options);
}

/** Epoch of each change document (NaN when its date is not a date). */
function docEpochs(d: CompactDocs): Float64Array {
  return epochsOf(d.dates, d.times);
}

const EMPTY = toCompactFacts({});

/**
 * correlateFacts over compact facts (as the facts codec's compact mode reads them). Consumes
 * them: bulky columns are let go as soon as they are used (the caller keeps no other use).
 */
export function correlateCompactFacts(facts: CompactFacts[], timingOf: TimingCheck, options: CorrelationOptions = {}): CorrelationResult {
  const run = correlationSteps(facts, timingOf, options);
  let step = run.next();
  while (!step.done) step = run.next();
  return step.value;
}

export { LATE_KEYS, type LateKey } from '../rules/pattern/index.ts';

/** A rule's place in the run: after the last late key it reads is loaded (-1: none). */
const stageOf = (r: PatternRule) => r.reads.reduce((n, k) => Math.max(n, LATE_KEYS.indexOf(k)), -1);

/**
 * correlateCompactFacts step by step: before using a LateKey it yields the keys it is about to
 * read, so a caller can load them only then (and they are let go after use), which keeps the
 * largest columns (ticket texts, activity texts, item keys) from all being in memory at once.
 * The patterns are the rules of PATTERN_LIST (rules/pattern/); this builds what they read
 * (PatternEnv), the ticket coverage first, then runs them, and makes the joins and the summary.
 */
export function* correlationSteps(
  facts: CompactFacts[],
  timingOf: TimingCheck,
  options: CorrelationOptions = {},
): Generator<LateKey[] | typeof ITEMS_APART, CorrelationResult, ItemCorrelation | undefined> {
  const has = (t: string) => facts.some((f) => f.fileType === t);
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  const users = new UserIds();
  const noUser = users.of('');
  const volume = ChangeVolumeCounter.fromOverLimit(mergeChangeVolume(facts.map((f) => f.volume), thresholds.changeVolume));
  for (const f of facts) f.volume = EMPTY.volume;
  const epochs = facts.map((f) => docEpochs(f.docs));
  const docUsers = facts.map((f) => users.column(f.docs.users));
  const docCount = facts.reduce((n, f) => n + f.docs.changenrs.length, 0);

  // Change-document times per user (documents with a user and a time).
  const timeUser = new I32List();
  const timeEpoch = new F64List();
  facts.forEach((_, f) => {
    const e = epochs[f]!;
    const uid = docUsers[f]!;
    for (let i = 0; i < e.length; i++) {
      const u = uid(i);
      if (u !== noUser && !Number.isNaN(e[i]!)) {
        timeUser.push(u);
        timeEpoch.push(e[i]!);
      }
    }
  });
  const docTimes = new UserTimes(users, timeUser.view(), timeEpoch.view());
  timeUser.data = new Int32Array(0);
  timeEpoch.data = new Float64Array(0);
  const tableChanges = facts.flatMap((f) => f.tableChanges);
  const tableTimes = new UserTimeline();
  for (const [u, t] of tableChanges) tableTimes.add(u, t);
  tableTimes.seal();

  // Hits are typed columns until the end, when every one becomes a pattern object (nothing capped).
  // Kinds are listed in PATTERN_LIST's order at equal times.
  const hits = new PatternHits(MAX_PATTERNS_PER_KIND);
  for (const r of PATTERN_LIST) hits.declare(r.name);
  const summary: CorrelationSummary = {};
  let headers: HeaderIndex | undefined;
  const headersOnce = () => (headers ??= new HeaderIndex(facts));
  const shared = new Map<unknown, unknown>();
  const completions: [CompletionKey, PatternName][] = [];
  let coverage: TicketCoverage | undefined;
  let ticketCount = 0;
  const env: PatternEnv = {
    facts, thresholds, kindOf: options.kindOf, timingOf, has, users, noUser, docEpochs: epochs, docUsers, docTimes, tableTimes, tableChanges,
    securityEvents: facts.flatMap((f) => f.securityEvents),
    failedLogons: facts.flatMap((f) => f.failedLogons),
    logons: facts.flatMap((f) => f.logons),
    logonLogs: facts.flatMap((f) => f.logonLogs ?? []),
    get coverage() {
      return coverage;
    },
    get ticketCount() {
      return ticketCount;
    },
    get headers() {
      return headersOnce();
    },
    headerOf: (key) => headersOnce().userAndEpoch(key),
    pairSet: () => new FirstSeenPairs(),
    shared: <T>(make: (env: PatternEnv) => T): T => {
      if (!shared.has(make)) shared.set(make, make(env));
      return shared.get(make) as T;
    },
    hits,
    complete: (key, name) => completions.push([key, name]),
    summary,
  };

  // Ticket coverage, for the users the rules ask about (flagged changes, emergency IDs).
  if (has('TICKETS')) {
    yield ['tickets'];
    let wanted = new Uint8Array(users.size + 64);
    const mark = (u: number) => {
      if (u >= wanted.length) {
        const grown = new Uint8Array(Math.max(u + 1, wanted.length * 2));
        grown.set(wanted);
        wanted = grown;
      }
      wanted[u] = 1;
    };
    for (const r of PATTERN_LIST) r.coverUsers?.(env, mark);
    coverage = new TicketCoverage(users, (u) => u < wanted.length && wanted[u] === 1, facts.map((f) => f.tickets));
    ticketCount = facts.reduce((n, f) => n + f.tickets.n, 0);
    for (const f of facts) f.tickets = EMPTY.tickets;
  }

  // The rules, each once the late keys it reads are loaded; those keys are let go after the last rule reading them.
  const apart = new Set<PatternRule>(options.itemsApart ? ITEM_RULES : []);
  const rules = PATTERN_LIST.filter((r) => !apart.has(r)).sort((a, b) => stageOf(a) - stageOf(b));
  // The joins (here or apart), once the item keys are loaded.
  const join = function* (): Generator<typeof ITEMS_APART, ItemHeaders | undefined, ItemCorrelation | undefined> {
    if (!options.itemsApart) return joinItems(facts, headersOnce(), summary);
    const done = yield ITEMS_APART;
    if (!done) throw new Error('correlationSteps: the result of correlateItems is missing');
    ITEM_RULES.forEach((r, k) => hits.adopt(r.name, done.hits[k]!));
    if (done.itemsRow) summary['CDHDR ↔ CDPOS'] = done.itemsRow;
    return undefined;
  };
  const loaded = new Set<LateKey>();
  let itemHeaders: ItemHeaders | undefined;
  let joined = false;
  for (let at = 0; at < rules.length; ) {
    const stage = stageOf(rules[at]!);
    let end = at;
    while (end < rules.length && stageOf(rules[end]!) === stage) end++;
    const group = rules.slice(at, end);
    const wanted = [...new Set(group.flatMap((r) => r.reads))].filter((k) => !loaded.has(k));
    if (wanted.length > 0) {
      yield wanted;
      for (const k of wanted) loaded.add(k);
    }
    // The joins read the item keys too, before the rules that read them.
    if (loaded.has('itemKeys') && !joined) {
      itemHeaders = yield* join();
      joined = true;
    }
    for (const r of group) {
      r.find(env);
      hits.seal(r.name);
    }
    at = end;
    const later = new Set(rules.slice(end).flatMap((r) => r.reads));
    for (const k of loaded) {
      if (later.has(k)) continue;
      for (const f of facts) (f as unknown as Record<LateKey, unknown>)[k] = EMPTY[k];
      loaded.delete(k);
    }
  }
  if (!joined && options.itemsApart) itemHeaders = yield* join();
  else if (!joined) {
    yield ['itemKeys'];
    itemHeaders = yield* join();
    for (const f of facts) f.itemKeys = EMPTY.itemKeys;
  }
  if (has('SM20') && docCount > 0) {
    let total = 0;
    let matched = 0;
    for (const f of facts) {
      const c = f.sm20Changes;
      const uid = users.column(c.users);
      total += c.users.length;
      for (let i = 0; i < c.users.length; i++) if (docTimes.hasBetweenId(uid(i), c.times[i]! - SM20_DOC_WINDOW, c.times[i]! + SM20_DOC_WINDOW)) matched++;
    }
    summary['SM20 ↔ change documents'] = { 'SM20 change activities': total, matched, unmatched: total - matched };
  }
  const total = hits.total;
  const listed = hits.finish();
  const { table, patternCounts } = listed;
  if (total > 0) summary['Suspicious patterns'] = { total, ...patternCounts };
  return {
    table,
    get patterns() {
      return listed.patterns;
    },
    patternCounts,
    summary,
    volume,
    completions,
    ...(itemHeaders ? { itemHeaders } : {}),
  };
}
