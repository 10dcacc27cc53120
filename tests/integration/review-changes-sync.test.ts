/**
 * A process keeps an analysis's reviews and, when the review version moved, reads only what was
 * written since (review-store.ts `reviewChangesSince`), never every review again: a single review
 * after a bulk review of 100,000 findings read all 100,000 on the request thread (11.3 s measured).
 * The reviews it then holds equal a full read, after single, selection and case reviews alike.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFindings } from '@app/functions/services/review/finding-store.ts';
import { reviewKeys } from '@app/functions/services/review/review-keys.ts';
import { loadReviews, type ReviewItem } from '@app/functions/services/review/review-store.ts';
import type { Services } from '@app/functions/services/types.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { getOk, signedInStack } from '../support/suite.ts';
import { text } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

const ROWS = 120;
const pad = (n: number) => String(n).padStart(2, '0');
function debugSm20(): string {
  const lines = ['Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text'];
  for (let i = 0; i < ROWS; i++) {
    const s = 3600 + i * 31;
    lines.push(`02.11.2026,${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)},100,${i % 2 ? 'DEBUGA' : 'DEBUGB'},TERM1,SE38,RSDEBUG,CUL,Field content changed in debugger`);
  }
  return lines.join('\r\n') + '\r\n';
}

let stack: TestStack;
let alice: TestClient;
let analysisId: string;

signedInStack((s) => ({ stack, user: alice } = s));
beforeAll(async () => {
  analysisId = await analysedFiles(alice, [{ name: 'sm20-debug.csv', bytes: text(debugSm20()) }], 120_000);
}, 180_000);

/** The services with every Query the store sends recorded (its sort-key condition values). */
function watched(): { services: Services; queried: string[] } {
  const queried: string[] = [];
  const ddb = stack.services.ddb;
  const send = ((command: unknown) => {
    if (command instanceof QueryCommand) queried.push(String(Object.values(command.input.ExpressionAttributeValues ?? {}).filter((v) => typeof v === 'string' && v.startsWith('REVIEW')).join(' .. ')));
    return (ddb.send as (c: unknown) => Promise<unknown>)(command);
  }) as typeof ddb.send;
  return { services: { ...stack.services, ddb: Object.assign(Object.create(ddb), { send }) }, queried };
}

const state = (m: Map<string, ReviewItem>) => Object.fromEntries([...m].map(([id, r]) => [id, [r.status, r.comment, r.ticket, r.reviewer, r.reviewedAt, r.suppressionId ?? '']]));

async function expectSynced(): Promise<string[]> {
  const { services, queried } = watched();
  const o = await openFindings(services, alice.sub, analysisId);
  expect(state(o.reviews)).toEqual(state(await loadReviews(stack.services, alice.sub, analysisId)));
  // Never every review of the analysis again: only the changes after what this process holds.
  expect(queried.filter((q) => q.startsWith(reviewKeys.reviewsOf(analysisId)))).toEqual([]);
  return queried;
}

describe('the reviews a process keeps', () => {
  it('follow single, selection and case reviews by reading only the changes written since', async () => {
    const findings = (await getOk(alice, `/results/${analysisId}/findings?limit=200`)).findings as { findingId: string }[];
    expect(findings.length).toBeGreaterThanOrEqual(ROWS);
    // This process reads the reviews once (there are none yet).
    await openFindings(stack.services, alice.sub, analysisId);

    const one = await alice.call('PUT', `/results/${analysisId}/findings/${findings[0]!.findingId}/review`, { status: 'escalated', comment: 'Who debugged production?' });
    expect(one.status, one.text).toBe(200);
    const afterOne = await expectSynced();
    expect(afterOne).toEqual([expect.stringContaining(reviewKeys.changesOf(analysisId))]);

    const some = await alice.call('PUT', `/results/${analysisId}/findings/review`, { findingIds: findings.slice(1, 41).map((f) => f.findingId), status: 'false_positive', comment: 'Test client' });
    expect(some.status, some.text).toBe(200);
    await expectSynced();

    const cases = (await getOk(alice, `/results/${analysisId}/cases?limit=50`)).cases as { id: string; members: number }[];
    const c = cases.find((x) => x.members >= 2)!;
    const res = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'explained', comment: 'Approved change window CHG-77', ticket: 'CHG-77' });
    expect([200, 202]).toContain(res.status);
    for (let i = 0; res.status === 202 && i < 200; i++) {
      const job = await getOk(alice, `/results/${analysisId}/review-jobs/${res.json.job.jobId}`);
      if (job.job?.state === 'done' || job.state === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await expectSynced();
    // The same finding reviewed again: the later change wins.
    expect((await alice.call('PUT', `/results/${analysisId}/findings/${findings[1]!.findingId}/review`, { status: 'escalated', comment: 'Reopened' })).status).toBe(200);
    const o = await openFindings(stack.services, alice.sub, analysisId);
    expect(o.reviews.get(findings[1]!.findingId)).toMatchObject({ status: 'escalated', comment: 'Reopened' });
    await expectSynced();
  }, 120_000);
});
