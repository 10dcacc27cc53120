/**
 * Nothing hidden (issue 24): a case of more than 20,000 members is reviewed whole, and so is a
 * filter matching more than 20,000 findings. The review runs as a job in a review worker, in
 * batches under the analysis's review lock; the request answers at once (202 and the job, polled)
 * or with the result; a single review made while the job runs keeps its finding's trail a chain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { getOk, signedInStack } from '../support/suite.ts';
import { text } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

/** Records of the one user; each carries two high rules (a field changed in the debugger, a message naming debugging), so twice as many findings. */
const ROWS = 10_300;
const pad = (n: number) => String(n).padStart(2, '0');

/** One user changing field contents in the debugger ROWS times, and a little other traffic. */
function massDebugSm20(): string {
  const lines = ['Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text'];
  for (let i = 0; i < ROWS; i++) {
    const s = (i * 3) % 86_400;
    const day = 2 + Math.floor((i * 3) / 86_400);
    lines.push(`${pad(day)}.11.2026,${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)},100,MASSDEBUG,TERM1,SE38,RSDEBUG,CUL,Field content changed in debugger`);
  }
  for (let i = 0; i < 50; i++) lines.push(`03.11.2026,10:${pad(i)}:00,100,OTHER,TERM2,VA01,SAPMV45A,AU3,Transaction VA01 started`);
  return lines.join('\r\n') + '\r\n';
}

let stack: TestStack;
let alice: TestClient;
let mallory: TestClient;
let analysisId: string;

signedInStack((s) => ({ stack, user: alice, stranger: mallory } = s), { stranger: true });
beforeAll(async () => {
  analysisId = await analysedFiles(alice, [{ name: 'sm20-mass.csv', bytes: text(massDebugSm20()) }], 120_000);
}, 180_000);

const get = getOk;

/** The answer of a case or filter review: at once (200), or its job polled to the end (202). */
async function finished(res: { status: number; json: any; text: string }, client = alice) {
  expect([200, 202], res.text).toContain(res.status);
  let body = res.json;
  const deadline = Date.now() + 150_000;
  while (body.job.state === 'running') {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 200));
    body = await get(client, `/results/${analysisId}/review-jobs/${body.job.jobId}`);
    expect(body.job.processed).toBeLessThanOrEqual(body.job.matched);
  }
  return body;
}

describe('a case of more than 20,000 members', () => {
  it('is reviewed whole, in a job whose progress the caller polls, each member with its trail; a review made meanwhile keeps its chain', async () => {
    const list = await get(alice, `/results/${analysisId}/cases?actor=MASSDEBUG`);
    const c = list.cases.find((x: any) => x.actor === 'MASSDEBUG');
    const MEMBERS = c.members;
    expect(MEMBERS).toBeGreaterThan(20_000);
    const first = await get(alice, `/results/${analysisId}/cases/${c.id}?limit=3`);
    const [early, late] = [first.members[0].findingId, first.members[2].findingId];

    const started = Date.now();
    const res = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'explained', comment: 'Developer session in the sandbox client, CHG-9' });
    // The request does not wait for the 20,600 writes.
    expect(Date.now() - started).toBeLessThan(15_000);
    if (res.status === 202) expect(res.json.job).toMatchObject({ state: 'running', matched: MEMBERS, kind: 'case' });
    // Another request while the job writes: its finding's trail stays a chain, whichever came first.
    const one = await alice.call('PUT', `/results/${analysisId}/findings/${late}/review`, { status: 'escalated', comment: 'Ask the developer' });
    expect(one.status, one.text).toBe(200);
    // Another user sees neither the job nor the case.
    if (res.status === 202) expect((await mallory.call('GET', `/results/${analysisId}/review-jobs/${res.json.job.jobId}`)).status).toBe(404);

    const done = await finished(res);
    expect(done.job).toMatchObject({ state: 'done', matched: MEMBERS, processed: MEMBERS, updated: MEMBERS, skipped: 0 });
    expect(done.updated).toBe(MEMBERS);

    const after = await get(alice, `/results/${analysisId}/cases/${c.id}?limit=1`);
    expect(after.case.progress).toMatchObject({ members: MEMBERS, open: 0, reviewed: MEMBERS });
    const byStatus = (await get(alice, `/results/${analysisId}/findings?caseId=${c.id}&limit=1`)).counts.byStatus;
    expect(byStatus.explained + byStatus.escalated).toBe(MEMBERS);

    const trail = (await get(alice, `/results/${analysisId}/findings/${late}`)).trail;
    expect(trail).toHaveLength(2);
    expect(trail[0].previousStatus).toBe('open');
    expect(trail[1].previousStatus).toBe(trail[0].status);
    const current = (await get(alice, `/results/${analysisId}/findings/${late}`)).finding.review.status;
    expect(current).toBe(trail[1].status);
    expect((await get(alice, `/results/${analysisId}/findings/${early}`)).trail).toMatchObject([{ previousStatus: 'open', status: 'explained' }]);

    // Open members only: none left, nothing written.
    const none = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'false_positive', comment: 'x', scope: 'open' });
    expect(none.status).toBe(200);
    expect(none.json.updated).toBe(0);
  }, 200_000);

  it('bulk triage by a filter matching more than 20,000 findings reviews each of them', async () => {
    const filter = { user: 'MASSDEBUG', status: 'explained' };
    const matched = (await get(alice, `/results/${analysisId}/findings?${new URLSearchParams(filter)}&limit=1`)).matched;
    expect(matched).toBeGreaterThan(20_000);
    const stale = await alice.call('PUT', `/results/${analysisId}/findings/review-by-filter`, { filter, expected: matched + 1, status: 'open' });
    expect(stale.status).toBe(409);
    const done = await finished(await alice.call('PUT', `/results/${analysisId}/findings/review-by-filter`, { filter, expected: matched, status: 'false_positive', comment: 'Sandbox client' }));
    expect(done.job).toMatchObject({ state: 'done', kind: 'filter', matched, updated: matched });
    expect((await get(alice, `/results/${analysisId}/findings?${new URLSearchParams(filter)}&limit=1`)).matched).toBe(0);
    expect((await get(alice, `/results/${analysisId}/findings?user=MASSDEBUG&status=false_positive&limit=1`)).matched).toBe(matched);
  }, 200_000);
});
