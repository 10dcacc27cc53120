/** Words and colours of the cases views. */
import { decisionsText } from '../review/review-labels.ts';
import type { CaseSummary, RiskLevel } from './cases-api.ts';

export const RISK_LEVELS: RiskLevel[] = ['critical', 'high', 'medium', 'low'];
// Shades chosen for AA contrast; autoContrast picks dark text on the light ones.
export const RISK_COLOR: Record<RiskLevel, string> = { critical: 'red.9', high: 'orange.4', medium: 'yellow.3', low: 'blue.8' };
export const RISK_LABEL: Record<RiskLevel, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

const KIND_LABEL: Record<CaseSummary['actor_kind'], string> = { user: 'User', terminal: 'Terminal', address: 'Address', none: 'No user' };

/** "User JDOE", "Terminal PC-7", or "Change-document items without a header". */
export function actorText(c: Pick<CaseSummary, 'actor' | 'actor_kind'>): string {
  if (c.actor_kind === 'none' || !c.actor) return 'Findings that name no user';
  return `${KIND_LABEL[c.actor_kind]} ${c.actor}`;
}

export function periodText(c: Pick<CaseSummary, 'first_time' | 'last_time' | 'days'>): string {
  if (!c.first_time) return 'no time recorded';
  const days = `${c.days} ${c.days === 1 ? 'day' : 'days'}`;
  return c.first_time.slice(0, 10) === c.last_time.slice(0, 10) ? `${c.first_time} – ${c.last_time.slice(11)} (${days})` : `${c.first_time} – ${c.last_time} (${days})`;
}

/**
 * "4 findings (1 pattern, 3 records)"; where a record breaks several rules (one finding each), the
 * findings on records are said apart so the numbers add up: "8 findings (2 patterns; 6 rule hits on 3 records)".
 */
export function membersText(c: Pick<CaseSummary, 'members' | 'patterns' | 'records' | 'context'>): string {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const parts = [count(c.members, 'finding', 'findings')];
  const onRecords = c.members - c.patterns;
  const records = c.records ? (onRecords > c.records ? `${count(onRecords, 'rule hit', 'rule hits')} on ${count(c.records, 'record', 'records')}` : count(c.records, 'record', 'records')) : '';
  const of = [c.patterns ? count(c.patterns, 'pattern', 'patterns') : '', records].filter(Boolean);
  if (of.length > 0) parts[0] += ` (${of.join(onRecords > c.records && c.records ? '; ' : ', ')})`;
  if (c.context) parts.push(`${c.context.toLocaleString('en-US')} medium flags as context`);
  return parts.join(' · ');
}

/**
 * The reasons to list under a case's escalations: the engine ends its reasons with each escalation
 * again ("Escalation (covered tracks): …", packages/core/src/cases/compute.ts, for the workbook and
 * --json), which the screens already show in their own red line or alert above the reasons.
 */
export function reasonsBesideEscalations(c: Pick<CaseSummary, 'reasons' | 'escalations'>): string[] {
  const shown = new Set(c.escalations.map((e) => `Escalation (${e.kind.replaceAll('_', ' ')}): ${e.text}`));
  return c.reasons.filter((r) => !shown.has(r));
}

export function progressText(p: CaseSummary['progress']): string {
  const parts = [`${p.reviewed.toLocaleString('en-US')} of ${p.members.toLocaleString('en-US')} reviewed${decisionsText(p.decisions, p.members)}`];
  if (p.suppressed) parts.push(`${p.suppressed.toLocaleString('en-US')} suppressed`);
  return parts.join(' · ');
}

/** "on 18 of 21 days" for a routine rule. */
export function routineText(r: { routine: boolean; routine_days?: number; active_days?: number }): string {
  if (!r.routine) return '';
  return r.routine_days && r.active_days ? `routine: on ${r.routine_days} of ${r.active_days} days` : 'routine';
}
