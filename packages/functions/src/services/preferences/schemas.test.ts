import { describe, expect, it } from 'vitest';
import { aiSettingsSchema, holidayCalendarSchema, PREFERENCE_DEFAULTS } from './schemas.ts';

describe('preference schemas', () => {
  it('fills AI defaults: off, cheapest Haiku, file-type prompts on, AI_Analysis column', () => {
    expect(PREFERENCE_DEFAULTS.ai_settings).toMatchObject({
      enabled: false,
      model: 'anthropic.claude-3-haiku-20240307-v1:0',
      useFileTypePrompts: true,
      outputColumn: 'AI_Analysis',
      fileTypePrompts: {},
      globalPrompt: '',
    });
    expect(PREFERENCE_DEFAULTS.holiday_calendar).toEqual({ country: 'US' });
  });

  it('limits prompts to 2000 characters and rejects unknown keys', () => {
    expect(aiSettingsSchema.safeParse({ globalPrompt: 'x'.repeat(2000) }).success).toBe(true);
    expect(aiSettingsSchema.safeParse({ globalPrompt: 'x'.repeat(2001) }).success).toBe(false);
    expect(aiSettingsSchema.safeParse({ fileTypePrompts: { SM20: 'y'.repeat(2001) } }).success).toBe(false);
    expect(aiSettingsSchema.safeParse({ fileTypePrompts: { PAYROLL: 'z' } }).success).toBe(false);
    expect(aiSettingsSchema.safeParse({ colour: 'red' }).success).toBe(false);
    expect(aiSettingsSchema.safeParse({ outputColumn: '=HYPERLINK()' }).success).toBe(false);
  });

  it('accepts real holiday calendars only, normalising case', () => {
    expect(holidayCalendarSchema.parse({ country: 'de', region: 'by' })).toEqual({ country: 'DE', region: 'BY' });
    const unknownCountry = holidayCalendarSchema.safeParse({ country: 'XX' });
    expect(unknownCountry.success).toBe(false);
    expect(unknownCountry.error?.issues[0]?.message).toContain('XX');
    expect(holidayCalendarSchema.safeParse({ country: 'US', region: 'ZZ9' }).success).toBe(false);
    expect(holidayCalendarSchema.safeParse({ country: 'USA' }).success).toBe(false);
  });
});
