import { describe, expect, it } from 'vitest';
import { RulesCells } from './rules-cells.ts';

describe('RulesCells', () => {
  it('gives the joined rule ids, the same text for the same list', () => {
    const cells = new RulesCells();
    const first = cells.of(['CD-SENSITIVE-OBJECT', 'TABLE-HIGH-RISK']);
    expect(first).toBe('CD-SENSITIVE-OBJECT, TABLE-HIGH-RISK');
    expect(cells.of(['CD-SENSITIVE-OBJECT', 'TABLE-HIGH-RISK'])).toBe(first);
    expect(cells.of(['CD-SENSITIVE-OBJECT'])).toBe('CD-SENSITIVE-OBJECT');
    expect(cells.of(['TABLE-HIGH-RISK', 'CD-SENSITIVE-OBJECT'])).toBe('TABLE-HIGH-RISK, CD-SENSITIVE-OBJECT');
    expect(cells.of([])).toBe('');
  });

  it('keeps giving the right text past its cache, and for a list changed after it was seen', () => {
    const cells = new RulesCells(2);
    const lists = [['A'], ['B'], ['C'], ['A', 'B'], ['A']];
    for (const list of lists) expect(cells.of(list)).toBe(list.join(', '));
    const list = ['X', 'Y'];
    expect(cells.of(list)).toBe('X, Y');
    list.push('Z');
    expect(cells.of(list)).toBe('X, Y, Z');
    list.length = 0;
    list.push('A');
    expect(cells.of(list)).toBe('A');
  });
});
