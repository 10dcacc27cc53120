import { describe, expect, it } from 'vitest';
import { membersText } from './case-labels.ts';

describe("a case's members in words", () => {
  it('adds up: patterns and records, or the rule hits on records where a record breaks several rules', () => {
    expect(membersText({ members: 4, patterns: 1, records: 3, context: 2 })).toBe('4 findings (1 pattern, 3 records) · 2 medium flags as context');
    expect(membersText({ members: 8, patterns: 2, records: 3, context: 0 })).toBe('8 findings (2 patterns; 6 rule hits on 3 records)');
    expect(membersText({ members: 2, patterns: 0, records: 1, context: 0 })).toBe('2 findings (2 rule hits on 1 record)');
    expect(membersText({ members: 1, patterns: 1, records: 0, context: 0 })).toBe('1 finding (1 pattern)');
    expect(membersText({ members: 20_600, patterns: 0, records: 10_300, context: 0 })).toBe('20,600 findings (20,600 rule hits on 10,300 records)');
  });
});
