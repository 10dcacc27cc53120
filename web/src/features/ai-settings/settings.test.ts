import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILE_TYPE_PROMPTS,
  DEFAULT_TARGET_COLUMNS,
  PROMPT_FILE_TYPES,
  GLOBAL_PROMPT_TEMPLATES,
  PROMPT_MAX_LENGTH,
  extractPlaceholders,
  promptLengthState,
  templateForPrompt,
} from './prompts.ts';
import { defaultModelId, describeCost, SPEC_MODELS } from './models.ts';
import { defaultAiSettings, detectTargetColumns, editAiSettings, isSameSettings, readStoredSettings, toPreference } from './settings.ts';

const HAIKU_3 = 'anthropic.claude-3-haiku-20240307-v1:0';

describe('prompts', () => {
  it('extracts placeholders once each, in order of first use', () => {
    expect(extractPlaceholders('User {User} ran {TCode} as {User} at {Request time}')).toEqual(['User', 'TCode', 'Request time']);
    expect(extractPlaceholders('no columns here {}')).toEqual([]);
  });

  it('warns above 1800 characters and is over above 2000', () => {
    expect(promptLengthState('x'.repeat(1800))).toBe('ok');
    expect(promptLengthState('x'.repeat(1801))).toBe('warning');
    expect(promptLengthState('x'.repeat(2000))).toBe('warning');
    expect(promptLengthState('x'.repeat(2001))).toBe('over');
  });

  it('default prompts use exactly the spec columns, in order', () => {
    for (const type of PROMPT_FILE_TYPES) expect(extractPlaceholders(DEFAULT_FILE_TYPE_PROMPTS[type])).toEqual(DEFAULT_TARGET_COLUMNS[type]);
  });

  it('names the template whose text the prompt equals, else custom', () => {
    expect(templateForPrompt(GLOBAL_PROMPT_TEMPLATES.compliance)).toBe('compliance');
    expect(templateForPrompt(`${GLOBAL_PROMPT_TEMPLATES.compliance} more`)).toBe('custom');
    expect(templateForPrompt('')).toBe('custom');
  });
});

describe('models', () => {
  it('defaults to the cheapest Haiku of the spec list', () => {
    expect(defaultModelId(SPEC_MODELS)).toBe(HAIKU_3);
  });

  it('prefers the server default when it lists it', () => {
    expect(defaultModelId(SPEC_MODELS, SPEC_MODELS[1].id)).toBe(SPEC_MODELS[1].id);
    expect(defaultModelId(SPEC_MODELS, 'unknown-model')).toBe(HAIKU_3);
  });

  it('describes the cost per 1000 records', () => {
    expect(describeCost({ id: 'm', name: 'M', cost: '$', description: '', pricePer1kRecords: 0.0425 })).toBe(
      'Estimated $0.0425 per 1000 records ($)',
    );
    expect(describeCost({ id: 'm', name: 'M', cost: '$$$', description: '', pricePer1kRecords: 1.5 })).toBe(
      'Estimated $1.50 per 1000 records ($$$)',
    );
    expect(describeCost({ id: 'm', name: 'M', cost: '$$', description: '' })).toBe('$$ per 1000 records');
  });
});

describe('settings', () => {
  it('defaults: off, given model, file-type prompts on, AI_Analysis, spec columns', () => {
    const s = defaultAiSettings(HAIKU_3);
    expect(s.enabled).toBe(false);
    expect(s.model).toBe(HAIKU_3);
    expect(s.useFileTypePrompts).toBe(true);
    expect(s.outputColumn).toBe('AI_Analysis');
    for (const type of ['SM20', 'CDHDR', 'CDPOS', 'SYSAID'] as const) {
      expect(s.targetColumns[type]).toEqual(DEFAULT_TARGET_COLUMNS[type]);
    }
  });

  it('reads a partial stored value over the defaults and cuts over-long prompts', () => {
    const s = readStoredSettings({ enabled: true, fileTypePrompts: { SM20: 'Check {User}', BOGUS: 'x' }, globalPrompt: 'y'.repeat(2500) }, HAIKU_3);
    expect(s.enabled).toBe(true);
    expect(s.model).toBe(HAIKU_3);
    expect(s.fileTypePrompts.SM20).toBe('Check {User}');
    expect(s.fileTypePrompts).not.toHaveProperty('BOGUS');
    expect(s.globalPrompt).toHaveLength(PROMPT_MAX_LENGTH);
    expect(s.targetColumns.SM20).toEqual(['User']);
  });

  it('falls back to defaults for a stored value of the wrong shape', () => {
    expect(readStoredSettings({ enabled: 'yes' }, HAIKU_3)).toEqual(defaultAiSettings(HAIKU_3));
    expect(readStoredSettings(null, HAIKU_3)).toEqual(defaultAiSettings(HAIKU_3));
  });

  it('detects target columns from the prompts that apply', () => {
    const base = defaultAiSettings(HAIKU_3);
    const withGlobal = { ...base, globalPrompt: 'Also consider {Client}' };
    expect(detectTargetColumns(withGlobal).CDPOS).toEqual([...DEFAULT_TARGET_COLUMNS.CDPOS, 'Client']);
    expect(detectTargetColumns({ ...withGlobal, useFileTypePrompts: false }).CDPOS).toEqual(['Client']);
    expect(detectTargetColumns({ ...base, globalPrompt: 'none', useFileTypePrompts: false }).SM20).toEqual(DEFAULT_TARGET_COLUMNS.SM20);
  });

  it('editing the global prompt switches the template to custom', () => {
    const draft = { settings: defaultAiSettings(HAIKU_3), template: 'security' as const };
    const next = editAiSettings(draft, { kind: 'globalPrompt', prompt: 'Look at {User}' });
    expect(next.template).toBe('custom');
    expect(next.settings.globalPrompt).toBe('Look at {User}');
    expect(next.settings.targetColumns.DEFAULT).toEqual(['User']);
  });

  it('choosing a non-custom template replaces the prompt; choosing custom keeps it', () => {
    const draft = { settings: { ...defaultAiSettings(HAIKU_3), globalPrompt: 'mine' }, template: 'custom' as const };
    const anomaly = editAiSettings(draft, { kind: 'template', template: 'anomaly' });
    expect(anomaly.settings.globalPrompt).toBe(GLOBAL_PROMPT_TEMPLATES.anomaly);
    expect(anomaly.template).toBe('anomaly');
    const custom = editAiSettings(anomaly, { kind: 'template', template: 'custom' });
    expect(custom.template).toBe('custom');
    expect(custom.settings.globalPrompt).toBe(GLOBAL_PROMPT_TEMPLATES.anomaly);
  });

  it('builds the PUT body and compares settings by what would be saved', () => {
    const a = defaultAiSettings(HAIKU_3);
    const body = toPreference({ ...a, outputColumn: '  ' });
    expect(body.preferenceType).toBe('ai_settings');
    expect(Object.keys(body.preferences)).toEqual([
      'enabled', 'model', 'fileTypePrompts', 'globalPrompt', 'useFileTypePrompts', 'targetColumns', 'outputColumn',
    ]);
    expect(body.preferences.outputColumn).toBe('AI_Analysis');
    expect(isSameSettings(a, { ...a })).toBe(true);
    expect(isSameSettings(a, { ...a, enabled: true })).toBe(false);
  });
});
