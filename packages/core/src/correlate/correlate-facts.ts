import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import { DEFAULT_THRESHOLDS, type CorrelationSummary, type PatternName, type SuspiciousPattern } from '../model/index.ts';
import { DictColumn, type StrColumn, epochsOf, toCompactFacts, type CompactDocs, type CompactFacts, DOC_KEY_SEPARATOR, docKey, itemActivity, toEpoch, type FileFacts, type SecurityEvent } from '../facts/index.ts';
import { findDebuggerDataChanges, findFailedLogonBursts, findUndocumentedTableChanges, pattern, UserTimeline } from './find-patterns.ts';
import { selfAuthorised } from '../flags/change-doc-rules.ts';
import { HeaderIndex, type HeaderSource } from './header-index.ts';
import { PatternHits } from './pattern-hits.ts';
import { docCompletionKey, findSecurityPatterns, sm20CompletionKey, type ChangeMoment, type CompletionKey } from './security-patterns.ts';
import type { WatchKind } from '../flags/watchlist.ts';
import type { DetectionThresholds } from '../model/index.ts';
import { TicketCoverage } from './ticket-coverage.ts';
import { FirstSeenPairs, I32List, F64List, UserIds, UserTimes } from './user-ids.ts';
import { mergeChangeVolume } from './volume-merge.ts';

/** At most this many patterns of one kind are listed; the summary keeps the full counts. */
export const MAX_PATTERNS_PER_KIND = 1000;

const USER_OBJECT_CLASSES = new Set(['IDENTITY', 'PFCG', 'BENUTZER']);
const SM20_DOC_WINDOW = 15 * 60;

export interface CorrelationResult {
  patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** Change counts per user-day over all files (CHANGE_VOLUME is decided on these); holds the user-days over the limit. */
  volume: ChangeVolumeCounter;
  /**
   * The headers non-joined CDPOS items inherit, one row per item key that has one (in HeaderIndex
   * form, with the number of all distinct headers): what the report step needs instead of all headers.
   */
  itemHeaders?: ItemHeaders;
  /** Records that complete a pattern (security-patterns.ts): they carry an OTHER/security reason naming it. */
  completions: [CompletionKey, PatternName][];
}

/** What the rules read besides the facts: the detection settings and the privileged-users watchlist. */
export interface CorrelationOptions {
  thresholds?: DetectionThresholds;
  kindOf?: (user: string) => WatchKind;
}

export interface ItemHeaders {
  distinct: number;
  /** Header columns (compact columns, which the facts codec writes as they are). */
  docs: HeaderSource['docs'];
}

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

/** A per-row test on a string column, evaluated once per distinct value of a dictionary column. */
function testOf(col: StrColumn, test: (v: string) => boolean): (i: number) => boolean {
  if (col instanceof DictColumn) {
    const yes = Uint8Array.from(col.dict, (v) => (test(v) ? 1 : 0));
    const ids = col.ids;
    return (i) => yes[ids[i]!] === 1;
  }
  return (i) => test(col.get(i));
}

const describeDoc = (d: CompactDocs, i: number) => {
  const tcode = d.tcodes.get(i);
  return `Change document ${d.classes.get(i)} ${d.changenrs.get(i)}${tcode ? ` (${tcode})` : ''}`;
};

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

/** Facts keys correlation reads late (each right before its use): a loader may fill them in then. */
export type LateKey = 'tickets' | 'afterHoursSensitive' | 'sensitiveItemKeys' | 'itemKeys';
export const LATE_KEYS: readonly LateKey[] = ['tickets', 'afterHoursSensitive', 'sensitiveItemKeys', 'itemKeys'];

/**
 * correlateCompactFacts step by step: before using a LateKey it yields the keys it is about to
 * read, so a caller can load them only then (and they are let go after use), which keeps the
 * largest columns (ticket texts, activity texts, item keys) from all being in memory at once.
 */
