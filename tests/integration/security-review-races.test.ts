/**
 * Issue 26, item 4: every check-then-write of review is a conditional write, so requests sent
 * in parallel cannot pass the suppression cap, undo a deletion, break the review trail's chain or
 * make the same suppression twice. Each case is sent at once over HTTP to the real local stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

const IN_90_DAYS = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);

let stack: TestStack;
let alice: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** Many calls at once with one CSRF token (fetching one per call would spread them out). */
async function burst(client: TestClient, calls: [string, string, unknown?][]) {
  const token = await client.csrf();
  return Promise.all(calls.map(([method, path, body]) => client.call(method, path, body, { 'x-csrf-token': token }, { csrf: false })));
}

describe('the suppression cap', () => {
  it('stores exactly 500 of 600 parallel POST /suppressions and refuses the rest with 409', async () => {
    const carol = await stack.createUser('carol@test.local', 'Carol-Pass-123!');
    const answers = await burst(
      carol,
      Array.from({ length: 600 }, (_, i) => ['POST', '/suppressions', { rule: 'PAT-SELF-AUTHORIZATION', user: `U${i}`, reason: 'test', expiresAt: IN_90_DAYS }] as [string, string, unknown]),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(500);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100);
    expect(answers.find((a) => a.status === 409)!.json.error.message).toContain('500 suppressions');
    const listed = await carol.call('GET', '/suppressions');
    expect(listed.json.suppressions).toHaveLength(500);
    const refused = await carol.call('POST', '/suppressions', { rule: 'PAT-SELF-AUTHORIZATION', user: 'ONE_MORE', reason: 'test', expiresAt: IN_90_DAYS });
    expect(refused.status).toBe(409);
  }, 120_000);
});

describe('delete versus edit of a suppression', () => {
  it('a deleted suppression stays deleted and its history keeps every change, in 10 of 10 races', async () => {
    for (let round = 0; round < 10; round++) {
      const created = await alice.call('POST', '/suppressions', { rule: 'PAT-SELF-AUTHORIZATION', user: `RACE${round}`, reason: 'first', expiresAt: IN_90_DAYS });
      expect(created.status).toBe(201);
      const id = created.json.suppression.suppressionId;
      const [put, del] = await burst(alice, [
        ['PUT', `/suppressions/${id}`, { reason: `edited in round ${round}` }],
        ['DELETE', `/suppressions/${id}`],
      ]);
      expect(del!.status, del!.text).toBe(200);
      expect([200, 409]).toContain(put!.status);
      const listed = await alice.call('GET', '/suppressions?state=all');
      const s = listed.json.suppressions.find((x: any) => x.suppressionId === id);
      expect(s.state, `round ${round}`).toBe('deleted');
      const actions = s.history.map((h: any) => h.action);
      expect(actions[0]).toBe('created');
      expect(actions).toContain('deleted');
      // An edit that was answered 200 happened before the deletion and is in the history.
      if (put!.status === 200) expect(actions).toEqual(['created', 'edited', 'deleted']);
      else expect(actions).toEqual(['created', 'deleted']);
      expect(actions.at(-1)).toBe('deleted');
      expect((await alice.call('PUT', `/suppressions/${id}`, { reason: 'again' })).status).toBe(409);
    }
  }, 120_000);
});

