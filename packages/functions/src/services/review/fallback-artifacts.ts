/**
 * Analyses written before the report step stored cases (no findings.ndjson, no cases.json): their
 * findings are derived ONCE, in the review worker, from report.json and high-records.ndjson, their
 * cases computed by the engine's own cases computation (`computeCases`, DETECTION.md section 6:
 * actors, members, score, routine, escalations, order) from what the stored analysis holds, and
 * both stored as the same artifacts the engine writes (`findings.ndjson`, `cases.json`), so from
 * then on they are read like any other analysis.
 *
 * What the report step tallies over every record is partly missing, and each case says what:
 * - the days each user was active (routine needs them) come from `timeline-index.bin` (every
 *   record's day per user); without it no rule is marked routine;
 * - medium flags (a case's context) are not stored: context is 0;
 * - an escalation's use (a change or high-risk transaction within hours of a privilege gained) is
 *   found among the stored high-severity records and the patterns only, not among unflagged records;
 * - without high-records.ndjson (the oldest analyses) only the summary's sample records are members.
 */
import { createHash } from 'node:crypto';
import { actorKey, CaseTally, computeCases, escalationTriggers, mergeTallies, patternActor, type Case, type CaseActorKind, type CasesFile } from '@app/core/cases/index.ts';
import type { AnalysisReport } from '@app/core/model/index.ts';
import { deriveFindings, parseHighRecords, type Finding } from '@app/core/review/index.ts';
import type { FindingsIndexData } from './findings-index.ts';

/** Said by every case computed for an older analysis. */
export const FALLBACK_REASON = 'Computed after the analysis (it was analysed before cases were stored), from what it stored';
export const NO_CONTEXT_REASON = 'Medium flags (context) are not stored for this analysis: not counted';
export const NO_ROUTINE_REASON = 'Routine not marked: the days each user was active are not stored for this analysis';
export const USE_FROM_FLAGGED_REASON = 'Escalations: a use after a privilege is found among flagged records and patterns only (unflagged changes are not stored)';
export const SAMPLES_ONLY_REASON = 'Only the sample records the summary kept are members (every high-severity record is not stored for this analysis)';

export interface DerivedArtifacts {
  ndjson: Uint8Array;
  cases: CasesFile;
  meta: Pick<FindingsIndexData, 'recordSource' | 'recordCoverage'>;
}

/** Days (YYYY-MM-DD) each user has any record, from the directories of timeline-index.bin (its first bytes up to the entries). */
export function activeDaysOf(timelinePrefix: Uint8Array): Map<string, Set<string>> {
  const view = new DataView(timelinePrefix.buffer, timelinePrefix.byteOffset, timelinePrefix.byteLength);
  const metaLength = view.getUint32(8, true);
  const decoder = new TextDecoder();
  const meta = JSON.parse(decoder.decode(timelinePrefix.subarray(16, 16 + metaLength))) as { users: [string, number, number][] };
  const base = 16 + metaLength;
  const out = new Map<string, Set<string>>();
  for (const [user, offset, length] of meta.users) {
    const dir = JSON.parse(decoder.decode(timelinePrefix.subarray(base + offset, base + offset + length))) as { days: Record<string, [number, number][]> };
    const days = new Set<string>();
    for (const [kind, list] of Object.entries(dir.days)) {
      if (kind === 'ITEM') continue;
      for (const [day] of list) if (day >= 0) days.add(new Date(day * 86_400_000).toISOString().slice(0, 10));
    }
    out.set(user.toUpperCase(), days);
  }
  return out;
}

const CHANGE_TYPES = new Set(['CDHDR', 'CDPOS']);