export function* correlationSteps(facts: CompactFacts[], timingOf: TimingCheck, options: CorrelationOptions = {}): Generator<LateKey[], CorrelationResult, void> {
  const has = (t: string) => facts.some((f) => f.fileType === t);
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  const securityEvents = facts.flatMap((f) => f.securityEvents);
  let emergencyCovers: ((user: string, epoch: number) => boolean) | undefined;
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

  // Hits are typed columns until the end: only the first MAX_PATTERNS_PER_KIND per kind become objects.
  const hits = new PatternHits(MAX_PATTERNS_PER_KIND);
  hits.addPatterns(findDebuggerDataChanges(facts.flatMap((f) => f.debuggerChanges), docTimes, tableTimes));
  if (has('CDHDR') || facts.some((f) => f.joined)) hits.addPatterns(findUndocumentedTableChanges(tableChanges, docTimes));
  const userAdmin = facts.flatMap((f) => f.userAdmin);
  const adminSource = hits.source((i) => [userAdmin[i]![0], userAdmin[i]![3]]);
  userAdmin.forEach(([user, target, t], i) => {
    if (target !== '' && target.toUpperCase() === user.toUpperCase()) hits.add('SELF_AUTHORIZATION', 'critical', t, adminSource, i);
  });
  // A user or role header on its own user counts only when no items are known for it (a joined
  // file's headers always have theirs), and never with SU3 (own defaults): decided once the item keys are read.
  const selfHeaders: { fi: number; i: number; key: string }[] = [];
  hits.declare('SELF_AUTHORIZATION', 'critical');
  facts.forEach((f, fi) => {
    if (f.joined) return;
    const d = f.docs;
    const e = epochs[fi]!;
    const uid = docUsers[fi]!;
    const userClass = testOf(d.classes, (c) => USER_OBJECT_CLASSES.has(c.toUpperCase()));
    for (let i = 0; i < e.length; i++) {
      if (Number.isNaN(e[i]!) || !userClass(i) || d.tcodes.get(i).toUpperCase() === 'SU3') continue;
      const u = uid(i);
      if (u !== noUser && d.ids.get(i).trim().toUpperCase() === users.names[u]) selfHeaders.push({ fi, i, key: docKey(d.classes.get(i), d.ids.get(i), d.changenrs.get(i)) });
    }
  });

  // Changes with flags: SM20 flagged change records and flagged change documents (items inherit their header).
  const summary: CorrelationSummary = {};
  if (has('TICKETS')) {
    yield ['tickets'];
    const sm20Users = facts.map((f) => users.column(f.sm20Changes.users));
    const eachFlagged = (visit: (uid: number, t: number, source: 'sm20' | 'doc', f: number, i: number) => void) => {
      facts.forEach((f, fi) => {
        const c = f.sm20Changes;
        const uid = sm20Users[fi]!;
        // Only change events: transaction starts, reads and downloads are not changes (flagged 3, collect-facts.ts).
        for (let i = 0; i < c.users.length; i++) if ((c.flagged[i]! & 2) !== 0) visit(uid(i), c.times[i]!, 'sm20', fi, i);
      });
      facts.forEach((f, fi) => {
        const d = f.docs;
        const e = epochs[fi]!;
        const uid = docUsers[fi]!;
        for (let i = 0; i < e.length; i++) {
          if (!d.flagged[i] || Number.isNaN(e[i]!)) continue;
          const u = uid(i);
          if (u !== noUser) visit(u, e[i]!, 'doc', fi, i);
        }
      });
    };
    // User ids of plain columns are created while visiting: the wanted marks grow with them.
    let wanted = new Uint8Array(users.size + 64);
    let flaggedCount = 0;
    eachFlagged((u) => {
      if (u >= wanted.length) {
        const grown = new Uint8Array(Math.max(u + 1, wanted.length * 2));
        grown.set(wanted);
        wanted = grown;
      }
      wanted[u] = 1;
      flaggedCount++;
    });
    // Emergency IDs' records are checked against tickets too (EMERGENCY_ACCESS is critical without one).
    const emergencyIds = new Set<number>();
    for (const e of securityEvents) if (e[0] === 'E' && e[1] !== '') emergencyIds.add(users.of(e[1].toUpperCase()));
    const coverage = new TicketCoverage(users, (u) => (u < wanted.length && wanted[u] === 1) || emergencyIds.has(u), facts.map((f) => f.tickets));
    emergencyCovers = (user, t) => coverage.covers(users.of(user.toUpperCase()), t);
    const tickets = facts.reduce((n, f) => n + f.tickets.n, 0);
    for (const f of facts) f.tickets = EMPTY.tickets;
    const sources = facts.map((f) => ({
      sm20: hits.source((i) => {
        const c = f.sm20Changes;
        const tcode = c.tcodes.get(i);
        return [c.users.get(i), tcode ? `${c.events.get(i)} ${tcode}` : c.events.get(i)];
      }),
      doc: hits.source((i) => [f.docs.users.get(i), describeDoc(f.docs, i)]),
    }));
    let covered = 0;
    eachFlagged((u, t, source, f, i) => {
      if (coverage.covers(u, t)) covered++;
      else hits.add('CHANGE_WITHOUT_TICKET', 'high', t, sources[f]![source], i);
    });
    hits.seal('CHANGE_WITHOUT_TICKET');
    summary.Tickets = {
      tickets,
      'changes covered': covered,
      'changes without ticket': flaggedCount - covered,
    };
  }

  const headers = new HeaderIndex(facts);
  const headerOf = (key: string) => {
    const [cls = '', id = '', nr = ''] = key.split(DOC_KEY_SEPARATOR);
    const h = headers.find(cls, id, nr);
    const t = h < 0 ? undefined : toEpoch(headers.date(h), headers.time(h));
    return h < 0 || t === undefined ? undefined : { user: headers.user(h), epoch: t };
  };
  const security = { ...findSecurityPatterns({
    events: securityEvents,
    failedLogons: facts.flatMap((f) => f.failedLogons),
    logons: facts.flatMap((f) => f.logons),
    thresholds,
    kindOf: options.kindOf,
    covers: emergencyCovers,
    changes: securityEvents.some((e) => e[0] === 'O') ? changeMoments(facts, epochs) : [],
    headerOf,
  }), headerOf };
  hits.addPatterns(security.patterns);
  hits.addPatterns(selfAuthorisedItems(securityEvents, security.headerOf));
  yield ['afterHoursSensitive', 'sensitiveItemKeys'];
  // One pattern per user and moment: a header and its items describe the same change.
  const afterHours = new FirstSeenPairs();
  facts.forEach((f) => {
    const a = f.afterHoursSensitive;
    const uid = users.column(a.users);
    const src = hits.source((i) => [a.users.get(i), a.activities.get(i)]);
    for (let i = 0; i < a.users.length; i++) if (afterHours.add(uid(i), a.times[i]!) >= 0) hits.add('AFTER_HOURS_SENSITIVE_CHANGE', 'high', a.times[i]!, src, i);
  });
  facts.forEach((f) => {
    const s = f.sensitiveItemKeys;
    const headerOf = new Int32Array(s.keys.length);
    const src = hits.source((i) => [headers.user(headerOf[i]!), itemActivity(s.keys.get(i), s.details.get(i))]);
    for (let i = 0; i < s.keys.length; i++) {
      const h = (headerOf[i] = headers.findKeyAt(s.keys, i));
      if (h < 0) continue;
      const date = headers.date(h);
      const time = headers.time(h);
      const t = toEpoch(date, time);
      if (t !== undefined && timingOf(date, time) !== undefined && afterHours.add(users.of(headers.user(h)), t) >= 0) hits.add('AFTER_HOURS_SENSITIVE_CHANGE', 'high', t, src, i);
    }
  });
  hits.seal('AFTER_HOURS_SENSITIVE_CHANGE');
  for (const f of facts) {
    f.afterHoursSensitive = EMPTY.afterHoursSensitive;
    f.sensitiveItemKeys = EMPTY.sensitiveItemKeys;
  }
  hits.addPatterns(findFailedLogonBursts(facts.flatMap((f) => f.failedLogons), thresholds.burst));

  yield ['itemKeys'];
  const looseItems = facts.filter((f) => f.fileType === 'CDPOS' && !f.joined);
  // Each item key's header, looked up once for the item headers and the CDHDR ↔ CDPOS summary.
  const headerOfItem = looseItems.map((f) => {
    const k = f.itemKeys;
    const at = new Int32Array(k.keys.length);
    for (let i = 0; i < at.length; i++) at[i] = headers.findKeyAt(k.keys, i);
    return at;
  });
  let itemHeaders: ItemHeaders | undefined;
  if (looseItems.length > 0 && headers.size > 0) {
    // A header key may come again (step 1 keeps runs of items): each header once, first seen first.
    const found = new I32List();
    const seen = new Uint8Array(headers.size);
    for (const at of headerOfItem) {
      for (let i = 0; i < at.length; i++) {
        const h = at[i]!;
        if (h >= 0 && seen[h] === 0) {
          seen[h] = 1;
          found.push(h);
        }
      }
    }
    itemHeaders = { distinct: headers.size, docs: headers.rowsAt(found.view()) };
  }
  if (has('CDPOS') && has('CDHDR')) {
    let items = 0;
    let withHeader = 0;
    for (const f of facts) {
      if (f.fileType !== 'CDPOS') continue;
      if (f.joined) {
        items += f.records;
        withHeader += f.records;
        continue;
      }
      const k = f.itemKeys;
      const at = headerOfItem[looseItems.indexOf(f)]!;
      for (let i = 0; i < k.keys.length; i++) {
        const count = k.counts[i]!;
        items += count;
        if (at[i]! >= 0) withHeader += count;
      }
    }
    summary['CDHDR ↔ CDPOS'] = { headers: headers.size, items, 'items with header': withHeader, 'items without header': items - withHeader };
  }
  if (selfHeaders.length > 0) {
    const withItems = new Set<string>();
    const wanted = new Set(selfHeaders.map((s) => s.key));
    for (const f of looseItems) for (let i = 0; i < f.itemKeys.keys.length; i++) if (wanted.has(f.itemKeys.keys.get(i))) withItems.add(f.itemKeys.keys.get(i));
    for (const { fi, i, key } of selfHeaders) {
      if (withItems.has(key)) continue;
      const d = facts[fi]!.docs;
      const tcode = d.tcodes.get(i);
      hits.addPatterns([pattern('SELF_AUTHORIZATION', 'critical', d.users.get(i), epochs[fi]![i]!, `Change document ${d.classes.get(i)} ${d.changenrs.get(i)} on own user ${d.ids.get(i)}${tcode ? ` (${tcode})` : ''}`)]);
    }
  }
  hits.seal('SELF_AUTHORIZATION');
  for (const f of facts) f.itemKeys = EMPTY.itemKeys;
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
  const { patterns, patternCounts } = hits.finish();
  if (total > 0) summary['Suspicious patterns'] = { total, ...patternCounts };
  return { patterns, patternCounts, summary, volume, completions: security.completions, ...(itemHeaders ? { itemHeaders } : {}) };
}

