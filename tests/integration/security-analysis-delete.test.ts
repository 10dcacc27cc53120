/**
 * Issue 26, item 6: deleting an analysis is safe to interrupt. A storage fault after the objects
 * were removed left the analysis listed as completed with downloads that were gone. Now the
 * analysis is marked deleting first (never listed or shown again), and a retry, a restart of the
 * stack or a later listing finishes the work.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAnalysis } from '@app/functions/services/analyses/analysis-item.ts';
import { keys } from '@app/functions/services/keys.ts';
import { outputKeys } from '@app/functions/services/workspace.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;
let fileId: string;

beforeAll(async () => {
  // Tables on disk, so a restart keeps the half-deleted item.
  stack = await startTestStack({ quietErrors: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
  [fileId] = (await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(80)) }])) as [string];
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

async function completedAnalysis(): Promise<string> {
  const id = await startAnalysis(alice, [fileId]);
  expect((await waitForAnalysis(alice, id)).status).toBe('completed');
  return id;
}

/** The table store fails to delete the analysis item itself, after everything else went. */
function failItemDelete(): () => void {
  const ddb = stack.services.ddb;
  const send = ddb.send.bind(ddb);
  ddb.send = (async (command: { constructor: { name: string }; input: { Key?: { sk?: string } } }, ...rest: unknown[]) => {
    if (command.constructor.name === 'DeleteCommand' && command.input.Key?.sk?.startsWith('ANALYSIS#')) {
      throw Object.assign(new Error('storage fault'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } });
    }
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof ddb.send;
  return () => {
    ddb.send = send;
  };
}

async function interruptedDelete(id: string): Promise<void> {
  const restore = failItemDelete();
  try {
    const res = await alice.call('DELETE', `/results/${id}`);
    expect(res.status).toBe(503);
  } finally {
    restore();
  }
}

describe('an interrupted DELETE /results/{id}', () => {
  it('is never listed or shown as completed, and a retry finishes it', async () => {
    const id = await completedAnalysis();
    const report = outputKeys(alice.sub, id).report;
    expect(await stack.services.blobs.head(report)).toBeDefined();
    await interruptedDelete(id);

    expect(await stack.services.blobs.head(report)).toBeUndefined();
    expect(await getAnalysis(stack.services, alice.sub, id)).toMatchObject({ status: 'completed', deletingAt: expect.any(String) });
    const list = await alice.call('GET', '/results');
    expect(list.json.analyses.map((a: { analysisId: string }) => a.analysisId)).not.toContain(id);
    expect((await alice.call('GET', `/results/${id}`)).status).toBe(404);
    expect((await alice.call('GET', `/results/${id}/findings`)).status).toBe(404);
    expect((await alice.call('POST', '/flag-details', { analysisId: id, flagName: 'DEBUG_FLAG' })).status).toBe(404);

    const retry = await alice.call('DELETE', `/results/${id}`);
    expect(retry.status).toBe(200);
    expect(await getAnalysis(stack.services, alice.sub, id)).toBeUndefined();
    expect((await alice.call('DELETE', `/results/${id}`)).status).toBe(404);
  }, 120_000);

  it('is finished by a later listing once it is a minute old', async () => {
    const id = await completedAnalysis();
    await interruptedDelete(id);
    await stack.services.ddb.send(
      new UpdateCommand({
        TableName: stack.services.config.tableName,
        Key: { pk: keys.user(alice.sub), sk: keys.analysis(id) },
        UpdateExpression: 'SET deletingAt = :then',
        ExpressionAttributeValues: { ':then': new Date(Date.now() - 120_000).toISOString() },
      }),
    );
    expect((await alice.call('GET', '/results')).status).toBe(200);
    expect(await getAnalysis(stack.services, alice.sub, id)).toBeUndefined();
  }, 120_000);

  it('is finished when the stack starts again', async () => {
    const id = await completedAnalysis();
    await interruptedDelete(id);
    expect(await getAnalysis(stack.services, alice.sub, id)).toBeDefined();
    await stack.restart();
    expect(await getAnalysis(stack.services, alice.sub, id)).toBeUndefined();
    expect(stack.logs.some((l) => l.msg === 'interrupted analysis deletions finished')).toBe(true);
  }, 120_000);
});
