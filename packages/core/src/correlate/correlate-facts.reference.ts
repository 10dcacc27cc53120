// The correlation as it was before the compact rewrite (commit 5b1b159), kept as the reference the
// differential test compares correlateFacts with. Not used by the engine.
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import type { CorrelationSummary, PatternName, SuspiciousPattern } from '../model/index.ts';
import { docKey, formatEpoch, itemActivity, toEpoch, type Activity, type DocColumns, type FileFacts } from '../facts/index.ts';
import { patternRuleId } from '../rules/pattern-rules.ts';
import { byRisk } from './pattern-hits.ts';
import { HeaderIndex } from './header-index.reference.ts';
import { findDebuggerDataChanges, findFailedLogonBursts, findUndocumentedTableChanges, UserTimeline } from './find-patterns.ts';
import { createTicketCoverage } from './ticket-coverage.reference.ts';

/** At most this many patterns of one kind are listed; the summary keeps the full counts. */
const MAX_PATTERNS_PER_KIND = 1000;

type Hit = [epoch: number, pattern: PatternName, risk: SuspiciousPattern['risk_level'], user: string, activity: string | number];
const DOC_REF = 2 ** 32;

const USER_OBJECT_CLASSES = new Set(['IDENTITY', 'PFCG', 'BENUTZER']);
const SM20_DOC_WINDOW = 15 * 60;

interface CorrelationResult {
  patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** Change counts per user-day over all files (CHANGE_VOLUME is decided on these). */
  volume: ChangeVolumeCounter;
}

/**
 * The multi-file step (DETECTION.md section 3): joins, suspicious patterns, correlation summary.
 * `timingOf` is the CHANGE_TIMING check, used for CDPOS items whose time only the header knows.
 */
