import { describe, expect, it } from 'vitest';
import { aiSettingsSchema, canonicalTimeZone, holidayCalendarSchema, PREFERENCE_DEFAULTS } from './schemas.ts';

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
    expect(PREFERENCE_DEFAULTS.holiday_calendar).toEqual({ country: 'US', timeZone: 'UTC' });
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
    expect(holidayCalendarSchema.parse({ country: 'de', region: 'by' })).toEqual({ country: 'DE', region: 'BY', timeZone: 'UTC' });
    const unknownCountry = holidayCalendarSchema.safeParse({ country: 'XX' });
    expect(unknownCountry.success).toBe(false);
    expect(unknownCountry.error?.issues[0]?.message).toContain('XX');
    expect(holidayCalendarSchema.safeParse({ country: 'US', region: 'ZZ9' }).success).toBe(false);
    expect(holidayCalendarSchema.safeParse({ country: 'USA' }).success).toBe(false);
  });

  it('takes an IANA time zone, canonical in case, and refuses offsets and unknown names', () => {
    expect(holidayCalendarSchema.parse({ country: 'DE', timeZone: 'europe/berlin' }).timeZone).toBe('Europe/Berlin');
    expect(holidayCalendarSchema.parse({ country: 'US', timeZone: 'America/New_York' }).timeZone).toBe('America/New_York');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    for (const bad of ['+01:00', 'Mars/Olympus', '', 'Europe/Berlin; DROP', 'x'.repeat(70)]) {
      const parsed = holidayCalendarSchema.safeParse({ country: 'DE', timeZone: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('is not an IANA time zone');
    }
  });
});
