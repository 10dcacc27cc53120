import { moduleOfTcode, MODULES } from '../../correlate/index.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { FLAG_INDEX, OTHER_CATEGORIES, type FlagResult } from '../../flags/flag-result.ts';
import { ruleById } from '../../rules/index.ts';
import { RULES_COLUMN } from './report-layout.ts';
import { FLAG_KEYS, type AnalysisSummary, type AnalyticsData, type DashboardTotals, type FlagKey, type FlagSample } from '../../model/index.ts';
import { countMask, emptySummary } from '../parse/flag-counts.ts';

export const SAMPLE_LIMIT = 10;
const HIGH_MASK = ['DEBUG_FLAG', 'HIGH_RISK_TCODE_FLAG', 'HIGH_RISK_TABLE_FLAG', 'SENSITIVE_FIELD_FLAG', 'SENSITIVE_OBJECT_FLAG'].reduce((m, k) => m | (1 << FLAG_INDEX[k as FlagKey]), 0);
const ANOMALY_MASK = (1 << FLAG_INDEX.CHANGE_VOLUME_FLAG) | (1 << FLAG_INDEX.CHANGE_TIMING_FLAG);
const HIGH_RISK_ACTIVITY_MASK = (1 << FLAG_INDEX.HIGH_RISK_TCODE_FLAG) | (1 << FLAG_INDEX.HIGH_RISK_TABLE_FLAG) | (1 << FLAG_INDEX.DEBUG_FLAG);

/** A sample record and the columns of the file it came from. */
interface Sample {
  cols: readonly string[];
  record: Record<string, string>;
}

/** ReportStats as JSON: report parts run in worker threads and their stats are merged in order. */
export interface ReportStatsJSON {
  summary: AnalysisSummary;
  otherCategories: Record<string, number>;
  samples: [FlagKey, Sample[]][];
  failedLogins: number;
  anomalousUsers: string[];
  highRiskUsers: string[];
  timeline: [string, { failedLogins: number; highRisk: number; dataModifications: number }][];
  heatmap: [string, number[]][];
}

/** Everything the report returns besides patterns and correlation, accumulated in the final pass. */
export class ReportStats {
  readonly summary: AnalysisSummary = emptySummary();
  readonly otherCategories: Record<string, number> = {};
  private readonly samples = new Map<FlagKey, Sample[]>();
  private failedLogins = 0;
  private readonly anomalousUsers = new Set<string>();
  private readonly highRiskUsers = new Set<string>();
  private readonly timeline = new Map<string, { failedLogins: number; highRisk: number; dataModifications: number }>();
  private readonly heatmap = new Map<string, number[]>();
  private lastTcode = '';
  private lastUser = '';
  private lastUpper = '';
  /** Bit i: the samples of FLAG_KEYS[i] are complete. */
  private samplesFull = 0;
  private lastHours: number[] | undefined;

  add(fileName: string, columns: readonly string[], row: readonly string[], rec: CanonicalRecord, out: FlagResult): void {
    const mask = out.mask;
    countMask(this.summary, mask);
    const isAu2 = rec.fileType === 'SM20' && rec.event === 'AU2';
    if (isAu2) this.failedLogins++;
    if (rec.date !== '') {
      const highRisk = (mask & HIGH_RISK_ACTIVITY_MASK) !== 0;
      if (isAu2 || highRisk || out.isChange) {
        let day = this.timeline.get(rec.date);
        if (!day) this.timeline.set(rec.date, (day = { failedLogins: 0, highRisk: 0, dataModifications: 0 }));
        if (isAu2) day.failedLogins++;
        if (highRisk) day.highRisk++;
        if (out.isChange) day.dataModifications++;
      }
    }
    const time = rec.time;
    if (time !== '' && rec.tcode !== '') {
      // Consecutive records often share a tcode: its module's hours are remembered.
      let hours = this.lastHours;
      if (rec.tcode !== this.lastTcode) {
        const module = moduleOfTcode(rec.tcode);
        hours = undefined;
        if (module) {
          hours = this.heatmap.get(module);
          if (!hours) this.heatmap.set(module, (hours = new Array(24).fill(0)));
        }
        this.lastTcode = rec.tcode;
        this.lastHours = hours;
      }
      if (hours) {
        const h0 = time.charCodeAt(0) - 48;
        const h1 = time.charCodeAt(1) - 48;
        // Normalised times are HH:MM:SS; anything else is read as before.
        const hour = time.length >= 3 && h0 >= 0 && h0 <= 9 && h1 >= 0 && h1 <= 9 && (time.charCodeAt(2) < 48 || time.charCodeAt(2) > 57) ? h0 * 10 + h1 : Number(time.slice(0, 2));
        hours[hour]!++;
      }
    }
    if (mask === 0) return;
    if (mask & (ANOMALY_MASK | HIGH_MASK)) {
      // Consecutive records often share a user: its upper-case form (and hash) is reused.
      if (rec.user !== this.lastUser) {
        this.lastUser = rec.user;
        this.lastUpper = rec.user.toUpperCase();
      }
      const user = this.lastUpper;
      if (user !== '') {
        if (mask & ANOMALY_MASK) this.anomalousUsers.add(user);
        if (mask & HIGH_MASK) this.highRiskUsers.add(user);
      }
    }
    if (out.otherMask !== 0) {
      for (let i = 0; i < OTHER_CATEGORIES.length; i++) {
        if (out.otherMask & (1 << i)) this.otherCategories[OTHER_CATEGORIES[i]!] = (this.otherCategories[OTHER_CATEGORIES[i]!] ?? 0) + 1;
      }
    }
    // Flags whose samples are complete need nothing more (most records, soon).
    const wanted = mask & ~this.samplesFull;
    if (wanted === 0) return;
    for (let i = 0; i < FLAG_KEYS.length; i++) {
      if (!(wanted & (1 << i))) continue;
      const key = FLAG_KEYS[i]!;
      let s = this.samples.get(key);
      if (!s) this.samples.set(key, (s = []));
      if (s.length >= SAMPLE_LIMIT) {
        this.samplesFull |= 1 << i;
        continue;
      }
      const record: Record<string, string> = { FILE_TYPE: rec.fileType, SOURCE_FILE: fileName };
      columns.forEach((c, j) => (record[c] = row[j] ?? ''));
      record[key] = out.reasons[i]!;
      record[RULES_COLUMN] = rulesOfFlag(out.rules, key).join(', ');
      s.push({ cols: columns, record });
    }
  }

