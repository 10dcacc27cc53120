import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import type { CorrelationSummary, PatternName, SuspiciousPattern } from '../model/index.ts';
import { docAt, docKey, toEpoch, type Activity, type ChangeDoc, type FileFacts } from './facts.ts';
import { findDebuggerDataChanges, findFailedLogonBursts, findUndocumentedTableChanges, makePattern, UserTimeline } from './find-patterns.ts';
import { createTicketCoverage } from './ticket-coverage.ts';

/** At most this many patterns of one kind are listed; the summary keeps the full counts. */
export const MAX_PATTERNS_PER_KIND = 1000;

const USER_OBJECT_CLASSES = new Set(['IDENTITY', 'PFCG', 'BENUTZER']);
const SM20_DOC_WINDOW = 15 * 60;

export interface CorrelationResult {
  patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** Change counts per user-day over all files (CHANGE_VOLUME is decided on these). */
  volume: ChangeVolumeCounter;
}

/** Header of each change document by docKey, for CDPOS items to inherit user, date, time and tcode. */
export function buildHeaderMap(facts: FileFacts[]): Map<string, ChangeDoc> {
  const map = new Map<string, ChangeDoc>();
  for (const f of facts) {
    if (f.fileType !== 'CDHDR' && !f.joined) continue;
    const d = f.docs;
    for (let i = 0; i < d.changenrs.length; i++) map.set(docKey(d.classes[i]!, d.ids[i]!, d.changenrs[i]!), docAt(d, i));
  }
  return map;
}

/**
 * The multi-file step (DETECTION.md section 3): joins, suspicious patterns, correlation summary.
 * `timingOf` is the CHANGE_TIMING check, used for CDPOS items whose time only the header knows.
 */
export function correlateFacts(facts: FileFacts[], timingOf: (isoDate: string, time: string) => string | undefined): CorrelationResult {
  const has = (t: string) => facts.some((f) => f.fileType === t);
  const headers = buildHeaderMap(facts);
  const volume = new ChangeVolumeCounter();
  for (const f of facts) volume.merge(ChangeVolumeCounter.fromJSON(f.volume));

  const docs: ChangeDoc[] = facts.flatMap((f) => f.docs.changenrs.map((_, i) => docAt(f.docs, i)));
  const docTimes = new UserTimeline();
  for (const d of docs) {
    const t = toEpoch(d[4], d[5]);
    if (t !== undefined && d[3] !== '') docTimes.add(d[3], t);
  }
  docTimes.seal();
  const tableChanges = facts.flatMap((f) => f.tableChanges);
  const tableTimes = new UserTimeline();
  for (const [u, t] of tableChanges) tableTimes.add(u, t);
  tableTimes.seal();

  const found: SuspiciousPattern[] = [];
  found.push(...findDebuggerDataChanges(facts.flatMap((f) => f.debuggerChanges), docTimes, tableTimes));
  if (has('CDHDR') || facts.some((f) => f.joined)) found.push(...findUndocumentedTableChanges(tableChanges, docTimes));

  for (const [user, target, t, activity] of facts.flatMap((f) => f.userAdmin)) {
    if (target !== '' && target.toUpperCase() === user.toUpperCase()) found.push(makePattern('SELF_AUTHORIZATION', 'critical', user, t, activity));
  }
  for (const d of docs) {
    const t = toEpoch(d[4], d[5]);
    if (t !== undefined && USER_OBJECT_CLASSES.has(d[0].toUpperCase()) && d[3] !== '' && d[1].trim().toUpperCase() === d[3].toUpperCase()) {
      found.push(makePattern('SELF_AUTHORIZATION', 'critical', d[3], t, `Change document ${d[0]} ${d[2]} on own user ${d[1]}${d[6] ? ` (${d[6]})` : ''}`));
    }
  }

  // Changes with flags: SM20 flagged change records and flagged change documents (items inherit their header).
  const flaggedChanges: Activity[] = [];
  for (const f of facts) {
    const c = f.sm20Changes;
    for (let i = 0; i < c.users.length; i++) if (c.flagged[i]) flaggedChanges.push([c.users[i]!, c.times[i]!, c.tcodes[i] ? `${c.events[i]} ${c.tcodes[i]}` : c.events[i]!]);
  }
  for (const d of docs) {
    const t = toEpoch(d[4], d[5]);
    if (d[7] === 1 && t !== undefined && d[3] !== '') flaggedChanges.push([d[3], t, `Change document ${d[0]} ${d[2]}${d[6] ? ` (${d[6]})` : ''}`]);
  }
  const summary: CorrelationSummary = {};
  if (has('TICKETS')) {
    const covers = createTicketCoverage(facts.flatMap((f) => f.tickets), new Set(flaggedChanges.map((c) => c[0].toUpperCase())));
    let covered = 0;
    for (const [user, t, activity] of flaggedChanges) {
      if (covers(user, t)) covered++;
      else found.push(makePattern('CHANGE_WITHOUT_TICKET', 'high', user, t, activity));
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
    for (const [key, activity] of f.sensitiveItemKeys) {
      const h = headers.get(key);
      const t = h && toEpoch(h[4], h[5]);
      if (h && t !== undefined && timingOf(h[4], h[5]) !== undefined) addAfterHours([h[3], t, activity]);
    }
  }
  for (const [user, t, activity] of afterHours.values()) found.push(makePattern('AFTER_HOURS_SENSITIVE_CHANGE', 'high', user, t, activity));
  found.push(...findFailedLogonBursts(facts.flatMap((f) => f.failedLogons)));

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
        if (headers.has(key)) withHeader += count;
      }
    }
    summary['CDHDR ↔ CDPOS'] = { headers: headers.size, items, 'items with header': withHeader, 'items without header': items - withHeader };
  }
  if (has('SM20') && docs.length > 0) {
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
  for (const p of found.sort((a, b) => a.sm20_time.localeCompare(b.sm20_time))) {
    const n = (patternCounts[p.pattern] = (patternCounts[p.pattern] ?? 0) + 1);
    if (n <= MAX_PATTERNS_PER_KIND) patterns.push(p);
  }
  if (found.length > 0) summary['Suspicious patterns'] = { total: found.length, ...patternCounts };
  return { patterns, patternCounts, summary, volume };
}
