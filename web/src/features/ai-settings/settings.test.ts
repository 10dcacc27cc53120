import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILE_TYPE_PROMPTS,
  DEFAULT_TARGET_COLUMNS,
  GLOBAL_PROMPT_TEMPLATES,
  PROMPT_FILE_TYPES,
  PROMPT_MAX_LENGTH,
  extractPlaceholders,
  promptLengthState,
  templateForPrompt,
} from './prompts.ts';
import { defaultModelId, describeCost, modelLabel, SPEC_MODELS } from './models.ts';
import {
  defaultAiSettings,
  detectTargetColumns,
  editAiSettings,
  isSameSettings,
  outputColumnError,
  readStoredSettings,
  targetColumnsByType,
  toPreference,
} from './settings.ts';

const HAIKU_3 = 'anthropic.claude-3-haiku-20240307-v1:0';

describe('prompts', () => {
  it('extracts placeholders once each, in order of first use', () => {
    expect(extractPlaceholders('User {User} ran {TCode} as {User} at {Request time}')).toEqual(['User', 'TCode', 'Request time']);
    expect(extractPlaceholders('no columns here {}')).toEqual([]);
  });

  it('default prompts use exactly the spec columns', () => {
    for (const type of PROMPT_FILE_TYPES) {
      expect(extractPlaceholders(DEFAULT_FILE_TYPE_PROMPTS[type]).sort()).toEqual([...DEFAULT_TARGET_COLUMNS[type]].sort());
    }
  });

  it('warns above 1800 characters and is over above 2000', () => {
    expect(promptLengthState('x'.repeat(1800))).toBe('ok');
    expect(promptLengthState('x'.repeat(1801))).toBe('warning');
    expect(promptLengthState('x'.repeat(2000))).toBe('warning');
    expect(promptLengthState('x'.repeat(2001))).toBe('over');
  });

  it('names the template whose text the prompt equals, else custom', () => {
    expect(templateForPrompt(GLOBAL_PROMPT_TEMPLATES.compliance)).toBe('compliance');
    expect(templateForPrompt(`${GLOBAL_PROMPT_TEMPLATES.compliance} more`)).toBe('custom');
    expect(templateForPrompt('')).toBe('custom');
  });
});

describe('models', () => {
  it('spec list: six models, 3 Haiku ($) the default', () => {
    expect(SPEC_MODELS.map((m) => `${m.name} ${m.cost}`)).toEqual([
      'Claude 3 Opus $$$$$', 'Claude 3.5 Sonnet v2 $$$', 'Claude 3.5 Sonnet $$$', 'Claude 3 Sonnet $$', 'Claude 3.5 Haiku $$', 'Claude 3 Haiku $',
    ]);
    expect(defaultModelId(SPEC_MODELS)).toBe(HAIKU_3);
    expect(modelLabel(SPEC_MODELS[5], HAIKU_3)).toBe('Claude 3 Haiku ($) - default');
  });

  it('prefers the server default when it lists it, else the cheapest Haiku', () => {
    expect(defaultModelId(SPEC_MODELS, SPEC_MODELS[1].id)).toBe(SPEC_MODELS[1].id);
    const unmarked = SPEC_MODELS.map((m) => ({ ...m, default: false }));
    expect(defaultModelId(unmarked, 'unknown-model')).toBe(HAIKU_3);
  });

  it('describes the cost per 1000 records', () => {
    expect(describeCost({ id: 'm', name: 'M', cost: '$', description: '', pricePer1kRecords: 0.0425 })).toBe('Estimated $0.0425 per 1000 records ($)');
    expect(describeCost({ id: 'm', name: 'M', cost: '$$$', description: '', pricePer1kRecords: 1.5 })).toBe('Estimated $1.50 per 1000 records ($$$)');
    expect(describeCost({ id: 'm', name: 'M', cost: '$$', description: '' })).toBe('$$ per 1000 records');
  });
});