  toJSON(): ReportStatsJSON {
    return {
      summary: this.summary,
      otherCategories: this.otherCategories,
      samples: [...this.samples],
      failedLogins: this.failedLogins,
      anomalousUsers: [...this.anomalousUsers],
      highRiskUsers: [...this.highRiskUsers],
      timeline: [...this.timeline],
      heatmap: [...this.heatmap],
    };
  }

  /** Adds another part's stats, as if its records had come after this one's. */
  merge(other: ReportStatsJSON): void {
    const sum = this.summary;
    sum.total_records += other.summary.total_records;
    sum.flagged_records += other.summary.flagged_records;
    for (const k of FLAG_KEYS) sum.flag_counts[k] += other.summary.flag_counts[k];
    for (const [c, n] of Object.entries(other.otherCategories)) this.otherCategories[c] = (this.otherCategories[c] ?? 0) + n;
    for (const [key, list] of other.samples) {
      let s = this.samples.get(key);
      if (!s) this.samples.set(key, (s = []));
      for (const sample of list) if (s.length < SAMPLE_LIMIT) s.push(sample);
    }
    this.failedLogins += other.failedLogins;
    for (const u of other.anomalousUsers) this.anomalousUsers.add(u);
    for (const u of other.highRiskUsers) this.highRiskUsers.add(u);
    for (const [date, d] of other.timeline) {
      const mine = this.timeline.get(date);
      if (!mine) this.timeline.set(date, { ...d });
      else {
        mine.failedLogins += d.failedLogins;
        mine.highRisk += d.highRisk;
        mine.dataModifications += d.dataModifications;
      }
    }
    for (const [module, hours] of other.heatmap) {
      const mine = this.heatmap.get(module);
      if (!mine) this.heatmap.set(module, [...hours]);
      else hours.forEach((n, h) => (mine[h]! += n));
    }
  }

  flagSamples(): Partial<Record<FlagKey, FlagSample>> {
    const result: Partial<Record<FlagKey, FlagSample>> = {};
    for (const [key, s] of this.samples) {
      const columns = new Set(['FILE_TYPE', 'SOURCE_FILE']);
      for (const { cols } of s) for (const c of cols) columns.add(c);
      result[key] = { columns: [...columns, key, RULES_COLUMN], records: s.map((x) => x.record), total: this.summary.flag_counts[key] };
      if (key === 'OTHER') result[key].aggregatedFlags = { ...this.otherCategories };
    }
    return result;
  }

  dashboard(): DashboardTotals {
    const c = this.summary.flag_counts;
    return {
      criticalAlerts: c.HIGH_RISK_TCODE_FLAG + c.HIGH_RISK_TABLE_FLAG,
      failedLogins: this.failedLogins,
      anomalousUsers: this.anomalousUsers.size,
      highRiskUsers: this.highRiskUsers.size,
    };
  }

  /**
   * Timeline over every record day (the screen picks the period: a window ending at the latest
   * record hid the rest of a file whose one row was months later); heatmap rows for every module.
   */
  analytics(): AnalyticsData {
    const timeline: AnalyticsData['timeline'] = {};
    for (const d of [...this.timeline.keys()].sort()) timeline[d] = this.timeline.get(d)!;
    const heatmap: AnalyticsData['heatmap'] = {};
    if (this.heatmap.size > 0) for (const m of MODULES) heatmap[m] = this.heatmap.get(m) ?? new Array(24).fill(0);
    return { timeline, heatmap };
  }
}

/** The rule ids of a record that belong to one flag (pattern completions are OTHER reasons). */
function rulesOfFlag(rules: readonly string[], key: FlagKey): string[] {
  return rules.filter((id) => (id.startsWith('PAT-') ? key === 'OTHER' : ruleById(id)?.flag === key));
}
