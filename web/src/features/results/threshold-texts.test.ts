import { describe, expect, it } from 'vitest';
import { patternMeaning } from './pattern-meanings.ts';
import { businessHoursText, patternTextWithThresholds } from './threshold-texts.ts';

describe('pattern texts from the analysis thresholds', () => {
  const settings = { businessHours: { start: '06:00', end: '20:00', days: [1, 2, 3, 4, 5, 6] }, holidayCalendar: 'DE-BY', thresholds: { burst: { count: 3, minutes: 5 }, bruteForceMinutes: 15, massDownload: { count: 25, minutes: 30 }, openingHours: 4 } };
  it('says the numbers the analysis ran with', () => {
    expect(patternMeaning('FAILED_LOGON_BURST', settings).title).toBe('3 or more failed logons within 5 minutes');
    expect(patternMeaning('BRUTE_FORCE_SUCCESS', settings).title).toBe('Successful logon within 15 minutes of 3 or more failed ones');
    expect(patternMeaning('MASS_DOWNLOAD', settings).explanation).toBe('25 or more downloads by one user within 30 minutes (this analysis\'s threshold).');
    expect(patternMeaning('AFTER_HOURS_SENSITIVE_CHANGE', settings).explanation).toContain('(Mon–Sat 06:00–20:00, holidays of DE-BY)');
    expect(patternMeaning('SYSTEM_OPENED_FOR_CHANGES', settings).explanation).toContain('at most 4 hours');
  });
  it("keeps the catalogue's words without settings (older analyses) and for patterns without numbers", () => {
    expect(patternMeaning('FAILED_LOGON_BURST').title).toBe('Burst of failed logons');
    expect(patternTextWithThresholds('SELF_AUTHORIZATION', settings)).toBeUndefined();
    expect(patternTextWithThresholds('FAILED_LOGON_BURST', { thresholds: {} })).toBeUndefined();
  });
  it('states the thresholds of the v3 patterns from their catalogue texts', () => {
    const v3 = { thresholds: { passwordResets: { count: 3, minutes: 20 }, sharedLogons: { addresses: 4, minutes: 30 }, bankPaymentDays: 2 } };
    expect(patternTextWithThresholds('MASS_PASSWORD_RESET', v3)?.explanation).toBe('One user changed the passwords of 3 or more other users within 20 minutes.');
    expect(patternTextWithThresholds('MULTIPLE_LOGONS_BY_USER', v3)?.explanation).toContain('from 4 or more different addresses within 30 minutes');
    expect(patternTextWithThresholds('BANK_CHANGE_THEN_PAYMENT', v3)?.explanation).toContain('within 2 days after it');
    // At the defaults the catalogue's own words stand.
    expect(patternTextWithThresholds('MASS_PASSWORD_RESET', { thresholds: { passwordResets: { count: 5, minutes: 60 } } })).toBeUndefined();
  });
  it('writes business days as runs', () => {
    expect(businessHoursText({ start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] })).toBe('Mon–Fri 07:00–19:00');
    expect(businessHoursText({ start: '07:00', end: '19:00', days: [1, 3, 5] })).toBe('Mon, Wed, Fri 07:00–19:00');
  });
});
