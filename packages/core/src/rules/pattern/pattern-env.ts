import type { Activity, CompactFacts, FailedLogon, SecurityEvent, StrColumn } from '../../facts/index.ts';
import { formatEpoch } from '../../facts/file-facts.ts';
import type { LogonLog } from './logon-log.ts';
import type { WatchKind } from '../../flags/watchlist.ts';
import type { CorrelationSummary, DetectionThresholds, PatternName, SuspiciousPattern } from '../../model/index.ts';
import { patternRuleId, type PatternRule } from './define-pattern.ts';
import type { DeclaredFact } from './define-fact.ts';
import type { RuleSetting } from '../setting-spec.ts';

export { definePattern, patternRuleId, type PatternRule } from './define-pattern.ts';

/** Facts keys correlation reads late (each right before its use): a loader may fill them in then. */
export type LateKey = 'tickets' | 'afterHoursSensitive' | 'sensitiveItemKeys' | 'itemKeys';
export const LATE_KEYS: readonly LateKey[] = ['tickets', 'afterHoursSensitive', 'sensitiveItemKeys', 'itemKeys'];

/** What a rule over the items and their headers reads (correlate/item-joins.ts runs such rules apart from the others). */
export type ItemRuleEnv = Pick<PatternEnv, 'facts' | 'users' | 'noUser' | 'docEpochs' | 'docUsers' | 'securityEvents' | 'hits' | 'headers' | 'headerOf' | 'timingOf' | 'pairSet'>;

/** A rule that reads only ItemRuleEnv. */
export type ItemPatternRule<N extends string = string, F extends readonly DeclaredFact[] = readonly DeclaredFact[]> = PatternRule<N, ItemRuleEnv, readonly RuleSetting[], F>;

/** Who and what of one hit, resolved only for the hits that get listed. */
export type HitSource = (i: number) => [user: string, activity: string];

/** Where rules put their hits (correlate/pattern-hits.ts). */
export interface PatternSink {
  /** Registers a resolver; hits refer to it with the returned id. */
  source(resolve: HitSource): number;
  add(name: PatternName, risk: SuspiciousPattern['risk_level'], epoch: number, source: number, i: number): void;
  /** Adds finished pattern objects. */
  addPatterns(patterns: SuspiciousPattern[]): void;
}

/** Users as small integer ids, upper-cased (correlate/user-ids.ts). */
export interface UserIndex {
  /** Id of the user (upper-cased), created when new. */
  of(user: string): number;
  /** Id per row of a user column. */
  column(col: StrColumn): (i: number) => number;
  /** Upper-cased name per id. */
  readonly names: readonly string[];
}

/** Answers "a time of this user (case-insensitive) in [from, to]?" (correlate UserTimeline, UserTimes). */
export interface TimesByUser {
  hasBetween(user: string, from: number, to: number): boolean;
}

/** The change-document headers (correlate/header-index.ts): a position per header, -1 for none. */
export interface HeaderLookup {
  findKeyAt(keys: StrColumn, i: number): number;
  user(h: number): string;
  date(h: number): string;
  time(h: number): string;
}

/** Distinct (user id, epoch) pairs: add gives the pair's number when new, -1 when seen before. */
export interface PairSet {
  add(uid: number, epoch: number): number;
}

/**
 * What every pattern rule reads, made once per correlation by the correlation step
 * (correlate/correlate-facts.ts) from its machinery: the facts, the settings, the users as ids, the
 * change documents' times, the headers, the ticket coverage, and where hits go.
 */
export interface PatternEnv {
  readonly facts: readonly CompactFacts[];
  readonly thresholds: DetectionThresholds;
  readonly kindOf: ((user: string) => WatchKind) | undefined;
  /** The CHANGE_TIMING check, for CDPOS items whose time only the header knows. */
  readonly timingOf: (isoDate: string, time: string) => string | undefined;
  has(fileType: string): boolean;
  readonly users: UserIndex;
  /** Id of the empty user. */
  readonly noUser: number;
  /** Per file: each change document's epoch (NaN when its date is not a date) and user id. */
  readonly docEpochs: readonly Float64Array[];
  readonly docUsers: readonly ((i: number) => number)[];
  /** Change-document times per user (documents with a user and a time). */
  readonly docTimes: TimesByUser;
  /** DU9/CUZ change times per user. */
  readonly tableTimes: TimesByUser;
  readonly tableChanges: readonly Activity[];
  readonly securityEvents: readonly SecurityEvent[];
  readonly failedLogons: readonly FailedLogon[];
  /** Successful logons (AU1 AU5) inside the logon windows (logon-windows.ts). */
  readonly logons: readonly FailedLogon[];
  /** Every successful logon, compactly (logon-log.ts): MULTIPLE_LOGONS_BY_USER, UNEXPECTED_NETWORK_LOGON. */
  readonly logonLogs: readonly LogonLog[];
  /** Ticket coverage of a user id at a time (for the users the rules marked); undefined when no tickets were supplied. */
  readonly coverage: { covers(uid: number, epoch: number): boolean } | undefined;
  /** Number of tickets supplied. */
  readonly ticketCount: number;
  /** The headers (built on first use). */
  readonly headers: HeaderLookup;
  /** Acting user and time of a change document's header, for items that do not know them. */
  headerOf(docKey: string): { user: string; epoch: number } | undefined;
  pairSet(): PairSet;
  /** A value several rules share (one scan for a group), made once per correlation. */
  shared<T>(make: (env: PatternEnv) => T): T;
  readonly hits: PatternSink;
  /** Records that the record with this key completes the pattern (completion-keys.ts). */
  complete(key: string, name: PatternName): void;
  readonly summary: CorrelationSummary;
}

/** A pattern object with its rule id. */
export function pattern(name: PatternName, risk: SuspiciousPattern['risk_level'], user: string, epoch: number, activity: string): SuspiciousPattern {
  return { pattern: name, risk_level: risk, rule: patternRuleId(name), user, sm20_time: formatEpoch(epoch), sm20_activity: activity };
}

/** Fields of a SecurityEvent (facts/file-facts.ts). */
export const K = { kind: 0, user: 1, target: 2, terminal: 3, peer: 4, epoch: 5, activity: 6, key: 7 } as const;

/**
 * The acting user and time of a security event; a change-document item that does not know them
 * (its header came in another file) takes its header's. The epoch is NaN when neither knows it.
 */
export function actorOf(env: Pick<PatternEnv, 'headerOf'>, e: SecurityEvent): { user: string; epoch: number } {
  let user = e[K.user];
  let epoch = e[K.epoch];
  if (user === '' || Number.isNaN(epoch)) {
    const h = env.headerOf(e[K.key]);
    if (h) {
      user ||= h.user;
      if (Number.isNaN(epoch)) epoch = h.epoch;
    }
  }
  return { user, epoch };
}

/** Security events of one kind with a time. */
export function eventsOfKind(env: Pick<PatternEnv, 'securityEvents'>, kind: SecurityEvent[0]): SecurityEvent[] {
  return env.securityEvents.filter((e) => e[K.kind] === kind && !Number.isNaN(e[K.epoch]));
}

export const MINUTE = 60;