export function deriveArtifacts(analysisId: string, reportText: string, highText: string | undefined, timelinePrefix?: Uint8Array): DerivedArtifacts {
  const report = JSON.parse(reportText) as AnalysisReport;
  const high = highText === undefined ? undefined : parseHighRecords(highText);
  const derived = deriveFindings(analysisId, report, high);
  const patterns = report.suspicious_patterns;

  // What the report step would have tallied, from the stored records: each record once (its findings share its evidence).
  const triggers = escalationTriggers(patterns);
  const tally = new CaseTally(triggers);
  const byRecord = new Map<object, { f: Finding; rules: string[] }>();
  for (const f of derived.findings) {
    if (f.kind !== 'record') continue;
    const rec = f.evidence[0]!;
    const known = byRecord.get(rec);
    if (known) {
      if (!known.rules.includes(f.rule.id)) known.rules.push(f.rule.id);
    } else byRecord.set(rec, { f, rules: [f.rule.id] });
  }
  for (const [rec, { f, rules }] of byRecord) {
    const r = rec as Record<string, string>;
    const fileType = f.source.fileType ?? r.FILE_TYPE ?? '';
    tally.add(
      { user: f.user, date: f.time.slice(0, 10), time: f.time.slice(11, 19), tcode: r.TCODE ?? r['Transaction Code'] ?? '', tabname: r.TABNAME, event: r.EVENT },
      f.source.file ?? '',
      rules,
      CHANGE_TYPES.has(fileType),
      !!r.HIGH_RISK_TCODE_FLAG,
    );
  }
  const merged = mergeTallies([tally.toJSON()]);
  const active = timelinePrefix ? activeDaysOf(timelinePrefix) : undefined;
  if (active) merged.active = active;
  else {
    // The days each user was active are unknown: no rule can be called routine. computeCases marks
    // a rule routine when it fires on most of the actor's active days, so each user is given more
    // (unnamed) active days than any rule could reach; the case says why routine is missing.
    const unknownDays = Array.from({ length: 800 }, (_, i) => `unknown-${i}`);
    merged.active = new Map([...merged.actors.keys(), ...patterns.map((p) => actorKey('user', p.user.trim().toUpperCase()))].map((k) => [k.slice(k.indexOf('\u0001') + 1), new Set(unknownDays)]));
  }
  const cases = computeCases({ patterns, tally: merged, triggers });

  // Members: each pattern's case by its actor, each record's by its user (none without one).
  const at = new Map(cases.map((c, i) => [actorKey(c.actor_kind, c.actor), i]));
  const members: Finding[][] = cases.map(() => []);
  const extra: { kind: CaseActorKind; actor: string; list: Finding[] }[] = [];
  derived.findings.forEach((f, i) => {
    const who = f.kind === 'pattern' && i < patterns.length ? patternActor(patterns[i]!) : f.user ? { kind: 'user' as const, actor: f.user } : { kind: 'none' as const, actor: '' };
    const k = at.get(actorKey(who.kind, who.actor));
    if (k !== undefined) members[k]!.push(f);
    else {
      let e = extra.find((x) => x.kind === who.kind && x.actor === who.actor);
      if (!e) extra.push((e = { ...who, list: [] }));
      e.list.push(f);
    }
  });
  const missing = [
    FALLBACK_REASON,
    ...(high ? [] : [SAMPLES_ONLY_REASON]),
    ...(active ? [] : [NO_ROUTINE_REASON]),
    NO_CONTEXT_REASON,
    USE_FROM_FLAGGED_REASON,
  ];
  const all: Case[] = cases.map((c) => ({ ...c, reasons: [...c.reasons, ...missing] }));
  // A finding no computed case holds (a medium rule of an actor without a high one): a low case of its actor, so nothing is hidden.
  for (const e of extra) {
    const times = e.list.map((f) => f.time).filter(Boolean).sort();
    all.push({
      id: `case-${createHash('sha256').update(`${e.kind}\u0001${e.actor}`).digest('hex').slice(0, 16)}`,
      actor: e.actor,
      actor_kind: e.kind,
      risk_level: 'low',
      score: 0,
      first_time: times[0] ?? '',
      last_time: times.at(-1) ?? '',
      days: new Set(times.map((t) => t.slice(0, 10))).size,
      files: [...new Set(e.list.map((f) => f.source.file ?? '').filter(Boolean))].sort(),
      rules: [...new Set(e.list.map((f) => f.rule.id))].map((rule) => ({ rule, count: e.list.filter((f) => f.rule.id === rule).length, first_time: e.list.find((f) => f.rule.id === rule)?.time ?? '', routine: false })),
      escalations: [],
      watchlists: [],
      reasons: ['Findings of medium severity only', ...missing],
      patterns: e.list.filter((f) => f.kind === 'pattern').length,
      records: e.list.filter((f) => f.kind === 'record').length,
      context: 0,
      findings_offset: 0,
      findings_count: 0,
    });
    members.push(e.list);
  }
  const lines: string[] = [];
  all.forEach((c, i) => {
    const list = members[i]!.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
    c.findings_offset = lines.length;
    c.findings_count = list.length;
    for (const f of list) lines.push(JSON.stringify({ ...f, caseId: c.id }));
  });
  const text = lines.length ? `${lines.join('\n')}\n` : '';
  const stored = (report as AnalysisReport & { settings?: CasesFile['settings'] }).settings;
  return {
    ndjson: new TextEncoder().encode(text),
    cases: {
      version: 1,
      settings: stored ?? {
        timeZone: '',
        holidayCalendar: '',
        businessHours: { start: '', end: '', days: [] },
        thresholds: {},
        lists: {},
        period: merged.period,
      },
      cases: all,
    },
    meta: {
      recordSource: derived.recordSource,
      recordCoverage: { perFlagCap: derived.recordSource.kind === 'samples' ? derived.recordSource.perFlag : null, flags: derived.recordCoverage },
    },
  };
}
