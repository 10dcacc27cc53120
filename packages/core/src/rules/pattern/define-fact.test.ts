import { describe, expect, it } from 'vitest';
import { FIRST_FACT_BIT, LAST_FACT_BIT } from '../../flags/fact-marks.ts';
import { defineFact, type DeclaredFact } from './define-fact.ts';
import { DECLARED_FACTS } from './fact-list.ts';

describe('defineFact', () => {
  it('gives each fact a bit of its own up to the last one, then says at declaration which fact is one too many and what to do', () => {
    // This file's module graph is its own (vitest isolates test files): the pattern list's facts are declared already.
    const made: DeclaredFact[] = [...DECLARED_FACTS];
    let error = '';
    try {
      for (let i = 0; i < 40; i++) made.push(defineFact({ kind: `test_fact_${i}`, about: 'test only', records: { SM20: {} } }));
    } catch (e) {
      error = (e as Error).message;
    }
    const count = LAST_FACT_BIT - FIRST_FACT_BIT + 1;
    expect(made.length).toBe(count);
    expect(new Set(made.map((f) => f.bit)).size).toBe(count);
    expect(Math.max(...made.map((f) => f.bit))).toBe(LAST_FACT_BIT);
    expect(error).toMatch(new RegExp(`^Too many declared facts: "test_fact_\\d+" would be fact ${count + 1}, and at most ${count} fit the mark bits`));
    expect(error).toContain('Let one fact serve several patterns');
  });
});