describe('review', () => {
  let analysisId: string;
  let findings: any[];

  beforeAll(async () => {
    const [fileId] = (await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(120)) }])) as [string];
    analysisId = await startAnalysis(alice, [fileId]);
    expect((await waitForAnalysis(alice, analysisId)).status).toBe('completed');
    findings = (await alice.call('GET', `/results/${analysisId}/findings?limit=200`)).json.findings;
    expect(findings.length).toBeGreaterThan(2);
  }, 120_000);

  it('20 parallel updates of one finding leave a trail that is a chain', async () => {
    const f = findings[0];
    const statuses = ['escalated', 'explained', 'false_positive', 'open'] as const;
    const answers = await burst(
      alice,
      Array.from({ length: 20 }, (_, i) => {
        const status = statuses[i % 4]!;
        return ['PUT', `/results/${analysisId}/findings/${f.findingId}/review`, { status, comment: status === 'open' || status === 'escalated' ? '' : `reason ${i}` }] as [string, string, unknown];
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const detail = await alice.call('GET', `/results/${analysisId}/findings/${f.findingId}`);
    const trail = detail.json.trail as { status: string; previousStatus: string; comment: string }[];
    expect(trail).toHaveLength(20);
    expect(trail[0]!.previousStatus).toBe('open');
    for (let i = 1; i < trail.length; i++) expect(trail[i]!.previousStatus, `entry ${i}`).toBe(trail[i - 1]!.status);
    // The review is the state of the trail's last entry.
    expect(detail.json.finding.review.status).toBe(trail.at(-1)!.status);
    expect(detail.json.finding.review.comment).toBe(trail.at(-1)!.comment);
    // Not every write saw "open" before it (the break: all 20 recorded previousStatus "open").
    expect(trail.filter((e) => e.previousStatus === 'open').length).toBeLessThan(20);
  }, 60_000);

  it('bulk reviews racing single reviews of the same findings keep each trail a chain', async () => {
    const ids = findings.slice(1, 4).map((f) => f.findingId as string);
    const calls: [string, string, unknown][] = [];
    for (let i = 0; i < 6; i++) {
      calls.push(['PUT', `/results/${analysisId}/findings/review`, { findingIds: ids, status: i % 2 ? 'escalated' : 'open' }]);
      calls.push(['PUT', `/results/${analysisId}/findings/${ids[i % 3]}/review`, { status: 'false_positive', comment: `single ${i}` }]);
    }
    const answers = await burst(alice, calls);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    for (const id of ids) {
      const detail = (await alice.call('GET', `/results/${analysisId}/findings/${id}`)).json;
      const trail = detail.trail as { status: string; previousStatus: string }[];
      expect(trail).toHaveLength(8);
      expect(trail[0]!.previousStatus).toBe('open');
      for (let i = 1; i < trail.length; i++) expect(trail[i]!.previousStatus, `${id} entry ${i}`).toBe(trail[i - 1]!.status);
      expect(detail.finding.review.status).toBe(trail.at(-1)!.status);
    }
  }, 60_000);

  it('10 parallel "explained + suppress" of one finding make one suppression', async () => {
    const f = findings.find((x) => x.user) ?? findings[1];
    const before = (await alice.call('GET', '/suppressions')).json.suppressions.length;
    const answers = await burst(
      alice,
      Array.from({ length: 10 }, () => ['PUT', `/results/${analysisId}/findings/${f.findingId}/review`, { status: 'explained', comment: 'known job', suppress: { expiresAt: IN_90_DAYS } }] as [string, string, unknown]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json.finding.review.suppressionId));
    expect(ids.size).toBe(1);
    const after = (await alice.call('GET', '/suppressions')).json.suppressions;
    expect(after.length).toBe(before + 1);
    expect(after.filter((s: any) => s.sourceFindingId === f.findingId)).toHaveLength(1);
    // Asked again later: still the same one.
    const again = await alice.call('PUT', `/results/${analysisId}/findings/${f.findingId}/review`, { status: 'explained', comment: 'known job', suppress: { expiresAt: IN_90_DAYS } });
    expect(again.json.finding.review.suppressionId).toBe([...ids][0]);
    // Once that suppression is deleted, asking again makes a new one.
    expect((await alice.call('DELETE', `/suppressions/${[...ids][0]}`)).status).toBe(200);
    const renewed = await alice.call('PUT', `/results/${analysisId}/findings/${f.findingId}/review`, { status: 'explained', comment: 'known job', suppress: { expiresAt: IN_90_DAYS } });
    expect(renewed.json.finding.review.suppressionId).not.toBe([...ids][0]);
  }, 60_000);
});
