import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import type { FlagResult } from '../../flags/flag-result.ts';
import { ReportStats } from './report-stats.ts';

const failedLogon = (date: string) =>
  [{ fileType: 'SM20', event: 'AU2', date, time: '10:00:00', tcode: '', user: 'U1' } as unknown as CanonicalRecord, { mask: 0, isChange: false, reasons: [] } as unknown as FlagResult] as const;

describe('ReportStats.analytics', () => {
  it('keeps every record day, not only the 30 days before the latest record', () => {
    const stats = new ReportStats();
    for (const day of ['2025-03-01', '2025-03-02', '2025-03-15', '2025-07-20']) stats.add('sm20.csv', [], [], ...failedLogon(day));
    stats.add('sm20.csv', [], [], ...failedLogon('2025-03-01'));
    const { timeline } = stats.analytics();
    expect(Object.keys(timeline)).toEqual(['2025-03-01', '2025-03-02', '2025-03-15', '2025-07-20']);
    expect(timeline['2025-03-01']).toEqual({ failedLogins: 2, highRisk: 0, dataModifications: 0 });
  });
});
