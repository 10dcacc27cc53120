import { describe, expect, it } from 'vitest';
import { recordSourceText } from './review-labels.ts';

describe('recordSourceText', () => {
  const coverage = { perFlagCap: null, flags: [] };
  it('says every high-severity record is a finding, or how many past the cap are not', () => {
    expect(recordSourceText({ recordCoverage: coverage, recordSource: { kind: 'all', total: 42, listed: 42, cap: 100_000 } })).toBe('every high-severity flagged record is a finding');
    expect(recordSourceText({ recordCoverage: coverage, recordSource: { kind: 'all', total: 3_145_809, listed: 100_000, cap: 100_000 } })).toBe(
      'the first 100,000 of 3,145,809 high-severity flagged records are findings (at most 100,000; 3,045,809 more)',
    );
  });

  it('names the samples of an analysis written before every record was kept', () => {
    expect(recordSourceText({ recordCoverage: { perFlagCap: 10, flags: [] }, recordSource: { kind: 'samples', perFlag: 10 } })).toBe('up to 10 flagged records per flag are findings (analysed before every one was kept)');
    expect(recordSourceText({ recordCoverage: { perFlagCap: 10, flags: [] } })).toBe('up to 10 flagged records per flag are findings (analysed before every one was kept)');
  });
});
