/**
 * The `ai_settings` preference: its shape (as the server's schema accepts it), defaults, how a
 * stored value is read back, and the rules the panel applies to edits (spec sections 3 and 4).
 */
import { z } from 'zod';
import {
  DEFAULT_FILE_TYPE_PROMPTS,
  DEFAULT_OUTPUT_COLUMN,
  GLOBAL_PROMPT_TEMPLATES,
  PROMPT_FILE_TYPES,
  PROMPT_MAX_LENGTH,
  PROMPT_TEMPLATES,
  extractPlaceholders,
  templateForPrompt,
  type PromptFileType,
  type PromptTemplate,
} from './prompts.ts';

export interface AiSettings {
  enabled: boolean;
  model: string;
  fileTypePrompts: Record<PromptFileType, string>;
  globalPrompt: string;
  promptTemplate: PromptTemplate;
  useFileTypePrompts: boolean;
  /** Columns sent to the model for each record, detected from the prompts' placeholders. */
  targetColumns: string[];
  outputColumn: string;
}

export const PREFERENCE_TYPE = 'ai_settings';

/** Same rule as the server: the column lands in Excel and CSV headers. */
const OUTPUT_COLUMN_PATTERN = /^[A-Za-z][A-Za-z0-9_ ]{0,63}$/;

/** The message for an unusable output column, or undefined. Empty means the default. */
export function outputColumnError(value: string): string | undefined {
  const v = value.trim();
  if (!v || OUTPUT_COLUMN_PATTERN.test(v)) return undefined;
  return 'Start with a letter; use only letters, digits, spaces and _ (up to 64 characters)';
}

/** Settings before the user saved any: AI off, the given (cheapest) model, default prompts. */
export function defaultAiSettings(model: string): AiSettings {
  return withDetectedColumns({
    enabled: false,
    model,
    fileTypePrompts: { ...DEFAULT_FILE_TYPE_PROMPTS },
    globalPrompt: GLOBAL_PROMPT_TEMPLATES.security,
    promptTemplate: 'security',
    useFileTypePrompts: true,
    targetColumns: [],
    outputColumn: DEFAULT_OUTPUT_COLUMN,
  });
}

// Lenient on read: a value stored by an older version keeps what is valid and takes defaults for the rest.
const storedSchema = z
  .object({
    enabled: z.boolean(),
    model: z.string(),
    fileTypePrompts: z.record(z.string(), z.string()),
    globalPrompt: z.string(),
    promptTemplate: z.enum(PROMPT_TEMPLATES),
    useFileTypePrompts: z.boolean(),
    outputColumn: z.string(),
  })
  .partial();

/** Reads a stored preference (any shape) into complete settings. */
export function readStoredSettings(stored: unknown, fallbackModel: string): AiSettings {
  const defaults = defaultAiSettings(fallbackModel);
  const parsed = storedSchema.safeParse(stored ?? {});
  if (!parsed.success) return defaults;
  const value = parsed.data;
  const fileTypePrompts = { ...defaults.fileTypePrompts };
  for (const type of PROMPT_FILE_TYPES) {
    const prompt = value.fileTypePrompts?.[type];
    // An empty stored prompt means "the default" to the annotate step, so show the default.
    if (prompt) fileTypePrompts[type] = prompt.slice(0, PROMPT_MAX_LENGTH);
  }
  // The server stores an empty global prompt with a template: the template's text applies.
  const template = value.promptTemplate ?? (value.globalPrompt ? templateForPrompt(value.globalPrompt) : defaults.promptTemplate);
  const globalPrompt = (value.globalPrompt || (template === 'custom' ? '' : GLOBAL_PROMPT_TEMPLATES[template])).slice(0, PROMPT_MAX_LENGTH);
  return withDetectedColumns({
    enabled: value.enabled ?? defaults.enabled,
    model: value.model || defaults.model,
    fileTypePrompts,
    globalPrompt,
    promptTemplate: template,
    useFileTypePrompts: value.useFileTypePrompts ?? defaults.useFileTypePrompts,
    targetColumns: [],
    outputColumn: value.outputColumn?.trim() || DEFAULT_OUTPUT_COLUMN,
  });
}

