/**
 * A suspicious pattern's JSON fields (the contract: --json, report.json, a pattern finding's evidence)
 * in words, as the workbooks head them and the web shows them: a change-document pattern's
 * `sm20_time` / `sm20_activity` are a change's time and activity, so the words fit every kind.
 */
export const PATTERN_FIELD_HEADERS = { rule: 'Rule', pattern: 'Pattern', risk_level: 'Risk level', user: 'User', sm20_time: 'Time', sm20_activity: 'Activity' } as const;

export type PatternField = keyof typeof PATTERN_FIELD_HEADERS;

/** The header of a pattern field; any other column as it is. */
export function patternFieldHeader(column: string): string {
  return (PATTERN_FIELD_HEADERS as Record<string, string>)[column] ?? column;
}

/**
 * The key by which a user's timeline matches a pattern's user (and the stored pattern table finds one
 * user's patterns): trimmed and upper case, so ` alice ` is ALICE. The one place this match is written.
 */
export function patternUserKey(user: string): string {
  return user.trim().toUpperCase();
}
