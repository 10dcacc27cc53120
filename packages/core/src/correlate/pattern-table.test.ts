import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { formatEpoch } from '../facts/index.ts';
import { patternRuleId } from '../rules/index.ts';
import { ITEM_JSON, lazyArray, PatternTable, RISK_LEVELS } from './pattern-table.ts';

const KINDS: PatternName[] = ['DEBUGGER_DATA_CHANGE', 'FAILED_LOGON_BURST', 'CHANGE_WITHOUT_TICKET', 'AFTER_HOURS_SENSITIVE_CHANGE'];

const pattern = fc
  .record({
    kind: fc.constantFrom(...KINDS),
    risk: fc.constantFrom(...RISK_LEVELS),
    user: fc.constantFrom('ALICE', 'BOB', 'Ünal', '', '10.0.0.1'),
    // Whole seconds from 1950 to 2100, before and after the epoch.
    epoch: fc.integer({ min: -631_152_000, max: 4_102_444_800 }),
    activity: fc.string({ unit: 'binary', maxLength: 40 }),
  })
  .map(({ kind, risk, user, epoch, activity }): SuspiciousPattern => ({ pattern: kind, risk_level: risk, rule: patternRuleId(kind), user, sm20_time: formatEpoch(epoch), sm20_activity: activity }));

describe('PatternTable', () => {
  it('gives back every pattern it was made of, also through its bytes', () => {
    fc.assert(
      fc.property(fc.array(pattern, { maxLength: 60 }), (patterns) => {
        const table = PatternTable.of(patterns);
        expect(table.toArray()).toEqual(patterns);
        const bytes = Buffer.concat([...table.encode()]);
        expect(PatternTable.decode(bytes).toArray()).toEqual(patterns);
        // At an odd offset in a larger buffer (as a read may hand it over): copied once, same patterns.
        const odd = Buffer.concat([Buffer.from([1, 2, 3]), bytes]).subarray(3);
        expect(PatternTable.decode(odd).toArray()).toEqual(patterns);
      }),
      { numRuns: 200 },
    );
  });

  it('writes each pattern as JSON.stringify would, without the object, in order and out of order', () => {
    fc.assert(
      fc.property(fc.array(pattern, { maxLength: 60 }), (patterns) => {
        const table = PatternTable.decode(Buffer.concat([...PatternTable.of(patterns).encode()]));
        patterns.forEach((p, i) => expect(table.json(i)).toBe(JSON.stringify(p)));
        for (let i = patterns.length - 1; i >= 0; i--) expect(table.json(i)).toBe(JSON.stringify(patterns[i]));
      }),
      { numRuns: 200 },
    );
    // The lazy array hands the same function to a writer that asks for it; a plain array has none.
    const patterns = fc.sample(pattern, 5);
    const lazy = PatternTable.of(patterns).asArray(1) as unknown as Record<symbol, ((i: number) => string) | undefined>;
    expect(lazy[ITEM_JSON]?.(3)).toBe(JSON.stringify(patterns[3]));
    expect((PatternTable.of(patterns).asArray() as unknown as Record<symbol, unknown>)[ITEM_JSON]).toBeUndefined();
  });

  it('reads its bytes in chunks of any size into one buffer, and refuses bytes cut short or too long', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pattern, { maxLength: 40 }), fc.integer({ min: 1, max: 97 }), async (patterns, size) => {
        const bytes = Buffer.concat([...PatternTable.of(patterns).encode()]);
        async function* chunks(b: Buffer) {
          for (let at = 0; at < b.byteLength; at += size) yield b.subarray(at, at + size);
        }
        expect((await PatternTable.read(chunks(bytes))).toArray()).toEqual(patterns);
        await expect(PatternTable.read(chunks(bytes.subarray(0, bytes.byteLength - 1)))).rejects.toThrow(/pattern table/);
        await expect(PatternTable.read(chunks(Buffer.concat([bytes, Buffer.from([0])])))).rejects.toThrow(/pattern table/);
      }),
      { numRuns: 100 },
    );
  });

  it('reads activities in order a window at a time, and out of order one by one, the same texts', () => {
    // Over 64 KB of texts: several windows, ASCII ones and one with an umlaut.
    const patterns = Array.from({ length: 6000 }, (_, i): SuspiciousPattern => ({ pattern: 'MASS_DOWNLOAD', risk_level: 'high', rule: 'PAT-MASS-DOWNLOAD', user: 'U', sm20_time: formatEpoch(1_800_000_000 + i), sm20_activity: `${i === 4321 ? 'Tabelle geändert' : 'Table changed'} ${'x'.repeat(i % 17)} #${i}` }));
    const table = PatternTable.of(patterns);
    for (let i = 0; i < patterns.length; i++) expect(table.activity(i)).toBe(patterns[i]!.sm20_activity);
    for (let i = patterns.length - 1; i >= 0; i -= 7) expect(table.activity(i)).toBe(patterns[i]!.sm20_activity);
    for (let i = 100; i < 3000; i++) expect(table.activity(i)).toBe(patterns[i]!.sm20_activity);
  });

  it('writes each time as formatEpoch does, days before 1970 included', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -2e9, max: 4e9, noNaN: true }), { minLength: 1, maxLength: 30 }), (epochs) => {
        const table = PatternTable.of(epochs.map((e) => ({ pattern: 'MASS_DOWNLOAD', risk_level: 'high', rule: 'x', user: 'U', sm20_time: formatEpoch(e), sm20_activity: '' })));
        epochs.forEach((e, i) => expect(table.time(i)).toBe(formatEpoch(e)));
      }),
    );
  });

  it('lists the patterns of some kinds only, in order', () => {
    const patterns = fc.sample(pattern, 50);
    const table = PatternTable.of(patterns);
    const kinds = new Set<string>(['FAILED_LOGON_BURST', 'DEBUGGER_DATA_CHANGE']);
    expect(table.ofKinds(kinds)).toEqual(patterns.filter((p) => kinds.has(p.pattern)));
  });

  it('as a lazy array, reads like the plain array and cannot be written', () => {
    const patterns = fc.sample(pattern, 40);
    const table = PatternTable.of(patterns);
    const lazy = table.asArray(1);
    const plain = table.asArray();
    expect(plain).toEqual(patterns);
    expect(Array.isArray(lazy)).toBe(true);
    expect(lazy).toHaveLength(40);
    expect(lazy).toEqual(patterns);
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(patterns));
    expect([...lazy]).toEqual(patterns);
    expect(lazy.slice(5, 9)).toEqual(patterns.slice(5, 9));
    expect(lazy.filter((p) => p.risk_level === 'critical')).toEqual(patterns.filter((p) => p.risk_level === 'critical'));
    expect(lazy.map((p) => p.user)).toEqual(patterns.map((p) => p.user));
    expect(lazy[39]).toEqual(patterns[39]);
    expect(lazy[40]).toBeUndefined();
    expect(Object.keys(lazy)).toEqual(Object.keys(patterns));
    expect(() => {
      (lazy as SuspiciousPattern[])[0] = patterns[1]!;
    }).toThrow(/read-only/);
    expect(() => lazy.push(patterns[0]!)).toThrow(/read-only/);
    expect(() => lazy.sort()).toThrow(/read-only/);
  });

  it('makes an item each time it is read', () => {
    let made = 0;
    const items = lazyArray(3, (i) => {
      made++;
      return { i };
    });
    expect(items[1]).toEqual({ i: 1 });
    expect(items[1]).not.toBe(items[1]);
    expect(made).toBe(3);
  });
});
