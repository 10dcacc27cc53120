/** Titles and one-line explanations of the suspicious patterns, from the rule catalogue (DETECTION.md section 5). */
import type { PatternName } from '@app/core/model/index.ts';
import { patternRuleId, ruleById } from '@app/core/rules/index.ts';
import { patternTextWithThresholds, type AnalysisSettings } from './threshold-texts.ts';

export interface PatternMeaning {
  title: string;
  explanation: string;
}

/**
 * The readable title and explanation of a pattern, as its catalogue rule gives them; a pattern
 * the catalogue does not know (from a newer engine) keeps its name.
 *
 * @example patternMeaning('MASS_DOWNLOAD').title // "Many downloads by one user"
 */
export function patternMeaning(pattern: string, settings?: AnalysisSettings | null): PatternMeaning {
  const measured = patternTextWithThresholds(pattern, settings);
  if (measured) return measured;
  // A name the engine does not know simply finds no rule.
  const rule = ruleById(patternRuleId(pattern as PatternName));
  if (rule) return { title: rule.title, explanation: rule.summary ?? rule.nextSteps };
  return { title: pattern.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()), explanation: 'A pattern found across the records by the analyzer.' };
}

const LEVEL_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export function levelRank(level: string | undefined): number {
  return LEVEL_RANK[(level ?? '').toLowerCase()] ?? 4;
}

/** Critical first, then high, medium, low (unknown last); by time within a level. */
export function sortBySeverity<T extends { risk_level: string; sm20_time?: string }>(patterns: readonly T[]): T[] {
  return [...patterns].sort((a, b) => levelRank(a.risk_level) - levelRank(b.risk_level) || (a.sm20_time ?? '').localeCompare(b.sm20_time ?? ''));
}
