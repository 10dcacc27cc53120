import { describe, expect, it } from 'vitest';
import type { SuspiciousPattern } from '../model/index.ts';
import { PatternTable } from './pattern-table.ts';
import { StoredPatternTable } from './stored-pattern-table.ts';

const KINDS = ['BRUTE_FORCE_SUCCESS', 'CHANGE_WITHOUT_TICKET', 'SELF_AUTHORIZATION'] as const;
const LEVELS = ['critical', 'high', 'medium', 'low'] as const;

/** Patterns in a listed order (risk, then time), users among a few (one with spaces and lower case), texts with non-ASCII. */
function patterns(n: number, seed = 7): SuspiciousPattern[] {
  let s = seed;
  const rnd = (k: number) => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) % k);
  const out: SuspiciousPattern[] = [];
  for (let i = 0; i < n; i++) {
    const risk = LEVELS[Math.min(3, Math.floor((i * 4) / n))]!;
    const t = new Date(Date.UTC(2026, 8, 1) + i * 61_000).toISOString().slice(0, 19).replace('T', ' ');
    const user = ['ALICE', ' alice ', 'BOB', 'CAROL', 'DAVE'][rnd(5)]!;
    out.push({ pattern: KINDS[rnd(3)]!, risk_level: risk, rule: '', user, sm20_time: t, sm20_activity: `${'x'.repeat(rnd(40))} Änderung ${i}` } as SuspiciousPattern);
  }
  return out;
}

/** The bytes of a table and a ranged reader over them that hands back unaligned copies (as a blob store may). */
function stored(list: SuspiciousPattern[]) {
  const table = PatternTable.of(list);
  const bytes = Buffer.concat([...table.encode()].map((b) => Buffer.from(b)));
  let reads = 0;
  let bytesRead = 0;
  const read = async (start: number, length: number) => {
    reads++;
    bytesRead += length;
    const copy = new Uint8Array(length + 1);
    copy.set(bytes.subarray(start, start + length), 1);
    return copy.subarray(1);
  };
  return { table, bytes, read, stats: () => ({ reads, bytesRead }) };
}

describe('a stored pattern table read by ranges', () => {
  it('gives any page as the whole table lists it', async () => {
    const list = patterns(3_000);
    const { table, read } = stored(list);
    const all = table.toArray();
    const s = await StoredPatternTable.open(read);
    expect(s.total).toBe(3_000);
    for (const [from, to] of [[0, 25], [1, 2], [25, 50], [2_990, 3_000], [2_999, 3_100], [1_234, 1_734], [0, 3_000], [3_000, 3_010], [-5, 3]]) {
      expect(await s.page(from!, to!), `${from}..${to}`).toEqual(all.slice(Math.max(0, from!), to));
    }
  });

  it("finds one user's patterns (trimmed, any case) in the listed order, reading a part of the table", async () => {
    const list = patterns(20_000);
    const { table, bytes, read, stats } = stored(list);
    const all = table.toArray();
    const s = await StoredPatternTable.open(read);
    const alice = await s.ofUser('alice');
    expect(alice).toEqual(all.filter((p) => p.user.trim().toUpperCase() === 'ALICE'));
    expect(alice.length).toBeGreaterThan(3_000);
    expect(await s.ofUser(' Bob')).toEqual(all.filter((p) => p.user === 'BOB'));
    expect(await s.ofUser('NOBODY')).toEqual([]);
    // A user with a few patterns far apart: their rows, not the table.
    const few = [...list];
    few[5] = { ...few[5]!, user: 'ERIN' };
    few[19_000] = { ...few[19_000]!, user: 'ERIN' };
    const other = stored(few);
    const t = await StoredPatternTable.open(other.read);
    expect((await t.ofUser('erin')).map((p) => p.sm20_activity)).toEqual([few[5]!.sm20_activity, few[19_000]!.sm20_activity]);
    expect(other.stats().bytesRead).toBeLessThan(other.bytes.byteLength / 3);
    expect(stats().reads).toBeGreaterThan(0);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('reads an empty table, and refuses a short read or an unknown version', async () => {
    const empty = stored([]);
    const s = await StoredPatternTable.open(empty.read);
    expect(s.total).toBe(0);
    expect(await s.page(0, 25)).toEqual([]);
    expect(await s.ofUser('ALICE')).toEqual([]);
    const { read } = stored(patterns(10));
    const short = await StoredPatternTable.open(async (start, length) => (start > 100 ? (await read(start, length)).subarray(1) : read(start, length)));
    await expect(short.page(0, 10)).rejects.toThrow(/bytes where/);
    const { bytes } = stored(patterns(10));
    const header = bytes.toString('utf8', 8, 8 + bytes.readUInt32LE(0)).replace('"version":1', '"version":9');
    const changed = Buffer.concat([bytes.subarray(0, 8), Buffer.from(header), bytes.subarray(8 + header.length)]);
    await expect(StoredPatternTable.open(async (s0, l) => changed.subarray(s0, s0 + l))).rejects.toThrow(/version 9/);
  });
});