describe('settings', () => {
  it('defaults: off, given model, file-type prompts on, security template, AI_Analysis, spec columns', () => {
    const s = defaultAiSettings(HAIKU_3);
    expect(s).toMatchObject({ enabled: false, model: HAIKU_3, useFileTypePrompts: true, promptTemplate: 'security', outputColumn: 'AI_Analysis' });
    expect(s.globalPrompt).toBe(GLOBAL_PROMPT_TEMPLATES.security);
    for (const type of ['SM20', 'CDHDR', 'CDPOS', 'SYSAID'] as const) {
      expect(targetColumnsByType(s)[type].sort()).toEqual([...DEFAULT_TARGET_COLUMNS[type]].sort());
    }
    expect(s.targetColumns).toHaveLength(20);
  });

  it('reads a partial stored value over the defaults and cuts over-long prompts', () => {
    const s = readStoredSettings({ enabled: true, fileTypePrompts: { SM20: 'Check {User}', BOGUS: 'x' }, globalPrompt: 'y'.repeat(2500) }, HAIKU_3);
    expect(s.enabled).toBe(true);
    expect(s.model).toBe(HAIKU_3);
    expect(s.fileTypePrompts.SM20).toBe('Check {User}');
    expect(s.fileTypePrompts).not.toHaveProperty('BOGUS');
    expect(s.globalPrompt).toHaveLength(PROMPT_MAX_LENGTH);
    expect(s.promptTemplate).toBe('custom');
    expect(targetColumnsByType(s).SM20).toEqual(['User']);
  });

  it('reads the server default (empty prompt with a template) as that template text', () => {
    const s = readStoredSettings({ enabled: false, globalPrompt: '', promptTemplate: 'anomaly', fileTypePrompts: {}, targetColumns: [] }, HAIKU_3);
    expect(s.promptTemplate).toBe('anomaly');
    expect(s.globalPrompt).toBe(GLOBAL_PROMPT_TEMPLATES.anomaly);
    expect(s.fileTypePrompts).toEqual(DEFAULT_FILE_TYPE_PROMPTS);
  });

  it('falls back to defaults for a stored value of the wrong shape', () => {
    expect(readStoredSettings({ enabled: 'yes' }, HAIKU_3)).toEqual(defaultAiSettings(HAIKU_3));
    expect(readStoredSettings(null, HAIKU_3)).toEqual(defaultAiSettings(HAIKU_3));
  });

  it('detects target columns from the prompts that apply', () => {
    const base = defaultAiSettings(HAIKU_3);
    const withGlobal = { ...base, globalPrompt: 'Also consider {Client}' };
    expect(targetColumnsByType(withGlobal).CDPOS).toEqual([...extractPlaceholders(DEFAULT_FILE_TYPE_PROMPTS.CDPOS), 'Client']);
    expect(detectTargetColumns({ ...withGlobal, useFileTypePrompts: false })).toEqual(['Client']);
    expect(detectTargetColumns({ ...base, fileTypePrompts: { ...base.fileTypePrompts, SM20: '' } })).toContain('MESSAGE_TEXT');
  });

  it('editing the global prompt switches the template to custom', () => {
    const next = editAiSettings(defaultAiSettings(HAIKU_3), { kind: 'globalPrompt', prompt: 'Look at {Mandt}' });
    expect(next.promptTemplate).toBe('custom');
    expect(next.globalPrompt).toBe('Look at {Mandt}');
    expect(next.targetColumns).toContain('Mandt');
  });

  it('choosing a non-custom template replaces the prompt; choosing custom keeps it', () => {
    const mine = { ...defaultAiSettings(HAIKU_3), globalPrompt: 'mine', promptTemplate: 'custom' as const };
    const anomaly = editAiSettings(mine, { kind: 'template', template: 'anomaly' });
    expect(anomaly.globalPrompt).toBe(GLOBAL_PROMPT_TEMPLATES.anomaly);
    expect(anomaly.promptTemplate).toBe('anomaly');
    const custom = editAiSettings(anomaly, { kind: 'template', template: 'custom' });
    expect(custom.promptTemplate).toBe('custom');
    expect(custom.globalPrompt).toBe(GLOBAL_PROMPT_TEMPLATES.anomaly);
  });

  it('builds the PUT body the server schema accepts and compares by it', () => {
    const a = defaultAiSettings(HAIKU_3);
    const body = toPreference({ ...a, outputColumn: '  ' });
    expect(body.preferenceType).toBe('ai_settings');
    expect(Object.keys(body.preferences)).toEqual([
      'enabled', 'model', 'fileTypePrompts', 'globalPrompt', 'promptTemplate', 'useFileTypePrompts', 'targetColumns', 'outputColumn',
    ]);
    expect(body.preferences.outputColumn).toBe('AI_Analysis');
    expect(Array.isArray(body.preferences.targetColumns)).toBe(true);
    expect(isSameSettings(a, { ...a })).toBe(true);
    expect(isSameSettings(a, { ...a, enabled: true })).toBe(false);
  });

  it('checks the output column like the server', () => {
    expect(outputColumnError('AI_Analysis')).toBeUndefined();
    expect(outputColumnError('')).toBeUndefined();
    expect(outputColumnError('=cmd')).toMatch(/Start with a letter/);
    expect(outputColumnError('A'.repeat(65))).toMatch(/64/);
  });
});