export function correlateFactsV1(facts: FileFacts[], timingOf: (isoDate: string, time: string) => string | undefined): CorrelationResult {
  const has = (t: string) => facts.some((f) => f.fileType === t);
  const headers = new HeaderIndex(facts);
  // The first file's counter is adopted, the others merged in (no second copy of large sets).
  const [first, ...rest] = facts;
  const volume = first ? ChangeVolumeCounter.fromJSON(first.volume) : new ChangeVolumeCounter();
  for (const f of rest) volume.merge(ChangeVolumeCounter.fromJSON(f.volume));

  const docRefs = new Map(facts.map((f, n) => [f.docs, n]));
  const describeDoc = (ref: string | number): string => {
    if (typeof ref === 'string') return ref;
    const d = facts[Math.floor(ref / DOC_REF)]!.docs;
    const i = ref % DOC_REF;
    return `Change document ${d.classes[i]} ${d.changenrs[i]}${d.tcodes[i] ? ` (${d.tcodes[i]})` : ''}`;
  };
  // Change documents stay column by column; this visits each with its time.
  const eachDoc = (visit: (d: DocColumns, i: number, t: number) => void) => {
    for (const f of facts) {
      const d = f.docs;
      for (let i = 0; i < d.changenrs.length; i++) {
        const t = toEpoch(d.dates[i]!, d.times[i]!);
        if (t !== undefined) visit(d, i, t);
      }
    }
  };
  const docCount = facts.reduce((n, f) => n + f.docs.changenrs.length, 0);
  const docTimes = new UserTimeline();
  eachDoc((d, i, t) => {
    if (d.users[i] !== '') docTimes.add(d.users[i]!, t);
  });
  docTimes.seal();
  const tableChanges = facts.flatMap((f) => f.tableChanges);
  const tableTimes = new UserTimeline();
  for (const [u, t] of tableChanges) tableTimes.add(u, t);
  tableTimes.seal();

  // Hits stay tuples until the end: large inputs can yield a million CHANGE_WITHOUT_TICKET hits,
  // of which only the first MAX_PATTERNS_PER_KIND per kind become pattern objects.
  const found: Hit[] = [];
  const addAll = (patterns: SuspiciousPattern[]) => {
    for (const p of patterns) found.push([Date.parse(`${p.sm20_time.replace(' ', 'T')}Z`) / 1000, p.pattern, p.risk_level, p.user, p.sm20_activity]);
  };
  addAll(findDebuggerDataChanges(facts.flatMap((f) => f.debuggerChanges), docTimes, tableTimes));
  if (has('CDHDR') || facts.some((f) => f.joined)) addAll(findUndocumentedTableChanges(tableChanges, docTimes));

  for (const [user, target, t, activity] of facts.flatMap((f) => f.userAdmin)) {
    if (target !== '' && target.toUpperCase() === user.toUpperCase()) found.push([t, 'SELF_AUTHORIZATION', 'critical', user, activity]);
  }
  // v2: a header counts only without known items (a joined file's headers have theirs) and never with SU3.
  const joinedDocs = new Set(facts.filter((f) => f.joined).map((f) => f.docs));
  const itemKeys = new Set(facts.filter((f) => f.fileType === 'CDPOS' && !f.joined).flatMap((f) => f.itemKeys.map(([k]) => k)));
  eachDoc((d, i, t) => {
    const [cls, id, nr, user, tcode] = [d.classes[i]!, d.ids[i]!, d.changenrs[i]!, d.users[i]!, d.tcodes[i]!];
    if (joinedDocs.has(d) || tcode.toUpperCase() === 'SU3' || itemKeys.has(docKey(cls, id, nr))) return;
    if (USER_OBJECT_CLASSES.has(cls.toUpperCase()) && user !== '' && id.trim().toUpperCase() === user.toUpperCase()) {
      found.push([t, 'SELF_AUTHORIZATION', 'critical', user, `Change document ${cls} ${nr} on own user ${id}${tcode ? ` (${tcode})` : ''}`]);
    }
  });

  // Changes with flags: SM20 flagged change records and flagged change documents (items inherit their header).
  // Activity texts of change documents are built only for the hits that get listed: a number
  // refers to document i of file f (f * DOC_REF + i).
  const flaggedChanges: [user: string, epoch: number, activity: string | number][] = [];
  for (const f of facts) {
    const c = f.sm20Changes;
    // v2: only change events (flagged 3) count as changes here.
    for (let i = 0; i < c.users.length; i++) if ((c.flagged[i]! & 2) !== 0) flaggedChanges.push([c.users[i]!, c.times[i]!, c.tcodes[i] ? `${c.events[i]} ${c.tcodes[i]}` : c.events[i]!]);
  }
  eachDoc((d, i, t) => {
    if (d.flagged[i] && d.users[i] !== '') flaggedChanges.push([d.users[i]!, t, docRefs.get(d)! * DOC_REF + i]);
  });
  const summary: CorrelationSummary = {};
  if (has('TICKETS')) {
    const covers = createTicketCoverage(facts.flatMap((f) => f.tickets), new Set(flaggedChanges.map((c) => c[0].toUpperCase())));
    let covered = 0;
    for (const [user, t, activity] of flaggedChanges) {
      if (covers(user, t)) covered++;
      else found.push([t, 'CHANGE_WITHOUT_TICKET', 'high', user, activity]);
    }
    summary.Tickets = {
      tickets: facts.reduce((n, f) => n + f.tickets.length, 0),
      'changes covered': covered,
      'changes without ticket': flaggedChanges.length - covered,
    };
  }

  // One pattern per user and moment: a header and its items describe the same change.
  const afterHours = new Map<string, Activity>();
  const addAfterHours = (a: Activity) => {
    const key = `${a[0].toUpperCase()}\u0001${a[1]}`;
    if (!afterHours.has(key)) afterHours.set(key, a);
  };
  for (const a of facts.flatMap((f) => f.afterHoursSensitive)) addAfterHours(a);
  for (const f of facts) {
    for (const [key, detail] of f.sensitiveItemKeys) {
      const activity = itemActivity(key, detail);
      const h = headers.findKey(key);
      if (h < 0) continue;
      const t = toEpoch(headers.dates[h]!, headers.times[h]!);
      if (t !== undefined && timingOf(headers.dates[h]!, headers.times[h]!) !== undefined) addAfterHours([headers.users[h]!, t, activity]);
    }
  }
  for (const [user, t, activity] of afterHours.values()) found.push([t, 'AFTER_HOURS_SENSITIVE_CHANGE', 'high', user, activity]);
  addAll(findFailedLogonBursts(facts.flatMap((f) => f.failedLogons)));

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
      for (const [key, count] of f.itemKeys) {
        items += count;
        if (headers.findKey(key) >= 0) withHeader += count;
      }
    }
    summary['CDHDR ↔ CDPOS'] = { headers: headers.size, items, 'items with header': withHeader, 'items without header': items - withHeader };
  }
  if (has('SM20') && docCount > 0) {
    let total = 0;
    let matched = 0;
    for (const f of facts) {
      const c = f.sm20Changes;
      total += c.users.length;
      for (let i = 0; i < c.users.length; i++) if (docTimes.hasBetween(c.users[i]!, c.times[i]! - SM20_DOC_WINDOW, c.times[i]! + SM20_DOC_WINDOW)) matched++;
    }
    summary['SM20 ↔ change documents'] = { 'SM20 change activities': total, matched, unmatched: total - matched };
  }

  const patternCounts: Partial<Record<PatternName, number>> = {};
  const patterns: SuspiciousPattern[] = [];
  for (const [t, pattern, risk_level, user, sm20_activity] of found.sort((a, b) => a[0] - b[0])) {
    const n = (patternCounts[pattern] = (patternCounts[pattern] ?? 0) + 1);
    if (n <= MAX_PATTERNS_PER_KIND) patterns.push({ pattern, risk_level, rule: patternRuleId(pattern), user, sm20_time: formatEpoch(t), sm20_activity: describeDoc(sm20_activity) });
  }
  if (found.length > 0) summary['Suspicious patterns'] = { total: found.length, ...patternCounts };
  // v2: critical first, then high, medium, by time.
  byRisk(patterns);
  return { patterns, patternCounts, summary, volume };
}
