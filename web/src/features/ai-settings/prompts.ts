/**
 * Prompts, templates and limits of the AI settings (product-spec sections 3 and 5). The default
 * prompts and templates are the engine's own (`@app/core/ai/prompts.ts`), so the panel shows
 * exactly what the annotate step falls back to; this module adds what only the panel needs.
 */
import { placeholdersOf } from '@app/core/ai/render.ts';
import type { PromptTemplate } from '@app/core/ai/prompts.ts';

export {
  DEFAULT_FILE_TYPE_PROMPTS,
  DEFAULT_OUTPUT_COLUMN,
  DEFAULT_TARGET_COLUMNS,
  GLOBAL_PROMPT_TEMPLATES,
  PROMPT_FILE_TYPES,
  PROMPT_MAX_LENGTH,
  PROMPT_TEMPLATES,
  PROMPT_WARN_LENGTH,
  type PromptFileType,
  type PromptTemplate,
} from '@app/core/ai/prompts.ts';
import { GLOBAL_PROMPT_TEMPLATES, PROMPT_MAX_LENGTH, PROMPT_TEMPLATES, PROMPT_WARN_LENGTH } from '@app/core/ai/prompts.ts';

export const PROMPT_TEMPLATE_LABELS: Record<PromptTemplate, string> = {
  security: 'Security review',
  compliance: 'Compliance check',
  anomaly: 'Anomaly detection',
  custom: 'Custom',
};

/** The template whose text equals `prompt`, or custom when the text was edited. */
export function templateForPrompt(prompt: string): PromptTemplate {
  const match = PROMPT_TEMPLATES.find((t) => t !== 'custom' && GLOBAL_PROMPT_TEMPLATES[t] === prompt);
  return match ?? 'custom';
}

/**
 * Column names referenced as `{column_name}` placeholders, in order of first use (the same
 * reading the annotate step uses to fill them).
 * @example extractPlaceholders('User {User} ran {TCode} as {User}') // ['User', 'TCode']
 */
export function extractPlaceholders(prompt: string): string[] {
  return placeholdersOf(prompt).filter(Boolean);
}

export type PromptLengthState = 'ok' | 'warning' | 'over';

/** How the counter should look for a prompt of this length. */
export function promptLengthState(prompt: string): PromptLengthState {
  if (prompt.length > PROMPT_MAX_LENGTH) return 'over';
  if (prompt.length > PROMPT_WARN_LENGTH) return 'warning';
  return 'ok';
}
