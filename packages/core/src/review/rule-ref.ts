/**
 * The catalogue rule behind a finding (DETECTION.md section 5). A pattern names its rule
 * (`rule`, else PAT-<NAME>). A flagged record lists the rules that fired in its RULES cell;
 * a record stored without one (reports written before the catalogue) is matched to the rules
 * of its flag by the event, transaction, table or program the rule reads, and when that
 * leaves several, the least severe: a finding is never made more severe than the data shows.
 */
import type { FlagKey, SuspiciousPattern } from '../model/index.ts';
import { patternRuleId, RULE_CATALOGUE, ruleById, type RuleDefinition } from '../rules/index.ts';
import { canonicalFields } from './record-fields.ts';
import type { FindingRule, FindingSeverity } from './types.ts';

const SEVERITY_RANK: Record<FindingSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const isHigh = (r: FindingRule) => r.severity === 'critical' || r.severity === 'high';
const toRule = (r: RuleDefinition): FindingRule => ({ id: r.id, title: r.title, severity: r.severity });

export function patternRule(p: Pick<SuspiciousPattern, 'pattern' | 'risk_level'> & { rule?: string }): FindingRule {
  const id = p.rule || patternRuleId(p.pattern);
  const known = ruleById(id);
  // The pattern's own risk wins: EMERGENCY_ACCESS is critical without a ticket, high otherwise.
  return { id, title: known?.title ?? p.pattern, severity: p.risk_level as FindingSeverity };
}

/** OTHER reasons start with their category ("security: Event AU2: Logon failed"). */
function categoriesOf(reason: string): Set<string> {
  return new Set([...reason.matchAll(/(?:^|[;|]\s*)([a-z_]+):/g)].map((m) => m[1]!));
}

function guessRules(flag: FlagKey, record: Record<string, string>): RuleDefinition[] {
  let candidates = RULE_CATALOGUE.filter((r) => r.kind === 'flag' && r.flag === flag);
  if (flag === 'OTHER') {
    const categories = categoriesOf(record.OTHER ?? '');
    candidates = candidates.filter((r) => r.category && categories.has(r.category));
  }
  if (candidates.length <= 1) return candidates;
  const f = canonicalFields(record);
  const words = [f.EVENT, f.TCODE, f.TABNAME, f.PROGRAM].filter((w): w is string => !!w && /^[A-Z0-9_/]+$/i.test(w));
  const named = candidates.filter((r) => words.some((w) => new RegExp(`(^|[^A-Z0-9_])${w.replace(/\//g, '\\/')}([^A-Z0-9_]|$)`, 'i').test(r.reads)));
  const pool = named.length > 0 ? named : candidates;
  const least = pool.reduce((a, b) => (SEVERITY_RANK[b.severity] > SEVERITY_RANK[a.severity] ? b : a));
  return [least];
}

/** The catalogue rules a RULES cell lists under a flag, by flag and cell (a part's high records repeat a few cells). */
const listedRules = new Map<string, RuleDefinition[]>();

/** The last cell asked under each flag and its rules: a part's high records mostly repeat the record before's (no key made and hashed). */
const lastListed = new Map<FlagKey, { cell: string; listed: RuleDefinition[] }>();

function listedOf(flag: FlagKey, cell: string): RuleDefinition[] {
  const last = lastListed.get(flag);
  if (last !== undefined && last.cell === cell) return last.listed;
  const key = `${flag}\u0001${cell}`;
  let listed = listedRules.get(key);
  if (listed === undefined) {
    listed = cell
      .split(/[\s,;|]+/)
      .map((id) => ruleById(id))
      .filter((r): r is RuleDefinition => !!r && r.kind === 'flag' && r.flag === flag);
    if (listedRules.size >= 10_000) listedRules.clear();
    listedRules.set(key, listed);
  }
  lastListed.set(flag, { cell, listed });
  return listed;
}

/** The high ones of a RULES cell's rules under a flag (listedOf's lists, each made once). */
const highOfListed = new WeakMap<RuleDefinition[], readonly FindingRule[]>();

/** The rules of high or critical severity that fired on a flagged record under `flag` (not to be changed: a listed cell's are shared). */
export function recordRules(flag: FlagKey, record: Record<string, string>): readonly FindingRule[] {
  const listed = listedOf(flag, record.RULES ?? '');
  if (listed.length === 0) return guessRules(flag, record).map(toRule).filter(isHigh);
  let high = highOfListed.get(listed);
  if (high === undefined) highOfListed.set(listed, (high = Object.freeze(listed.map((r) => Object.freeze(toRule(r))).filter(isHigh))));
  return high;
}
