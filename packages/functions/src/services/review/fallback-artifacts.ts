/**
 * Analyses written before the report step stored cases (no findings.ndjson): their findings are
 * derived ONCE, in the review worker, from report.json and high-records.ndjson as before, grouped
 * into cases per actor, and stored as the same artifacts the engine writes (`findings.ndjson`,
 * `cases.json`), so from then on they are read like any other analysis.
 *
 * These cases are simpler than the engine's (DETECTION.md section 6): one per user (or one of kind
 * `none` for findings without a user), the risk level of the most severe member (a high record
 * alone makes a medium case), no routine marking and no escalations, and a reason that says so.
 */
import { createHash } from 'node:crypto';
import type { AnalysisReport } from '@app/core/model/index.ts';
import type { Case, CaseRiskLevel, CasesFile } from '@app/core/cases/index.ts';
import { deriveFindings, parseHighRecords, type Finding } from '@app/core/review/index.ts';
import { SEVERITY_RANK, type FindingsIndexData } from './findings-index.ts';

const LEVEL_RANK: Record<CaseRiskLevel, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const WEIGHT = { critical: 40, high: 20, medium: 8, low: 3 } as const;
export const FALLBACK_REASON = 'Analysed before cases were computed: no routine marking and no escalations; analyse the files again for them';

export interface DerivedArtifacts {
  ndjson: Uint8Array;
  cases: CasesFile;
  meta: Pick<FindingsIndexData, 'recordSource' | 'recordCoverage'>;
}

export function caseIdOf(analysisId: string, kind: string, actor: string): string {
  return createHash('sha256').update(`${analysisId}\u001f${kind}\u001f${actor}`).digest('hex').slice(0, 16);
}

export function deriveArtifacts(analysisId: string, reportText: string, highText: string | undefined): DerivedArtifacts {
  const report = JSON.parse(reportText) as AnalysisReport;
  const high = highText === undefined ? undefined : parseHighRecords(highText);
  const derived = deriveFindings(analysisId, report, high);
  const groups = new Map<string, Finding[]>();
  for (const f of derived.findings) {
    const actor = f.user;
    const list = groups.get(actor);
    if (list) list.push(f);
    else groups.set(actor, [f]);
  }
  const built: { c: Case; members: Finding[] }[] = [];
  for (const [actor, members] of groups) {
    members.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
    const kind = actor ? 'user' : 'none';
    const id = caseIdOf(analysisId, kind, actor);
    const rules = new Map<string, { rule: string; count: number; first_time: string; severity: Finding['rule']['severity']; title: string; pattern: boolean }>();
    const days = new Set<string>();
    const files = new Set<string>();
    let patterns = 0;
    let records = 0;
    for (const f of members) {
      f.caseId = id;
      if (f.kind === 'pattern') patterns++;
      else records++;
      if (f.time) days.add(f.time.slice(0, 10));
      if (f.source.file) files.add(f.source.file);
      const r = rules.get(f.rule.id);
      if (r) r.count++;
      else rules.set(f.rule.id, { rule: f.rule.id, count: 1, first_time: f.time, severity: f.rule.severity, title: f.rule.title, pattern: f.kind === 'pattern' });
    }
    let level: CaseRiskLevel = 'low';
    let score = 0;
    for (const r of rules.values()) {
      // A high pattern makes a high case; a high record alone only a medium one (section 6).
      const l: CaseRiskLevel = r.severity === 'critical' ? 'critical' : r.severity === 'high' ? (r.pattern ? 'high' : 'medium') : r.severity === 'medium' ? 'medium' : 'low';
      if (LEVEL_RANK[l] < LEVEL_RANK[level]) level = l;
      // The first occurrence weighs most, repeats by their logarithm.
      score += WEIGHT[r.severity] * (1 + Math.log10(r.count));
    }
    if (rules.size > 1) score += 10 * (rules.size - 1);
    const timed = members.filter((m) => m.time);
    const c: Case = {
      id,
      actor,
      actor_kind: kind,
      risk_level: level,
      score: Math.min(100, Math.round(score)),
      first_time: timed[0]?.time ?? '',
      last_time: timed.at(-1)?.time ?? '',
      days: days.size,
      files: [...files].sort(),
      rules: [...rules.values()]
        .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.count - a.count)
        .map((r) => ({ rule: r.rule, count: r.count, first_time: r.first_time, routine: false })),
      escalations: [],
      watchlists: [],
      reasons: [
        ...[...rules.values()]
          .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.count - a.count)
          .map((r) => `${r.title} (${r.severity}): ${r.count === 1 ? 'once' : `${r.count} times`}${r.first_time ? `, first on ${r.first_time}` : ''}`),
        ...(rules.size > 1 ? [`${rules.size} different rules for one actor`] : []),
        FALLBACK_REASON,
      ],
      patterns,
      records,
      context: 0,
      findings_offset: 0,
      findings_count: members.length,
    };
    built.push({ c, members });
  }
  built.sort((a, b) => LEVEL_RANK[a.c.risk_level] - LEVEL_RANK[b.c.risk_level] || b.c.score - a.c.score || (a.c.first_time < b.c.first_time ? -1 : a.c.first_time > b.c.first_time ? 1 : 0));
  const lines: string[] = [];
  for (const b of built) {
    b.c.findings_offset = lines.length;
    for (const f of b.members) lines.push(JSON.stringify(f));
  }
  const text = lines.length ? `${lines.join('\n')}\n` : '';
  const times = derived.findings.map((f) => f.time).filter(Boolean).sort();
  return {
    ndjson: new TextEncoder().encode(text),
    cases: {
      version: 1,
      settings: {
        timeZone: '',
        holidayCalendar: '',
        businessHours: { start: '', end: '', days: [] },
        thresholds: {},
        lists: {},
        period: { first: times[0] ?? '', last: times.at(-1) ?? '' },
      },
      cases: built.map((b) => b.c),
    },
    meta: {
      recordSource: derived.recordSource,
      recordCoverage: { perFlagCap: derived.recordSource.kind === 'samples' ? derived.recordSource.perFlag : null, flags: derived.recordCoverage },
    },
  };
}
