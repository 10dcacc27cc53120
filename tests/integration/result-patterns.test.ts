/**
 * Every pattern of an analysis by page (issue 24): report.json carries the first ones only, GET
 * /results/{id}/patterns pages through all of them from the stored pattern table, and the timeline
 * finds a user's patterns there too. REPORT_JSON_PATTERNS is lowered so that a small analysis has more
 * patterns than its report carries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { cdhdrCsv, cdposCsv, sm20Csv, text, ticketsCsv } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

let alice: TestClient;
let mallory: TestClient;
let analysisId: string;
signedInStack((s) => ({ user: alice, stranger: mallory } = s), { stranger: true, stack: { quietErrors: true, env: { REPORT_JSON_PATTERNS: '3' } } });
beforeAll(async () => {
  analysisId = await analysedFiles(alice, [
    { name: 'sm20.csv', bytes: text(sm20Csv(200)) },
    { name: 'cdhdr.csv', bytes: text(cdhdrCsv(40)) },
    { name: 'cdpos.csv', bytes: text(cdposCsv(40)) },
    { name: 'tickets.csv', bytes: text(ticketsCsv(8)) },
  ]);
}, 90_000);

const page = (offset: number, size: number, client = alice) => client.call('GET', `/results/${analysisId}/patterns?offset=${offset}&limit=${size}`);

describe('the patterns of an analysis, by page', () => {
  it('GET /results/{id} carries the first patterns and the total; the pages hold every one, in the same order', async () => {
    const result = (await alice.call('GET', `/results/${analysisId}`)).json;
    expect(result.suspicious_patterns).toHaveLength(3);
    const total = result.suspicious_patterns_total as number;
    expect(total).toBeGreaterThan(5);
    const all: any[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const res = await page(offset, 2);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ analysisId, total, offset, limit: 2 });
      all.push(...res.json.patterns);
    }
    expect(all).toHaveLength(total);
    expect(all.slice(0, 3)).toEqual(result.suspicious_patterns);
    // Most severe first, each with its rule id.
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const ranks = all.map((p) => rank[p.risk_level]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(all.every((p) => /^PAT-/.test(p.rule) && typeof p.sm20_time === 'string' && typeof p.user === 'string')).toBe(true);
    // One page of all of them gives the same list; past the end, none.
    expect((await page(0, 500)).json.patterns).toEqual(all);
    expect((await page(total, 25)).json.patterns).toEqual([]);
  });

  it("finds a user's patterns for the timeline beyond those report.json carries", async () => {
    const all = (await page(0, 500)).json.patterns as any[];
    const beyond = all.slice(3).find((p) => p.user);
    expect(beyond).toBeDefined();
    const user = beyond.user as string;
    const res = await alice.call('GET', `/results/${analysisId}/timeline?user=${encodeURIComponent(user)}&limit=500&types=PATTERN`);
    expect(res.status, res.text).toBe(200);
    const shown = res.json.entries.filter((e: any) => e.type === 'PATTERN');
    expect(shown).toHaveLength(all.filter((p) => p.user.trim().toUpperCase() === user.trim().toUpperCase()).length);
    expect(shown.some((e: any) => e.time === beyond.sm20_time && e.patterns.includes(beyond.rule))).toBe(true);
  });

  it("refuses a bad page, and another user's analysis", async () => {
    const tooMany = await page(0, 501);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('limit may be at most 500');
    expect((await page(-1, 5)).status).toBe(400);
    expect((await page(0, 5, mallory)).status).toBe(404);
  });
});
