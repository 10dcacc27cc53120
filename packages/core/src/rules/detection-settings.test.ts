import { describe, expect, it } from 'vitest';
import { checkThresholds, completeThresholds, DEFAULT_THRESHOLDS, DETECTION_SETTINGS, SETTING_KEYS, type DetectionThresholds } from './detection-settings.ts';
import { PATTERN_LIST } from './pattern/pattern-list.ts';

/** The settings as they were stored before the registry (detection v3): they must keep loading and meaning the same. */
const STORED_V3 = {
  businessHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
  changeVolume: 50,
  burst: { count: 5, minutes: 10 },
  bruteForceMinutes: 30,
  massDownload: { count: 10, minutes: 60 },
  openingHours: 8,
  passwordResets: { count: 5, minutes: 60 },
  sharedLogons: { addresses: 3, minutes: 60 },
  bankPaymentDays: 7,
  networks: [] as string[],
};

describe('the detection settings registry', () => {
  it('derives the defaults of DETECTION.md section 4 from the settings the rule modules declare', () => {
    expect(DEFAULT_THRESHOLDS).toMatchObject(STORED_V3);
    // Added since: MULTIPLE_LOGONS_BY_IP's window, declared in its module.
    expect(DEFAULT_THRESHOLDS.addressLogons).toEqual({ users: 3, minutes: 60 });
    expect(new Set(SETTING_KEYS).size).toBe(SETTING_KEYS.length);
    // Each pattern's settings come from its module: the registry holds exactly them (and the record rules').
    const fromPatterns = PATTERN_LIST.flatMap((p) => p.settings.map((s) => s.key));
    expect(fromPatterns).toEqual(expect.arrayContaining(['burst', 'bruteForceMinutes', 'massDownload', 'openingHours', 'passwordResets', 'sharedLogons', 'bankPaymentDays', 'networks']));
    expect(SETTING_KEYS).toEqual(['businessHours', 'changeVolume', ...fromPatterns]);
    expect(Object.isFrozen(DEFAULT_THRESHOLDS.burst)).toBe(true);
  });

  it('reads settings stored before a key existed with its default', () => {
    const { bankPaymentDays: _, networks: __, ...older } = STORED_V3;
    expect(completeThresholds({ ...older, changeVolume: 12 })).toEqual({ ...DEFAULT_THRESHOLDS, ...STORED_V3, changeVolume: 12 });
    // A v3 file or PUT body without the keys added later is valid, and they keep their value.
    expect(checkThresholds(STORED_V3)).toEqual({ value: STORED_V3 });
    const t: DetectionThresholds = completeThresholds(STORED_V3);
    expect(t.addressLogons).toEqual(DEFAULT_THRESHOLDS.addressLogons);
  });

  it('checks each value by its declaration and names the key at fault', () => {
    const problem = (input: unknown) => ('problem' in checkThresholds(input) ? (checkThresholds(input) as { problem: { path: unknown[]; message: string } }).problem : undefined);
    expect(problem({ burst: { count: 1, minutes: 10 } })).toEqual({ path: ['burst', 'count'], message: 'must be at least 2' });
    expect(problem({ openingHours: 2.5 })).toEqual({ path: ['openingHours'], message: 'must be a whole number' });
    expect(problem({ bankPaymentDays: 400 })).toEqual({ path: ['bankPaymentDays'], message: 'must be at most 366' });
    expect(problem({ changeVolume: '5' })).toEqual({ path: ['changeVolume'], message: 'must be a number' });
    expect(problem({ sharedLogons: { addresses: 3 } })).toEqual({ path: ['sharedLogons', 'minutes'], message: 'is required' });
    expect(problem({ sharedLogons: { addresses: 3, minutes: 5, users: 2 } })).toEqual({ path: ['sharedLogons'], message: 'Unrecognized key: "users"' });
    expect(problem({ networks: ['10.0.0.0/33'] })).toEqual({ path: ['networks', 0], message: '10.0.0.0/33: the prefix length must be 0 to 32 for an IPv4 address' });
    expect(problem({ businessHours: { start: '20:00', end: '06:00', days: [1] } })).toEqual({ path: ['businessHours', 'end'], message: 'start must be before end' });
    expect(problem({ businessHours: { start: '07:00', end: '19:00', days: [1, 8] } })).toEqual({ path: ['businessHours', 'days', 1], message: 'must be at most 7' });
    expect(problem({ timeZone: 'UTC' })).toEqual({ path: [], message: 'Unrecognized key: "timeZone"' });
    expect(checkThresholds({ businessHours: { start: '06:30', end: '20:00', days: [6, 1] } })).toEqual({ value: { businessHours: { start: '06:30', end: '20:00', days: [1, 6] } } });
  });

  it('declares for each number its bounds and the words of the form', () => {
    for (const s of DETECTION_SETTINGS) {
      const numbers = s.kind === 'number' ? [s] : s.kind === 'numbers' ? Object.values(s.fields) : [];
      for (const n of numbers) {
        expect(n.label, s.key).not.toBe('');
        expect(n.min <= n.default && n.default <= n.max, `${s.key}: ${n.label}`).toBe(true);
      }
    }
  });
});
