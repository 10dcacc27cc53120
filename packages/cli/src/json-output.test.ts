import { describe, expect, it } from 'vitest';
import { writeJsonDocument } from './json-output.ts';

describe('--json written piece by piece', () => {
  it('gives the bytes of JSON.stringify, never one string of a long array', async () => {
    const doc = { files: [{ name: 'a' }], risk: 'High', suspicious_patterns: Array.from({ length: 30_000 }, (_, i) => ({ user: `U${i}`, sm20_activity: 'x'.repeat(50) })), empty: [], gone: undefined, cases: [{ id: 'c' }] };
    const pieces: string[] = [];
    await writeJsonDocument(doc, async (t) => void pieces.push(t));
    expect(pieces.join('')).toBe(`${JSON.stringify(doc)}\n`);
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan((1 << 20) + 200);
  });
});
