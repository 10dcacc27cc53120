/**
 * The findings of a completed analysis: every suspicious pattern of its stored report, and every
 * flagged record whose flag comes from a rule of high or critical severity. The records come from
 * high-records.ndjson, which the report step writes (every one);
 * an analysis written before it has only the report's SAMPLE_LIMIT (10) sample records per flag,
 * and `recordCoverage` says how many flagged records there are and how many are listed.
 */
import { SAMPLE_LIMIT } from '../engine/report/report-stats.ts';
import { decideDateOrder } from '../formats/dates.ts';
import type { DateOrder } from '../formats/types.ts';
import { FLAG_KEYS, type AnalysisReport, type FlagKey } from '../model/index.ts';
import { findingId } from './finding-id.ts';
import { canonicalFields, recordTime, type RecordFields } from './record-fields.ts';
import { patternRule, recordRules } from './rule-ref.ts';
import type { Finding } from './types.ts';
import type { HighRecord, HighRecords } from './high-records.ts';

/** Records per flag that can become findings: what the report stores. */
export const RECORD_FINDINGS_PER_FLAG = SAMPLE_LIMIT;
const SUMMARY_MAX = 200;

export interface RecordCoverage {
  flag: FlagKey;
  /** Records carrying the flag in the whole analysis. */
  total: number;
  /** Of those, stored and listed as findings. */
  listed: number;
}

export interface DerivedFindings {
  findings: Finding[];
  recordCoverage: RecordCoverage[];
  /**
   * Where record findings come from: every high-severity flagged record (`all`, up to `cap`;
   * `total` of them in the analysis) or the report's samples (`samples`: analyses written before).
   */
  recordSource: { kind: 'all'; total: number; listed: number; cap: number } | { kind: 'samples'; perFlag: number };
}

function objectOf(flag: FlagKey, f: RecordFields): string {
  // The first value that is not empty (no array of them per finding).
  switch (flag) {
    case 'HIGH_RISK_TCODE_FLAG':
      return f.TCODE || f.VAR1 || '';
    case 'HIGH_RISK_TABLE_FLAG':
      return f.TABNAME || f.VAR1 || '';
    case 'SENSITIVE_FIELD_FLAG':
      return f.TABNAME && f.FNAME ? `${f.TABNAME}-${f.FNAME}` : f.FNAME || f.TABNAME || '';
    case 'SENSITIVE_OBJECT_FLAG':
      return f.OBJECTCLAS || f.TABNAME || '';
    case 'DEBUG_FLAG':
      return f.PROGRAM || f.TCODE || '';
    default:
      return f.TCODE || f.TABNAME || f.OBJECTCLAS || f.PROGRAM || f.EVENT || '';
  }
}

/**
 * A record finding's line: its reason; a change document's also names the transaction it was made
 * with (a CDPOS item's from its header) when the reason does not.
 * @example recordSummary('Sensitive field BANKN in LFBK changed', 'CDPOS', { TCODE: 'XK02' }) // 'Sensitive field BANKN in LFBK changed (transaction XK02)'
 */
export function recordSummary(reason: string, fileType: string | undefined, f: RecordFields): string {
  const tcode = fileType === 'CDPOS' || fileType === 'CDHDR' ? f.TCODE : undefined;
  return oneLine(tcode && !namesWord(reason, tcode) ? `${reason} (transaction ${tcode})` : reason);
}

const WORD_CHAR = /[A-Za-z0-9_/]/;

/** Does `text` name `word` as a whole word (no letter, digit, _ or / either side)? No regex per call: a finding per high record. */
function namesWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!WORD_CHAR.test(text[at - 1] ?? '') && !WORD_CHAR.test(text[at + word.length] ?? '')) return true;
  }
  return false;
}

/** What a pattern is about: its activity up to the first colon ("CUL SE38" of "CUL SE38: Field content …"). */
function patternObject(activity: string): string {
  const head = activity.split(':')[0]!.trim();
  return head.length <= 80 ? head : head.slice(0, 80);
}

/** Lines made of texts seen before: a part's high records repeat a few reasons (a regex replace per finding before). */
const lines = new Map<string, string>();
const oneLine = (s: string) => {
  let line = lines.get(s);
  if (line !== undefined) return line;
  line = s.replace(/\s+/g, ' ').trim();
  if (line.length > SUMMARY_MAX) line = `${line.slice(0, SUMMARY_MAX - 1)}…`;
  if (lines.size >= 4096) lines.clear();
  lines.set(s, line);
  return line;
};