/** Change activity for SYSTEM_OPENED_FOR_CHANGES: DU9/CUZ changes, CUL, BU4, and change documents once per CHANGENR. */
function changeMoments(facts: CompactFacts[], epochs: Float64Array[]): ChangeMoment[] {
  const out: ChangeMoment[] = [];
  const seenDocs = new Set<string>();
  facts.forEach((f, fi) => {
    for (const [user, t] of [...f.tableChanges, ...f.debuggerChanges]) out.push({ epoch: t, key: sm20CompletionKey(user, t) });
    const c = f.sm20Changes;
    for (let i = 0; i < c.users.length; i++) if (c.events.get(i) === 'BU4') out.push({ epoch: c.times[i]!, key: sm20CompletionKey(c.users.get(i), c.times[i]!) });
    const d = f.docs;
    const e = epochs[fi]!;
    for (let i = 0; i < e.length; i++) {
      const nr = `${d.classes.get(i)}\u0001${d.changenrs.get(i)}`;
      if (Number.isNaN(e[i]!) || seenDocs.has(nr)) continue;
      seenDocs.add(nr);
      out.push({ epoch: e[i]!, key: docCompletionKey(docKey(d.classes.get(i), d.ids.get(i), d.changenrs.get(i))) });
    }
  });
  return out;
}


/** SELF_AUTHORIZATION from change-document items (kind S): once per document whose target is its acting user. */
function selfAuthorisedItems(events: readonly SecurityEvent[], headerOf: (key: string) => { user: string; epoch: number } | undefined): SuspiciousPattern[] {
  const found: SuspiciousPattern[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    if (e[0] !== 'S' || seen.has(e[7])) continue;
    let user = e[1];
    let t = e[5];
    if (user === '' || Number.isNaN(t)) {
      const h = headerOf(e[7]);
      if (!h) continue;
      user ||= h.user;
      if (Number.isNaN(t)) t = h.epoch;
    }
    const [kind, target = ''] = e[2].split('\u0001') as ['identity' | 'role', string];
    if (!selfAuthorised(kind, target, user)) continue;
    seen.add(e[7]);
    found.push(pattern('SELF_AUTHORIZATION', 'critical', user, t, `${e[6]} on own user ${user}`));
  }
  return found;
}
