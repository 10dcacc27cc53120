/**
 * The `ai_settings` preference: its shape, defaults, how a stored value is read back, and the
 * rules the panel applies when the user edits it (spec sections 3 and 4).
 */
import { z } from 'zod';
import {
  DEFAULT_FILE_TYPE_PROMPTS,
  DEFAULT_OUTPUT_COLUMN,
  DEFAULT_TARGET_COLUMNS,
  GLOBAL_PROMPT_TEMPLATES,
  PROMPT_FILE_TYPES,
  PROMPT_MAX_LENGTH,
  extractPlaceholders,
  type PromptFileType,
  type PromptTemplate,
} from './prompts.ts';

export interface AiSettings {
  enabled: boolean;
  model: string;
  fileTypePrompts: Record<PromptFileType, string>;
  globalPrompt: string;
  useFileTypePrompts: boolean;
  /** Columns each file type's prompt reads, detected from its placeholders. */
  targetColumns: Record<PromptFileType, string[]>;
  outputColumn: string;
}

export const PREFERENCE_TYPE = 'ai_settings';

/** Settings before the user saved any: AI off, the given (cheapest) model, default prompts. */
export function defaultAiSettings(model: string): AiSettings {
  const settings: AiSettings = {
    enabled: false,
    model,
    fileTypePrompts: { ...DEFAULT_FILE_TYPE_PROMPTS },
    globalPrompt: GLOBAL_PROMPT_TEMPLATES.security,
    useFileTypePrompts: true,
    targetColumns: { ...DEFAULT_TARGET_COLUMNS },
    outputColumn: DEFAULT_OUTPUT_COLUMN,
  };
  return { ...settings, targetColumns: detectTargetColumns(settings) };
}

// Lenient on read: a stored value from an older version keeps what is valid and takes defaults for the rest.
const storedSchema = z
  .object({
    enabled: z.boolean(),
    model: z.string(),
    fileTypePrompts: z.record(z.string(), z.string()),
    globalPrompt: z.string(),
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
    if (typeof prompt === 'string') fileTypePrompts[type] = prompt.slice(0, PROMPT_MAX_LENGTH);
  }
  const settings: AiSettings = {
    enabled: value.enabled ?? defaults.enabled,
    model: value.model || defaults.model,
    fileTypePrompts,
    globalPrompt: (value.globalPrompt ?? defaults.globalPrompt).slice(0, PROMPT_MAX_LENGTH),
    useFileTypePrompts: value.useFileTypePrompts ?? defaults.useFileTypePrompts,
    targetColumns: defaults.targetColumns,
    outputColumn: value.outputColumn?.trim() || DEFAULT_OUTPUT_COLUMN,
  };
  return { ...settings, targetColumns: detectTargetColumns(settings) };
}

/**
 * Columns each file type's prompt refers to. With per-file-type prompts on, a type reads the
 * placeholders of its own prompt and of the global prompt; with them off, only the global prompt's.
 * A type whose prompts name no column falls back to the spec's default columns.
 */
export function detectTargetColumns(settings: Pick<AiSettings, 'fileTypePrompts' | 'globalPrompt' | 'useFileTypePrompts'>): Record<PromptFileType, string[]> {
  const global = extractPlaceholders(settings.globalPrompt);
  const result = {} as Record<PromptFileType, string[]>;
  for (const type of PROMPT_FILE_TYPES) {
    const own = settings.useFileTypePrompts ? extractPlaceholders(settings.fileTypePrompts[type]) : [];
    const columns = [...new Set([...own, ...global])];
    result[type] = columns.length > 0 ? columns : [...DEFAULT_TARGET_COLUMNS[type]];
  }
  return result;
}

/** True when two settings would save the same preference. */
export function isSameSettings(a: AiSettings, b: AiSettings): boolean {
  return JSON.stringify(toPreference(a)) === JSON.stringify(toPreference(b));
}

/** The body of PUT /preferences/ai_settings; keys in a fixed order so comparisons are stable. */
export function toPreference(settings: AiSettings): { preferenceType: string; preferences: AiSettings } {
  const fileTypePrompts = {} as Record<PromptFileType, string>;
  const targetColumns = {} as Record<PromptFileType, string[]>;
  const detected = detectTargetColumns(settings);
  for (const type of PROMPT_FILE_TYPES) {
    fileTypePrompts[type] = settings.fileTypePrompts[type];
    targetColumns[type] = detected[type];
  }
  return {
    preferenceType: PREFERENCE_TYPE,
    preferences: {
      enabled: settings.enabled,
      model: settings.model,
      fileTypePrompts,
      globalPrompt: settings.globalPrompt,
      useFileTypePrompts: settings.useFileTypePrompts,
      targetColumns,
      outputColumn: settings.outputColumn.trim() || DEFAULT_OUTPUT_COLUMN,
    },
  };
}

/** Editor state: the settings plus which global template is selected. */
export interface AiSettingsDraft {
  settings: AiSettings;
  template: PromptTemplate;
}

export type AiSettingsEdit =
  | { kind: 'load'; settings: AiSettings; template: PromptTemplate }
  | { kind: 'set'; patch: Partial<Pick<AiSettings, 'enabled' | 'model' | 'useFileTypePrompts' | 'outputColumn'>> }
  | { kind: 'fileTypePrompt'; fileType: PromptFileType; prompt: string }
  | { kind: 'globalPrompt'; prompt: string }
  | { kind: 'template'; template: PromptTemplate };

/**
 * Applies one edit. Editing the global prompt text switches the template to custom; choosing a
 * non-custom template replaces the global prompt with its text; choosing custom keeps the text.
 */
export function editAiSettings(draft: AiSettingsDraft, edit: AiSettingsEdit): AiSettingsDraft {
  switch (edit.kind) {
    case 'load':
      return { settings: edit.settings, template: edit.template };
    case 'set':
      return withColumns({ ...draft, settings: { ...draft.settings, ...edit.patch } });
    case 'fileTypePrompt':
      return withColumns({
        ...draft,
        settings: { ...draft.settings, fileTypePrompts: { ...draft.settings.fileTypePrompts, [edit.fileType]: edit.prompt } },
      });
    case 'globalPrompt':
      return withColumns({ template: 'custom', settings: { ...draft.settings, globalPrompt: edit.prompt } });
    case 'template':
      if (edit.template === 'custom') return { ...draft, template: 'custom' };
      return withColumns({
        template: edit.template,
        settings: { ...draft.settings, globalPrompt: GLOBAL_PROMPT_TEMPLATES[edit.template] },
      });
  }
}

function withColumns(draft: AiSettingsDraft): AiSettingsDraft {
  return { ...draft, settings: { ...draft.settings, targetColumns: detectTargetColumns(draft.settings) } };
}