/** A pattern's finding (without its id). */
export function patternFinding(p: AnalysisReport['suspicious_patterns'][number]): Omit<Finding, 'findingId'> {
  const rule = patternRule(p);
  return {
    kind: 'pattern',
    rule,
    user: p.user.trim().toUpperCase(),
    time: p.sm20_time,
    object: patternObject(p.sm20_activity),
    terminal: '',
    summary: oneLine(`${rule.title}: ${p.sm20_activity}`),
    source: { pattern: p.pattern },
    evidence: [{ rule: rule.id, pattern: p.pattern, risk_level: p.risk_level, user: p.user, sm20_time: p.sm20_time, sm20_activity: p.sm20_activity }],
  };
}

/**
 * The findings of one high-severity record (one per flag and high or critical rule), without ids:
 * its user and time as the engine read them when the line carries them (a change-document item's
 * from its header), else from its cells.
 */
/** A high record's evidence: the record with all its flag reasons and rules (what every finding of it shows). */
export function highRecordEvidence(h: HighRecord): Record<string, string> {
  return { ...h.record, ...(h.reasons as Record<string, string>), RULES: h.rules.join(', ') };
}

export function highRecordFindings(h: HighRecord, order?: DateOrder): Omit<Finding, 'findingId'>[] {
  const record = highRecordEvidence(h);
  const f = canonicalFields(record);
  const user = h.user !== undefined && h.user !== '' ? h.user : (f.USER ?? f.USERNAME ?? '').toUpperCase();
  const time = h.time !== undefined && h.time !== '' ? h.time : recordTime(f.DATE ?? f.UDATE, f.TIME ?? f.UTIME, order);
  const out: Omit<Finding, 'findingId'>[] = [];
  for (const flag of FLAG_KEYS) {
    if (!h.reasons[flag]) continue;
    for (const rule of recordRules(flag, record)) {
      out.push({ kind: 'record', rule, user, time, object: objectOf(flag, f), terminal: f.TERMINAL ?? '', summary: recordSummary(record[flag] || rule.title, record.FILE_TYPE, f), source: { flag, file: record.SOURCE_FILE ?? '', fileType: record.FILE_TYPE }, evidence: [record] });
    }
  }
  return out;
}

/** Date order per source file, decided over its stored records (as the engine does per file). */
export function dateOrders(report: AnalysisReport, high: HighRecords | undefined): Map<string, DateOrder> {
  const dates = new Map<string, string[]>();
  const stored = [...Object.values(report.flagSamples).flatMap((s) => s?.records ?? []), ...(high?.records ?? []).slice(0, 2000).map((h) => h.record)];
  for (const r of stored) {
    const f = canonicalFields(r);
    const d = f.DATE ?? f.UDATE;
    if (!d) continue;
    const list = dates.get(r.SOURCE_FILE ?? '') ?? [];
    list.push(d);
    dates.set(r.SOURCE_FILE ?? '', list);
  }
  return new Map([...dates].map(([file, list]) => [file, decideDateOrder(list)]));
}

/**
 * @example deriveFindings('a1', report).findings[0] // { findingId: '…', kind: 'pattern', rule: { id: 'PAT-…' }, … }
 */
