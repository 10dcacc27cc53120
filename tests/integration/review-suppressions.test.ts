/**
 * Suppressions that carry forward (issue 17) on the real local stack: explained in one
 * analysis, applied by the next one of the same owner (listed and counted apart, never
 * hidden), not applied once expired; and two-user isolation plus CSRF on every review route.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { exportLimits } from '@app/functions/services/review/findings-export.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;
let mallory: TestClient;
let fileId: string;
let first: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function analyse(client: TestClient, ids: string[]): Promise<string> {
  const id = await startAnalysis(client, ids);
  expect((await waitForAnalysis(client, id)).status).toBe('completed');
  return id;
}

async function findings(client: TestClient, analysisId: string, query = '?limit=200') {
  const res = await client.call('GET', `/results/${analysisId}/findings${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

signedInStack((s) => ({ stack, user: alice, stranger: mallory } = s), { stranger: true, stack: { quietErrors: true } });
beforeAll(async () => {
  [fileId] = (await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(120)) }])) as [string];
  first = await analyse(alice, [fileId]);
}, 60_000);

describe('a suppression made while triaging', () => {
  let suppressionId: string;
  let covered: number;
  let target: any;

  it('is created from a finding marked explained, with its rule, user and object', async () => {
    const list = await findings(alice, first);
    target = list.findings.find((f: any) => f.object === 'SU01' && f.user === 'ALICE');
    expect(target).toBeDefined();
    covered = list.findings.filter((f: any) => f.rule.id === target.rule.id && f.user === 'ALICE' && f.object === 'SU01').length;
    expect(covered).toBeGreaterThan(1);
    const res = await alice.call('PUT', `/results/${first}/findings/${target.findingId}/review`, {
      status: 'explained',
      comment: 'ALICE is the user administrator; SU01 is her job',
      ticket: 'ROLE-7',
      suppress: { expiresAt: inDays(90), matchObject: true },
    });
    expect(res.status, res.text).toBe(200);
    suppressionId = res.json.finding.review.suppressionId;
    expect(suppressionId).toMatch(/^[0-9a-f-]{36}$/);
    const listed = (await alice.call('GET', '/suppressions')).json;
    expect(listed.counts).toEqual({ active: 1, expired: 0, deleted: 0 });
    expect(listed.suppressions[0]).toMatchObject({
      suppressionId,
      rule: target.rule.id,
      user: 'ALICE',
      object: 'SU01',
      reason: 'ALICE is the user administrator; SU01 is her job',
      state: 'active',
      sourceAnalysisId: first,
      sourceFindingId: target.findingId,
      createdBy: alice.email,
    });
    expect(listed.suppressions[0].terminal).toBeUndefined();
    // The analysis it was made in started before it: its own findings are not suppressed.
    expect((await findings(alice, first)).counts.suppressed).toBe(0);
  });

  it('is applied by the next analysis: listed as suppressed with its reason, counted apart, nothing hidden', async () => {
    const before = await findings(alice, first);
    const next = await analyse(alice, [fileId]);
    const list = await findings(alice, next);
    expect(list.counts.total).toBe(before.counts.total);
    expect(list.counts.suppressed).toBe(covered);
    expect(list.counts.open).toBe(list.counts.total - covered);
    expect(list.counts.toReview).toBe(list.counts.total - covered);
    expect(list.suppressionSnapshot.applied).toEqual([
      expect.objectContaining({ suppressionId, rule: target.rule.id, user: 'ALICE', object: 'SU01', matched: covered }),
    ]);
    const suppressed = (await findings(alice, next, '?status=suppressed&limit=200')).findings;
    expect(suppressed).toHaveLength(covered);
    for (const f of suppressed) {
      expect(f.suppressed).toMatchObject({ suppressionId, reason: 'ALICE is the user administrator; SU01 is her job' });
      expect(f.review.status).toBe('open');
    }
    // Suppressed findings come last in the default order.
    expect(list.findings.slice(-covered).every((f: any) => f.suppressed)).toBe(true);

    // The findings download says which suppression covered each, made in memory or streamed alike.
    const csvOf = async () => {
      const res = await alice.call('POST', `/results/${next}/findings/export`, { format: 'csv' });
      expect([200, 202], res.text).toContain(res.status);
      // A streamed export is a job in a worker thread: followed to its link, as the web app does.
      let answer = res.json;
      while (answer.job?.state === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        answer = (await alice.call('GET', `/results/${next}/review-jobs/${answer.job.jobId}`)).json;
      }
      const link = answer.job ? answer.download : answer;
      expect(link?.downloadUrl, JSON.stringify(answer)).toBeDefined();
      return { order: link.order, kind: answer.job?.kind, lines: new TextDecoder().decode(await (await fetch(link.downloadUrl)).arrayBuffer()).trimEnd().split('\r\n') };
    };
    const inMemory = await csvOf();
    const label = `Suppressed: ${target.rule.id} for ALICE on SU01 — ALICE is the user administrator; SU01 is her job`;
    expect(inMemory.lines.filter((l) => l.endsWith(label))).toHaveLength(covered);
    const saved = exportLimits.inMemoryBytes;
    exportLimits.inMemoryBytes = 1;
    try {
      const streamed = await csvOf();
      expect([inMemory.order, streamed.order]).toEqual(['list', 'analysis']);
      expect([inMemory.kind, streamed.kind]).toEqual([undefined, 'export']);
      expect(streamed.lines.slice(1).sort()).toEqual(inMemory.lines.slice(1).sort());
    } finally {
      exportLimits.inMemoryBytes = saved;
    }
  });

  it('is not applied once expired, while the analyses that applied it keep saying so', async () => {
    const applied = (await alice.call('GET', '/results')).json.analyses.map((a: any) => a.analysisId).filter((id: string) => id !== first);
    expect(applied).toHaveLength(1);
    const expired = await alice.call('PUT', `/suppressions/${suppressionId}`, { expire: true });
    expect(expired.status, expired.text).toBe(200);
    expect(expired.json.suppression.state).toBe('expired');
    expect(expired.json.suppression.history.map((h: any) => h.action)).toEqual(['created', 'expired']);
    const later = await analyse(alice, [fileId]);
    const list = await findings(alice, later);
    expect(list.counts.suppressed).toBe(0);
    expect(list.suppressionSnapshot.applied).toEqual([]);
    expect((await findings(alice, applied[0])).counts.suppressed).toBe(covered);
  });
});

describe('the suppressions screen calls', () => {
  it('create, edit, expire by date and soft delete, with clear refusals', async () => {
    const created = await alice.call('POST', '/suppressions', { rule: 'pat-mass-download', user: 'bob', terminal: 'TERM3', reason: 'Nightly export', expiresAt: inDays(30) });
    expect(created.status, created.text).toBe(201);
    const s = created.json.suppression;
    expect(s).toMatchObject({ rule: 'PAT-MASS-DOWNLOAD', user: 'BOB', terminal: 'TERM3', state: 'active' });
    expect(s.expiresAt).toBe(`${inDays(30)}T23:59:59.999Z`);
    const edited = await alice.call('PUT', `/suppressions/${s.suppressionId}`, { reason: 'Nightly export (job ZEXP)', terminal: null, expiresAt: inDays(-1) });
    expect(edited.json.suppression).toMatchObject({ reason: 'Nightly export (job ZEXP)', state: 'expired' });
    expect(edited.json.suppression.terminal).toBeUndefined();
    const deleted = await alice.call('DELETE', `/suppressions/${s.suppressionId}`);
    expect(deleted.json.suppression).toMatchObject({ state: 'deleted', deletedBy: alice.email });
    expect((await alice.call('DELETE', `/suppressions/${s.suppressionId}`)).status).toBe(409);
    expect((await alice.call('GET', '/suppressions?state=deleted')).json.suppressions.map((x: any) => x.suppressionId)).toEqual([s.suppressionId]);
    const bad = await alice.call('POST', '/suppressions', { rule: 'X', user: 'BOB', reason: '', expiresAt: inDays(10) });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('Invalid request: reason: reason is required');
    expect((await alice.call('POST', '/suppressions', { rule: 'X', user: 'BOB', reason: 'r', expiresAt: inDays(-3) })).json.error.message).toContain('expiresAt must be in the future');
    expect((await alice.call('PUT', `/suppressions/${s.suppressionId}x`, { expire: true })).status).toBe(404);
    expect((await alice.call('PUT', '/suppressions/00000000-0000-0000-0000-000000000000', { expire: true })).status).toBe(404);
  });
});

describe('isolation and CSRF', () => {
  it("answers 404 to another user on every review route and changes nothing of alice's", async () => {
    const list = await findings(alice, first);
    const f = list.findings[0];
    const [s] = (await alice.call('GET', '/suppressions?state=active')).json.suppressions.concat(
      (await alice.call('POST', '/suppressions', { rule: 'PAT-X', user: 'ALICE', reason: 'r', expiresAt: inDays(5) })).json.suppression,
    );
    const calls: [string, string, unknown?][] = [
      ['GET', `/results/${first}/findings`],
      ['GET', `/results/${first}/findings/${f.findingId}`],
      ['PUT', `/results/${first}/findings/${f.findingId}/review`, { status: 'escalated' }],
      ['PUT', `/results/${first}/findings/review`, { findingIds: [f.findingId], status: 'escalated' }],
      ['GET', `/results/${first}/findings/export?format=csv`],
      ['POST', `/results/${first}/findings/export`, { format: 'csv' }],
      ['GET', `/results/${first}/timeline?user=ALICE`],
      ['PUT', `/suppressions/${s.suppressionId}`, { expire: true }],
      ['DELETE', `/suppressions/${s.suppressionId}`],
    ];
    const before = [await findings(alice, first), (await alice.call('GET', '/suppressions')).json];
    for (const [method, path, body] of calls) {
      const res = await mallory.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain(alice.sub);
    }
    const mine = (await mallory.call('GET', '/suppressions')).json;
    expect(mine).toEqual({ suppressions: [], counts: { active: 0, expired: 0, deleted: 0 } });
    expect([await findings(alice, first), (await alice.call('GET', '/suppressions')).json]).toEqual(before);
  });

  it('refuses every mutating review call without a CSRF token', async () => {
    const f = (await findings(alice, first)).findings[0];
    const calls: [string, string, unknown][] = [
      ['PUT', `/results/${first}/findings/${f.findingId}/review`, { status: 'escalated' }],
      ['PUT', `/results/${first}/findings/review`, { findingIds: [f.findingId], status: 'escalated' }],
      ['POST', `/results/${first}/findings/export`, { format: 'csv' }],
      ['POST', '/suppressions', { rule: 'PAT-X', user: 'A', reason: 'r', expiresAt: inDays(5) }],
      ['PUT', '/suppressions/00000000-0000-0000-0000-000000000000', { expire: true }],
      ['DELETE', '/suppressions/00000000-0000-0000-0000-000000000000', undefined],
    ];
    const before = (await alice.call('GET', '/suppressions')).json;
    for (const [method, path, body] of calls) {
      const res = await alice.call(method, path, body, {}, { csrf: false });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.code).toBe('CSRF');
    }
    expect((await alice.call('GET', '/suppressions')).json).toEqual(before);
    expect((await alice.call('GET', `/results/${first}/findings/${f.findingId}`)).json.finding.review).toEqual(f.review);
  });
});
