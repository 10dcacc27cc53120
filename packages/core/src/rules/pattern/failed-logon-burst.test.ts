import { describe, expect, it } from 'vitest';
import { findFailedLogonBursts } from './failed-logon-burst.ts';

const min = (m: number) => 1_800_000_000 + m * 60;

describe('findFailedLogonBursts', () => {
  it('reports one pattern per burst of five within 10 minutes with its true count, and a new burst only after it', () => {
    const events: [string, string, number][] = [0, 1, 2, 3, 4, 5, 6].map((m) => ['CAROL', 'PC1', min(m)]);
    events.push(...[30, 31, 32, 33, 34].map((m): [string, string, number] => ['CAROL', 'PC1', min(m)]));
    const found = findFailedLogonBursts(events);
    expect(found.map((p) => [p.user, p.sm20_time])).toEqual([
      ['CAROL', '2027-01-15 08:00:00'],
      ['CAROL', '2027-01-15 08:30:00'],
    ]);
    expect(found[0]).toMatchObject({ pattern: 'FAILED_LOGON_BURST', risk_level: 'medium', sm20_activity: '7 failed logons within 10 minutes', rule: 'PAT-FAILED-LOGON-BURST' });
  });
  it('sees a burst on one terminal spread over several users, not one spread over 12 minutes', () => {
    const spread: [string, string, number][] = ['A', 'B', 'C', 'D', 'E'].map((u, i) => [u, 'KIOSK', min(i)]);
    const slow: [string, string, number][] = [0, 3, 6, 9, 12].map((m) => ['OSCAR', 'PC2', min(100 + m)]);
    const found = findFailedLogonBursts([...spread, ...slow]);
    expect(found.map((p) => [p.user, p.sm20_activity])).toEqual([['KIOSK', '5 failed logons from terminal KIOSK within 10 minutes (users A, B, C, D, E)']]);
  });
  it('counts bursts from one peer address (port dropped by step 1) and honours the settings', () => {
    const kiosk: [string, string, number, string][] = ['A', 'B', 'C', 'D'].map((u, i) => [u, `T${i}`, min(i), '10.0.0.9']);
    expect(findFailedLogonBursts(kiosk).length).toBe(0);
    expect(findFailedLogonBursts(kiosk, { count: 4, minutes: 10 }).map((p) => p.user)).toEqual(['10.0.0.9']);
  });
});