export function deriveFindings(analysisId: string, report: AnalysisReport, high?: HighRecords): DerivedFindings {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  const add = (f: Omit<Finding, 'findingId'>) => {
    const base = [f.rule.id, f.user, f.time, f.object].join('\u001f');
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    findings.push({ findingId: findingId(analysisId, f.rule.id, f.user, f.time, f.object, occurrence), ...f });
  };

  for (const p of report.suspicious_patterns) add(patternFinding(p));

  const orders = dateOrders(report, high);
  // A kept record with several flags is read once: its findings share its fields and evidence
  // (the record with all its flag reasons and rules).
  const read = new WeakMap<object, { record: Record<string, string>; f: RecordFields; user: string; time: string }>();
  const readRecord = (record: Record<string, string>, from: object = record) => {
    let hit = read.get(from);
    if (!hit) {
      const f = canonicalFields(record);
      hit = { record, f, user: (f.USER ?? f.USERNAME ?? '').toUpperCase(), time: recordTime(f.DATE ?? f.UDATE, f.TIME ?? f.UTIME, orders.get(record.SOURCE_FILE ?? '')) };
      read.set(from, hit);
    }
    return hit;
  };
  const keptRecord = (h: HighRecord) => {
    const known = read.get(h);
    if (known) return known;
    const hit = readRecord({ ...h.record, ...h.reasons, RULES: h.rules.join(', ') }, h);
    // The engine's own reading (a change-document item's header user and time) wins.
    if (h.user) hit.user = h.user;
    if (h.time) hit.time = h.time;
    return hit;
  };
  const recordCoverage: RecordCoverage[] = [];
  for (const flag of FLAG_KEYS) {
    const sample = report.flagSamples[flag];
    if (!sample) continue;
    let listed = 0;
    const records = high ? high.records.flatMap((h) => (h.reasons[flag] ? [keptRecord(h)] : [])) : sample.records.slice(0, RECORD_FINDINGS_PER_FLAG).map((r) => readRecord(r));
    for (const { record, f, user, time } of records) {
      const rules = recordRules(flag, record);
      if (rules.length === 0) continue;
      listed++;
      const file = record.SOURCE_FILE ?? '';
      for (const rule of rules) {
        add({
          kind: 'record',
          rule,
          user,
          time,
          object: objectOf(flag, f),
          terminal: f.TERMINAL ?? '',
          summary: recordSummary(record[flag] || rule.title, record.FILE_TYPE, f),
          source: { flag, file, fileType: record.FILE_TYPE },
          evidence: [record],
        });
      }
    }
    if (listed > 0) recordCoverage.push({ flag, total: sample.total, listed });
  }
  attachPatternEvidence(findings, report, orders);
  const recordSource: DerivedFindings['recordSource'] = high ? { kind: 'all', total: high.total, listed: high.records.length, cap: high.cap } : { kind: 'samples', perFlag: RECORD_FINDINGS_PER_FLAG };
  return { findings, recordCoverage, recordSource };
}

/** A pattern's evidence window: stored records of its user this close to its time. */
export const PATTERN_EVIDENCE_MINUTES = 60;

const FLAG_SET: ReadonlySet<string> = new Set(FLAG_KEYS);
const toMs = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`);

/**
 * A pattern's evidence: the stored flagged records of the same user within an hour of it (one
 * row per record, its flag reasons side by side); the pattern row itself when there are none.
 */
export function attachPatternEvidence(findings: Finding[], report: AnalysisReport, orders: Map<string, DateOrder>): void {
  const attach = patternEvidenceOf(report, orders);
  for (const finding of findings) attach(finding);
}

/** attachPatternEvidence for one finding at a time (the stored records read once). */
export function patternEvidenceOf(report: Pick<AnalysisReport, 'flagSamples'>, orders: Map<string, DateOrder>): (finding: Pick<Finding, 'kind' | 'user' | 'time' | 'evidence'>) => void {
  const byUser = new Map<string, { ms: number; record: Record<string, string> }[]>();
  const seen = new Map<string, Record<string, string>>();
  for (const flag of FLAG_KEYS) {
    for (const record of report.flagSamples[flag]?.records ?? []) {
      const f = canonicalFields(record);
      const user = (f.USER ?? f.USERNAME ?? '').toUpperCase();
      const ms = toMs(recordTime(f.DATE ?? f.UDATE, f.TIME ?? f.UTIME, orders.get(record.SOURCE_FILE ?? '')));
      if (!user || Number.isNaN(ms)) continue;
      const key = JSON.stringify(Object.entries(record).filter(([k]) => !FLAG_SET.has(k) && k !== 'RULES'));
      const known = seen.get(key);
      if (known) {
        known[flag] = record[flag] ?? '';
        continue;
      }
      const copy = { ...record };
      seen.set(key, copy);
      const list = byUser.get(user) ?? [];
      list.push({ ms, record: copy });
      byUser.set(user, list);
    }
  }
  const window = PATTERN_EVIDENCE_MINUTES * 60_000;
  return (finding) => {
    if (finding.kind !== 'pattern') return;
    const list = byUser.get(finding.user);
    if (!list) return;
    const at = toMs(finding.time);
    const near = list.filter((r) => Math.abs(r.ms - at) <= window).sort((a, b) => a.ms - b.ms);
    if (near.length > 0) finding.evidence = near.map((r) => r.record);
  };
}
