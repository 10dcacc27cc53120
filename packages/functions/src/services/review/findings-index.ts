/**
 * The findings of one analysis as compact columns (issue 24, issue 26 item 1): built once from
 * `findings.ndjson` (every finding, one JSON line each, grouped by case), stored beside it as
 * `findings-index.json`, and queried in the review worker (review-worker.ts), never on the
 * server's main thread. A page of findings is then a read of the page's lines by their byte
 * offsets; filters, order and counts are a pass over typed arrays.
 */
import { isSuppressedBy, type Finding, type FindingRule, type FindingSeverity, type SuppressionRule } from '@app/core/review/index.ts';

export const INDEX_VERSION = 1;
export const SEVERITY_RANK: Record<FindingSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
/** Review status codes in the index (0 open). Same order as REVIEW_STATUSES. */
export const STATUS_CODES = ['open', 'explained', 'false_positive', 'escalated'] as const;
export type StatusName = (typeof STATUS_CODES)[number];

/** The stored index: JSON, columns of numbers over small tables. */
export interface FindingsIndexData {
  version: typeof INDEX_VERSION;
  count: number;
  /** count + 1 byte offsets of the lines of findings.ndjson (the last is the file's length). */
  offsets: number[];
  ids: string[];
  /** 0 pattern, 1 record. */
  kinds: number[];
  rules: FindingRule[];
  ruleOf: number[];
  users: string[];
  userOf: number[];
  objects: string[];
  objectOf: number[];
  terminals: string[];
  terminalOf: number[];
  times: string[];
  caseIds: string[];
  caseOf: number[];
  /** Where record findings come from (as GET …/findings answers it). */
  recordSource: { kind: 'all'; total: number; listed: number; cap: number } | { kind: 'samples'; perFlag: number };
  recordCoverage: { perFlagCap: number | null; flags: { flag: string; total: number; listed: number }[] };
}

class Table {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(v: string): number {
    let i = this.ids.get(v);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(v);
      this.ids.set(v, i);
    }
    return i;
  }
}

/**
 * Reads findings.ndjson (bytes) into the stored index. Lines that are empty are skipped.
 * `meta` comes with findings derived by the service (older analyses); for the engine's file the
 * record coverage is counted here against the report's flag totals.
 */
export function buildIndexData(bytes: Uint8Array, meta: Pick<FindingsIndexData, 'recordSource' | 'recordCoverage'> | { flagTotals: Record<string, number> }): FindingsIndexData {
  const listedPerFlag = new Map<string, number>();
  let recordFindings = 0;
  const decoder = new TextDecoder();
  const offsets: number[] = [];
  const ids: string[] = [];
  const kinds: number[] = [];
  const ruleOf: number[] = [];
  const userOf: number[] = [];
  const objectOf: number[] = [];
  const terminalOf: number[] = [];
  const times: string[] = [];
  const caseOf: number[] = [];
  const rules = new Table();
  const ruleById = new Map<string, FindingRule>();
  const users = new Table();
  const objects = new Table();
  const terminals = new Table();
  const cases = new Table();
  let start = 0;
  let lineNo = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    lineNo++;
    if (end > start) {
      let f: Finding;
      try {
        f = JSON.parse(decoder.decode(bytes.subarray(start, end))) as Finding;
      } catch {
        throw new Error(`findings.ndjson line ${lineNo} is not JSON`);
      }
      offsets.push(start);
      ids.push(f.findingId);
      kinds.push(f.kind === 'pattern' ? 0 : 1);
      if (f.kind === 'record') {
        recordFindings++;
        const flag = f.source?.flag;
        if (flag) listedPerFlag.set(flag, (listedPerFlag.get(flag) ?? 0) + 1);
      }
      if (!ruleById.has(f.rule.id)) ruleById.set(f.rule.id, { id: f.rule.id, title: f.rule.title, severity: f.rule.severity });
      ruleOf.push(rules.id(f.rule.id));
      userOf.push(users.id(f.user ?? ''));
      objectOf.push(objects.id(f.object ?? ''));
      terminalOf.push(terminals.id(f.terminal ?? ''));
      times.push(f.time ?? '');
      caseOf.push(cases.id(f.caseId ?? ''));
    }
    start = end + 1;
  }
  offsets.push(bytes.length);
  const coverage =
    'flagTotals' in meta
      ? {
          recordSource: { kind: 'all' as const, total: recordFindings, listed: recordFindings, cap: recordFindings },
          recordCoverage: {
            perFlagCap: null,
            flags: [...listedPerFlag].map(([flag, listed]) => ({ flag, total: Math.max(meta.flagTotals[flag] ?? 0, listed), listed })),
          },
        }
      : meta;
  return {
    version: INDEX_VERSION,
    count: ids.length,
    offsets,
    ids,
    kinds,
    rules: rules.values.map((id) => ruleById.get(id)!),
    ruleOf,
    users: users.values,
    userOf,
    objects: objects.values,
    objectOf,
    terminals: terminals.values,
    terminalOf,
    times,
    caseIds: cases.values,
    caseOf,
    recordSource: coverage.recordSource,
    recordCoverage: coverage.recordCoverage,
  };
}

