import { describe, expect, it } from 'vitest';
import { writeJsonDocument } from './json-output.ts';

describe('--json written piece by piece', () => {
  it('gives the bytes of JSON.stringify, never one string of a long array', async () => {
    const doc = { files: [{ name: 'a' }], risk: 'High', suspicious_patterns: Array.from({ length: 30_000 }, (_, i) => ({ user: `U${i}`, sm20_activity: 'x'.repeat(50) })), empty: [], gone: undefined, cases: [{ id: 'c' }] };
    const pieces: Buffer[] = [];
    // The bytes are the writer's until it resolves: a copy is kept.
    await writeJsonDocument(doc, async (b) => void pieces.push(Buffer.from(b)));
    expect(Buffer.concat(pieces).toString('utf8')).toBe(`${JSON.stringify(doc)}\n`);
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces.map((p) => p.byteLength))).toBeLessThanOrEqual(1 << 20);
  });

  it('writes UTF-8 text, an item larger than a piece, and a lazy array through its item JSON, byte for byte', async () => {
    const { PatternTable } = await import('@app/core/correlate/pattern-table.ts');
    const patterns = Array.from({ length: 70_000 }, (_, i) => ({ pattern: 'MASS_DOWNLOAD' as const, risk_level: 'high' as const, rule: 'PAT-MASS-DOWNLOAD', user: i % 2 ? 'Ünal' : 'BOB', sm20_time: '2026-11-18 10:00:00', sm20_activity: `Tabelle geändert “${i}” ${'x'.repeat(i % 30)}` }));
    const lazy = PatternTable.of(patterns).asArray(1);
    const doc = { big: ['€'.repeat(600_000)], suspicious_patterns: lazy, after: { ok: true } };
    const pieces: Buffer[] = [];
    await writeJsonDocument(doc, async (b) => void pieces.push(Buffer.from(b)));
    expect(Buffer.concat(pieces).toString('utf8')).toBe(`${JSON.stringify({ ...doc, suspicious_patterns: patterns })}\n`);
  });
});
