/**
 * Cases and bulk triage on the real local stack (issue 24): the cases of an analysis, paged and
 * filtered; a case with its members paged; a case review applied to every member, each with its
 * own trail entry and optional suppressions; bulk triage by filter (every match, not the page);
 * another user's analysis not found on every route; findings and cases read from the artifacts
 * stored with the analysis (made once for an analysis written before them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_REASON, NO_CONTEXT_REASON, NO_ROUTINE_REASON } from '@app/functions/services/review/fallback-artifacts.ts';
import { artifactKeys, PREPARING_MESSAGE, preparing, readBytes } from '@app/functions/services/review/finding-store.ts';
import { buildIndex, FindingsIndex } from '@app/functions/services/review/findings-index.ts';
import { outputKeys } from '@app/functions/services/workspace.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { getOk, signedInStack } from '../support/suite.ts';
import { cdhdrCsv, cdposCsv, sm20Csv, text } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;
let mallory: TestClient;
let analysisId: string;

signedInStack((s) => ({ stack, user: alice, stranger: mallory } = s), { stranger: true });
beforeAll(async () => {
  analysisId = await analysedFiles(alice, [
    { name: 'sm20.csv', bytes: text(sm20Csv(400)) },
    { name: 'cdhdr.csv', bytes: text(cdhdrCsv(80)) },
    { name: 'cdpos.csv', bytes: text(cdposCsv(160)) },
  ]);
}, 90_000);

const get = getOk;

async function allCases(query = '') {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await get(alice, `/results/${analysisId}/cases?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...page.cases);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

async function allMembers(caseId: string) {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await get(alice, `/results/${analysisId}/cases/${caseId}?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...page.members);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const RISK = ['critical', 'high', 'medium', 'low'];

describe('cases of an analysis', () => {
  it('are stored with the analysis: findings.ndjson, cases.json and the index (built as it completed, before any read)', async () => {
    const keys = artifactKeys(alice.sub, analysisId);
    for (const key of [keys.findings, keys.cases, keys.index]) expect(await stack.services.blobs.head(key), key).toBeDefined();
    // The report step indexes the findings as it writes them: the same lines, ids and order as an index read from the file.
    const stored = new FindingsIndex(await readBytes(stack.services.blobs, keys.index));
    const ndjson = await readBytes(stack.services.blobs, keys.findings);
    const read = new FindingsIndex(buildIndex(ndjson, { flagTotals: {} }));
    expect(stored.count).toBeGreaterThan(100);
    expect(Array.from({ length: stored.count }, (_, i) => stored.line(i))).toEqual(Array.from({ length: read.count }, (_, i) => read.line(i)));
    expect(stored.queryPage({}, 0, stored.count).page.map((l) => l.findingId)).toEqual(read.queryPage({}, 0, read.count).page.map((l) => l.findingId));
    const listed = (x: FindingsIndex) => x.data.recordCoverage.flags.map((f) => `${f.flag} ${f.listed}`).sort();
    expect(listed(stored)).toEqual(listed(read));
  });

  it('hold every finding in exactly one case, ordered by risk level then score, each with reasons in words', async () => {
    const cases = await allCases();
    const findings = await get(alice, `/results/${analysisId}/findings?limit=1`);
    expect(cases.length).toBeGreaterThan(1);
    expect(cases.reduce((n, c) => n + c.members, 0)).toBe(findings.counts.total);
    for (let i = 1; i < cases.length; i++) {
      const [a, b] = [cases[i - 1], cases[i]];
      const byLevel = RISK.indexOf(a.risk_level) - RISK.indexOf(b.risk_level);
      expect(byLevel < 0 || (byLevel === 0 && a.score >= b.score), `${a.id} before ${b.id}`).toBe(true);
    }
    for (const c of cases) {
      expect(c).toMatchObject({ id: expect.any(String), actor_kind: expect.stringMatching(/^(user|terminal|address|none)$/), progress: { members: c.members, open: c.members, reviewed: 0 } });
      expect(c.reasons.length).toBeGreaterThan(0);
      expect(c.reasons.every((r: unknown) => typeof r === 'string' && r.length > 3)).toBe(true);
      expect(c.rules.reduce((n: number, r: any) => n + r.count, 0)).toBe(c.members);
    }
    const page = await get(alice, `/results/${analysisId}/cases?limit=2`);
    expect(page.cases.map((c: any) => c.id)).toEqual(cases.slice(0, 2).map((c) => c.id));
    expect(page.matched).toBe(cases.length);
    expect(page.counts.total).toBe(cases.length);
    expect(page.counts.toReview).toBe(cases.length);
    expect(Object.values(page.counts.byRisk).reduce((a: number, b: any) => a + b, 0)).toBe(cases.length);
  });

  it('filter by risk level, rule and actor', async () => {
    const cases = await allCases();
    const level = cases[0].risk_level;
    const byRisk = await allCases(`&risk=${level}`);
    expect(byRisk.length).toBe(cases.filter((c) => c.risk_level === level).length);
    const rule = cases[0].rules[0].rule;
    const byRule = await allCases(`&rule=${encodeURIComponent(rule)}`);
    expect(byRule.map((c) => c.id)).toEqual(cases.filter((c) => c.rules.some((r: any) => r.rule === rule)).map((c) => c.id));
    const named = cases.find((c) => c.actor)!;
    const byActor = await allCases(`&actor=${encodeURIComponent(named.actor.toLowerCase())}`);
    expect(byActor.map((c) => c.id)).toContain(named.id);
    expect(byActor.every((c) => c.actor.toUpperCase().includes(named.actor.toUpperCase()))).toBe(true);
    expect((await alice.call('GET', `/results/${analysisId}/cases?risk=severe`)).status).toBe(400);
  });

  it('show a case with its members paged, each member of that case', async () => {
    const [c] = await allCases();
    const first = await get(alice, `/results/${analysisId}/cases/${c.id}?limit=2`);
    expect(first.case).toMatchObject({ id: c.id, actor: c.actor, members: c.members });
    expect(first.position).toBe(1);
    const members = await allMembers(c.id);
    expect(members).toHaveLength(c.members);
    expect(new Set(members.map((m) => m.findingId)).size).toBe(c.members);
    expect(members.every((m) => m.caseId === c.id)).toBe(true);
    expect(first.members.map((m: any) => m.findingId)).toEqual(members.slice(0, 2).map((m) => m.findingId));
    // The findings list filters by case the same way.
    const byCase = await get(alice, `/results/${analysisId}/findings?caseId=${c.id}&limit=200`);
    expect(byCase.matched).toBe(c.members);
    expect((await alice.call('GET', `/results/${analysisId}/cases/nosuchcase`)).status).toBe(404);
    expect([400, 404]).toContain((await alice.call('GET', `/results/${analysisId}/cases/${'x'.repeat(300)}`)).status);
  });
});

describe('a case review', () => {
  it('applies to every member, each keeping its own trail entry, and can create suppressions', async () => {
    const cases = await allCases();
    const c = cases.find((x) => x.actor && x.members >= 2) ?? cases[0];
    const refused = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'explained' });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain('comment is required');

    const res = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, {
      status: 'explained',
      comment: 'Approved change window CHG-77',
      ticket: 'CHG-77',
      suppress: { expiresAt: '2027-06-30', reason: 'Change window' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.updated).toBe(c.members);
    expect(res.json.suppressions.length).toBe(new Set(c.rules.map((r: any) => r.rule)).size);

    const members = await allMembers(c.id);
    for (const m of members) {
      expect(m.review).toMatchObject({ status: 'explained', comment: 'Approved change window CHG-77', ticket: 'CHG-77', reviewer: stack.user.email });
      expect(res.json.suppressions).toContain(m.review.suppressionId);
    }
    for (const m of members.slice(0, 3)) {
      const detail = await get(alice, `/results/${analysisId}/findings/${m.findingId}`);
      expect(detail.trail).toHaveLength(1);
      expect(detail.trail[0]).toMatchObject({ previousStatus: 'open', status: 'explained', comment: 'Approved change window CHG-77' });
    }
    const after = await get(alice, `/results/${analysisId}/cases/${c.id}`);
    expect(after.case.progress).toMatchObject({ members: c.members, reviewed: c.members, open: 0 });
    const open = await allCases('&review=open');
    expect(open.map((x) => x.id)).not.toContain(c.id);
    // The list names the decisions too (the cases list and the dashboard say "Explained", not only "n of n reviewed").
    expect((await allCases()).find((x) => x.id === c.id).progress).toMatchObject({ reviewed: c.members, decisions: { explained: c.members } });
    expect((await allCases()).filter((x) => x.progress.reviewed === 0).every((x) => x.progress.decisions === undefined)).toBe(true);
    const suppressions = await get(alice, '/suppressions');
    for (const id of res.json.suppressions) expect(suppressions.suppressions.find((s: any) => s.suppressionId === id)).toMatchObject({ user: c.actor, sourceAnalysisId: analysisId });

    // Escalating it again keeps each member's trail a chain.
    const again = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'escalated', comment: 'Needs the owner' });
    expect(again.json.updated).toBe(c.members);
    const detail = await get(alice, `/results/${analysisId}/findings/${members[0].findingId}`);
    expect(detail.trail.map((t: any) => [t.previousStatus, t.status])).toEqual([
      ['open', 'explained'],
      ['explained', 'escalated'],
    ]);
    // scope=open leaves reviewed members alone.
    const none = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'false_positive', comment: 'x', scope: 'open' });
    expect(none.json.updated).toBe(0);
    expect((await alice.call('PUT', `/results/${analysisId}/cases/nosuchcase/review`, { status: 'escalated' })).status).toBe(404);
  });
});

describe('bulk triage by filter', () => {
  it('reviews every finding the filter matches (not only a page), and nothing when the count moved', async () => {
    const open = await get(alice, `/results/${analysisId}/findings?status=open&limit=200`);
    const pick = open.findings.find((f: any) => f.user) ?? open.findings[0];
    const rule = pick.rule.id;
    const user = pick.user;
    const filter = { rule, status: 'open', ...(user ? { user } : {}) };
    const q = new URLSearchParams(filter).toString();
    const matched = (await get(alice, `/results/${analysisId}/findings?${q}&limit=1`)).matched;
    expect(matched).toBeGreaterThanOrEqual(1);

    const stale = await alice.call('PUT', `/results/${analysisId}/findings/review-by-filter`, { filter, expected: matched + 1, status: 'escalated' });
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toContain(`matches ${matched}`);
    expect((await get(alice, `/results/${analysisId}/findings?${q}&limit=1`)).matched).toBe(matched);

    const bad = await alice.call('PUT', `/results/${analysisId}/findings/review-by-filter`, { filter: { ...filter, color: 'red' }, expected: matched, status: 'escalated' });
    expect(bad.status).toBe(400);

    const res = await alice.call('PUT', `/results/${analysisId}/findings/review-by-filter`, { filter, expected: matched, status: 'false_positive', comment: 'Test client traffic' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ updated: matched, matched });
    expect((await get(alice, `/results/${analysisId}/findings?${q}&limit=1`)).matched).toBe(0);
    const done = await get(alice, `/results/${analysisId}/findings?${new URLSearchParams({ ...filter, status: 'false_positive' })}&limit=200`);
    expect(done.matched).toBe(matched);
    const detail = await get(alice, `/results/${analysisId}/findings/${done.findings[0].findingId}`);
    expect(detail.trail.at(-1)).toMatchObject({ previousStatus: 'open', status: 'false_positive', comment: 'Test client traffic', reviewer: stack.user.email });
  });
});

describe('an analysis written before findings and cases were stored', () => {
  it('gets the engine\'s cases computed once (off the main thread) from what it stored, says what is missing, then is read like any other', async () => {
    const id = await analysedFiles(alice, [{ name: 'old.csv', bytes: text(sm20Csv(2400)) }]);
    const keys = artifactKeys(alice.sub, id);
    const engine = JSON.parse(new TextDecoder().decode(await readBytes(stack.services.blobs, keys.cases))).cases as any[];
    // As the report step wrote analyses before issue 24: no findings.ndjson, cases.json or index.
    for (const key of [keys.findings, keys.cases, keys.index]) await stack.services.blobs.delete(key);
    const computedLogs = () => stack.logs.filter((l) => l.msg.startsWith('findings and cases computed') && l.data?.analysisId === id).length;

    // While they are computed a read says so (503 PREPARING; no waiting here), then answers.
    preparing.waitMs = 0;
    let cases: any;
    let said = 0;
    for (const deadline = Date.now() + 60_000; ; said++) {
      const res = await alice.call('GET', `/results/${id}/cases?limit=200`);
      if (res.status === 200) {
        cases = res.json;
        break;
      }
      expect(res.status, res.text).toBe(503);
      expect(res.json.error).toEqual({ code: 'PREPARING', message: PREPARING_MESSAGE });
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    preparing.waitMs = 2_000;
    expect(said).toBeGreaterThan(0);
    const findings = await get(alice, `/results/${id}/findings?limit=1`);
    expect(computedLogs()).toBe(1);
    for (const key of [keys.findings, keys.cases, keys.index]) expect(await stack.services.blobs.head(key), key).toBeDefined();
    expect(cases.cases.reduce((n: number, c: any) => n + c.members, 0)).toBe(findings.counts.total);
    // The engine's computation: the same cases, levels, members, rules and routine marks as the report step made.
    const strip = (c: any) => ({ id: c.id, actor: c.actor, actor_kind: c.actor_kind, risk_level: c.risk_level, members: c.members ?? c.findings_count, rules: c.rules.map((r: any) => [r.rule, r.count, r.routine]) });
    expect(cases.cases.map(strip)).toEqual(engine.map(strip));
    expect(engine.some((c) => c.rules.some((r: any) => r.routine))).toBe(true);
    for (const c of cases.cases) {
      expect(c.reasons).toContain(FALLBACK_REASON);
      expect(c.reasons).toContain(NO_CONTEXT_REASON);
      expect(c.reasons).not.toContain(NO_ROUTINE_REASON);
      expect(c.context).toBe(0);
    }
    const c = cases.cases[0];
    const members = await get(alice, `/results/${id}/cases/${c.id}?limit=200`);
    expect(members.members.every((m: any) => m.caseId === c.id)).toBe(true);

    // Read, not computed again.
    await get(alice, `/results/${id}/cases`);
    await get(alice, `/results/${id}/findings?limit=5`);
    expect(computedLogs()).toBe(1);
  });

  it('without the days each user was active (no timeline index), marks no rule routine and says so', async () => {
    const id = await analysedFiles(alice, [{ name: 'older.csv', bytes: text(sm20Csv(2400)) }]);
    const keys = artifactKeys(alice.sub, id);
    for (const key of [keys.findings, keys.cases, keys.index, outputKeys(alice.sub, id).timelineIndex]) await stack.services.blobs.delete(key);
    let res = await alice.call('GET', `/results/${id}/cases?limit=200`);
    while (res.status === 503) {
      await new Promise((r) => setTimeout(r, 200));
      res = await alice.call('GET', `/results/${id}/cases?limit=200`);
    }
    expect(res.status, res.text).toBe(200);
    expect(res.json.cases.length).toBeGreaterThan(0);
    for (const c of res.json.cases) {
      expect(c.reasons).toContain(NO_ROUTINE_REASON);
      expect(c.rules.every((r: any) => r.routine === false)).toBe(true);
    }
  });
});

describe("another user's analysis", () => {
  it('is not found on every cases route and the bulk triage, and nothing changes', async () => {
    const [c] = await allCases();
    const before = await get(alice, `/results/${analysisId}/cases/${c.id}`);
    for (const [method, path, body] of [
      ['GET', `/results/${analysisId}/cases`],
      ['GET', `/results/${analysisId}/cases/${c.id}`],
      ['PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'open' }],
      ['PUT', `/results/${analysisId}/findings/review-by-filter`, { filter: { caseId: c.id }, expected: c.members, status: 'open' }],
    ] as const) {
      const res = await mallory.call(method, path, body);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(c.actor || 'sm20.csv');
    }
    expect(await get(alice, `/results/${analysisId}/cases/${c.id}`)).toEqual(before);
  });
});