/** The line ends of a byte range start offsets (each line's end is the next line's start, less the line feed). */
export interface LineRef {
  index: number;
  findingId: string;
  start: number;
  length: number;
}

export interface FindingFilter {
  rule?: string | undefined;
  severity?: FindingSeverity | undefined;
  user?: string | undefined;
  status?: StatusName | 'suppressed' | undefined;
  caseId?: string | undefined;
}

/** open (not reviewed, not suppressed) 0, reviewed 1, suppressed (not reviewed) 2. */
const BUCKET_NAMES = ['open', 'reviewed', 'suppressed'] as const;

export interface FindingTarget {
  findingId: string;
  rule: FindingRule;
  user: string;
  object: string;
  terminal: string;
  previousStatus: StatusName;
}

/** The index in memory: typed columns, review statuses and suppressions joined in. */
export class FindingsIndex {
  readonly count: number;
  readonly data: FindingsIndexData;
  private readonly sev: Uint8Array;
  private readonly rule: Uint16Array;
  private readonly user: Uint32Array;
  private readonly caseOf: Uint32Array;
  private readonly objectOf: Uint32Array;
  private readonly terminalOf: Uint32Array;
  private readonly offsets: Float64Array;
  /** Base order: severity, time, id. */
  private readonly order: Uint32Array;
  readonly status: Uint8Array;
  /** Index into `suppressions` of the suppression that covers each finding, or -1. */
  readonly suppressedBy: Int32Array;
  suppressions: SuppressionRule[] = [];
  reviewsVersion = -1;
  private idMap: Map<string, number> | undefined;

  constructor(data: FindingsIndexData) {
    if (data.version !== INDEX_VERSION) throw new Error(`findings index version ${String(data.version)} is not ${INDEX_VERSION}`);
    const n = (this.count = data.count);
    this.sev = new Uint8Array(n);
    this.rule = Uint16Array.from(data.ruleOf);
    this.user = Uint32Array.from(data.userOf);
    this.caseOf = Uint32Array.from(data.caseOf);
    this.objectOf = Uint32Array.from(data.objectOf);
    this.terminalOf = Uint32Array.from(data.terminalOf);
    this.offsets = Float64Array.from(data.offsets);
    // The columns live on as typed arrays; the JSON arrays go (a third of the memory).
    this.data = { ...data, offsets: [], kinds: [], ruleOf: [], userOf: [], objectOf: [], terminalOf: [], caseOf: [] };
    for (let i = 0; i < n; i++) this.sev[i] = SEVERITY_RANK[data.rules[this.rule[i]!]!.severity] ?? 3;
    const times = data.times;
    const ids = data.ids;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => this.sev[a]! - this.sev[b]! || (times[a]! < times[b]! ? -1 : times[a]! > times[b]! ? 1 : 0) || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    this.order = Uint32Array.from(order);
    this.status = new Uint8Array(n);
    this.suppressedBy = new Int32Array(n).fill(-1);
  }

  /** Joins the analysis's suppression snapshot (it never changes once the analysis started). */
  applySuppressions(suppressions: readonly SuppressionRule[]): void {
    this.suppressions = [...suppressions];
    this.suppressedBy.fill(-1);
    if (suppressions.length === 0) return;
    const d = this.data;
    for (let i = 0; i < this.count; i++) {
      const f = { rule: d.rules[this.rule[i]!]!, user: d.users[this.user[i]!]!, object: d.objects[this.objectOf[i]!]!, terminal: d.terminals[this.terminalOf[i]!]! };
      const s = suppressions.findIndex((r) => isSuppressedBy(f, r));
      this.suppressedBy[i] = s;
    }
  }

  /** Replaces the review statuses (findingId, status code) as of `version`. */
  applyReviews(version: number, entries: readonly (readonly [string, number])[]): void {
    this.status.fill(0);
    for (const [id, code] of entries) {
      const i = this.indexOf(id);
      if (i !== undefined) this.status[i] = code;
    }
    this.reviewsVersion = version;
  }

  indexOf(findingId: string): number | undefined {
    if (!this.idMap) {
      this.idMap = new Map();
      const ids = this.data.ids;
      for (let i = 0; i < ids.length; i++) this.idMap.set(ids[i]!, i);
    }
    return this.idMap.get(findingId);
  }