/**
 * Columns each file type's prompt refers to. With per-file-type prompts on, a type reads the
 * placeholders of its own prompt (the default one when left empty) and of the global prompt;
 * with them off, only the global prompt's.
 */
export function targetColumnsByType(settings: Pick<AiSettings, 'fileTypePrompts' | 'globalPrompt' | 'useFileTypePrompts'>): Record<PromptFileType, string[]> {
  const global = extractPlaceholders(settings.globalPrompt);
  const result = {} as Record<PromptFileType, string[]>;
  for (const type of PROMPT_FILE_TYPES) {
    const own = settings.useFileTypePrompts ? extractPlaceholders(settings.fileTypePrompts[type] || DEFAULT_FILE_TYPE_PROMPTS[type]) : [];
    result[type] = [...new Set([...own, ...global])];
  }
  return result;
}

/** All detected columns, once each, in file-type order. */
export function detectTargetColumns(settings: Pick<AiSettings, 'fileTypePrompts' | 'globalPrompt' | 'useFileTypePrompts'>): string[] {
  return [...new Set(Object.values(targetColumnsByType(settings)).flat())];
}

function withDetectedColumns(settings: AiSettings): AiSettings {
  return { ...settings, targetColumns: detectTargetColumns(settings) };
}

/** The body of PUT /preferences/ai_settings; keys in a fixed order so comparisons are stable. */
export function toPreference(settings: AiSettings): { preferenceType: string; preferences: AiSettings } {
  const fileTypePrompts = {} as Record<PromptFileType, string>;
  for (const type of PROMPT_FILE_TYPES) fileTypePrompts[type] = settings.fileTypePrompts[type];
  return {
    preferenceType: PREFERENCE_TYPE,
    preferences: {
      enabled: settings.enabled,
      model: settings.model,
      fileTypePrompts,
      globalPrompt: settings.globalPrompt,
      promptTemplate: settings.promptTemplate,
      useFileTypePrompts: settings.useFileTypePrompts,
      targetColumns: detectTargetColumns(settings),
      outputColumn: settings.outputColumn.trim() || DEFAULT_OUTPUT_COLUMN,
    },
  };
}

/** True when two settings would save the same preference. */
export function isSameSettings(a: AiSettings, b: AiSettings): boolean {
  return JSON.stringify(toPreference(a)) === JSON.stringify(toPreference(b));
}

export type AiSettingsEdit =
  | { kind: 'load'; settings: AiSettings }
  | { kind: 'set'; patch: Partial<Pick<AiSettings, 'enabled' | 'model' | 'useFileTypePrompts' | 'outputColumn'>> }
  | { kind: 'fileTypePrompt'; fileType: PromptFileType; prompt: string }
  | { kind: 'globalPrompt'; prompt: string }
  | { kind: 'template'; template: PromptTemplate };

/**
 * Applies one edit. Editing the global prompt text switches the template to custom; choosing a
 * non-custom template replaces the global prompt with its text; choosing custom keeps the text.
 */
export function editAiSettings(settings: AiSettings, edit: AiSettingsEdit): AiSettings {
  switch (edit.kind) {
    case 'load':
      return edit.settings;
    case 'set':
      return withDetectedColumns({ ...settings, ...edit.patch });
    case 'fileTypePrompt':
      return withDetectedColumns({ ...settings, fileTypePrompts: { ...settings.fileTypePrompts, [edit.fileType]: edit.prompt } });
    case 'globalPrompt':
      return withDetectedColumns({ ...settings, globalPrompt: edit.prompt, promptTemplate: 'custom' });
    case 'template':
      if (edit.template === 'custom') return { ...settings, promptTemplate: 'custom' };
      return withDetectedColumns({ ...settings, promptTemplate: edit.template, globalPrompt: GLOBAL_PROMPT_TEMPLATES[edit.template] });
  }
}