  bucket(i: number): number {
    if (this.status[i] !== 0) return 1;
    return this.suppressedBy[i]! >= 0 ? 2 : 0;
  }

  line(i: number): LineRef {
    const o = this.offsets;
    return { index: i, findingId: this.data.ids[i]!, start: o[i]!, length: o[i + 1]! - o[i]! };
  }

  caseIndex(caseId: string): number {
    return this.data.caseIds.indexOf(caseId);
  }

  private matcher(f: FindingFilter): (i: number) => boolean {
    const d = this.data;
    const rule = f.rule !== undefined ? d.rules.findIndex((r) => r.id === f.rule) : -2;
    const user = f.user !== undefined ? d.users.indexOf(f.user.toUpperCase()) : -2;
    const sev = f.severity !== undefined ? SEVERITY_RANK[f.severity] : -2;
    const kase = f.caseId !== undefined ? d.caseIds.indexOf(f.caseId) : -2;
    const status = f.status;
    const statusCode = status && status !== 'suppressed' ? STATUS_CODES.indexOf(status) : -2;
    if (rule === -1 || user === -1 || kase === -1) return () => false;
    return (i) => {
      if (rule >= 0 && this.rule[i] !== rule) return false;
      if (user >= 0 && this.user[i] !== user) return false;
      if (sev >= 0 && this.sev[i] !== sev) return false;
      if (kase >= 0 && this.caseOf[i] !== kase) return false;
      if (status === 'suppressed') return this.bucket(i) === 2;
      if (status === 'open') return this.bucket(i) === 0;
      if (statusCode >= 0 && this.status[i] !== statusCode) return false;
      return true;
    };
  }

  /** Matching findings in list order: open, reviewed, suppressed; within each by severity, time, id. */
  ordered(f: FindingFilter): number[] {
    const m = this.matcher(f);
    const buckets: number[][] = [[], [], []];
    for (let k = 0; k < this.count; k++) {
      const i = this.order[k]!;
      if (m(i)) buckets[this.bucket(i)]!.push(i);
    }
    return buckets[0]!.concat(buckets[1]!, buckets[2]!);
  }

  counts() {
    const byStatus: Record<string, number> = Object.fromEntries(STATUS_CODES.map((s) => [s, 0]));
    const bySeverity: Record<string, number> = Object.fromEntries(SEVERITIES.map((s) => [s, 0]));
    const buckets = { open: 0, reviewed: 0, suppressed: 0 };
    let criticalOpen = 0;
    for (let i = 0; i < this.count; i++) {
      byStatus[STATUS_CODES[this.status[i]!]!]!++;
      bySeverity[SEVERITIES[this.sev[i]!]!]!++;
      const b = this.bucket(i);
      buckets[BUCKET_NAMES[b]!]++;
      if (b === 0 && this.sev[i] === 0) criticalOpen++;
    }
    return { total: this.count, ...buckets, toReview: this.count - buckets.suppressed, criticalOpen, byStatus, bySeverity };
  }

  /** One page of the list, its count, the analysis's counts, rules and the suppressions applied. */
  queryPage(f: FindingFilter, cursor: number, limit: number) {
    const list = this.ordered(f);
    const page = list.slice(cursor, cursor + limit).map((i) => this.line(i));
    const applied = new Array<number>(this.suppressions.length).fill(0);
    for (let i = 0; i < this.count; i++) if (this.suppressedBy[i]! >= 0) applied[this.suppressedBy[i]!]!++;
    return {
      page,
      matched: list.length,
      nextCursor: cursor + limit < list.length ? String(cursor + limit) : null,
      counts: this.counts(),
      rules: [...this.data.rules].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      applied,
    };
  }

  /** Every matching finding in list order (the export; bulk triage by filter), at most `cap` + 1. */
  targets(f: FindingFilter, cap: number): { matched: number; targets: FindingTarget[] } {
    const list = this.ordered(f);
    return { matched: list.length, targets: list.slice(0, cap + 1).map((i) => this.target(i)) };
  }

  target(i: number): FindingTarget {
    const d = this.data;
    return {
      findingId: d.ids[i]!,
      rule: d.rules[this.rule[i]!]!,
      user: d.users[this.user[i]!]!,
      object: d.objects[this.objectOf[i]!]!,
      terminal: d.terminals[this.terminalOf[i]!]!,
      previousStatus: STATUS_CODES[this.status[i]!]!,
    };
  }

  /** Per case index: members, reviewed, open (not reviewed, not suppressed), suppressed. */
  caseProgress(): Uint32Array {
    const out = new Uint32Array(this.data.caseIds.length * 4);
    for (let i = 0; i < this.count; i++) {
      const c = this.caseOf[i]! * 4;
      out[c]!++;
      out[c + 1 + this.bucket(i)]!++;
    }
    return out;
  }
}
