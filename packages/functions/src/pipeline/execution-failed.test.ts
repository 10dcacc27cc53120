import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Services } from '../services/types.ts';
import { failureOfExecution, isExecutionStatusChange, markExecutionFailed } from './execution-failed.ts';

/** An EventBridge "Step Functions Execution Status Change" event as AWS sends it. */
function statusEvent(status: string, extra: Record<string, unknown> = {}) {
  return {
    version: '0',
    source: 'aws.states',
    'detail-type': 'Step Functions Execution Status Change',
    detail: {
      executionArn: 'arn:aws:states:eu-central-1:123456789012:execution:pipeline:a1',
      status,
      input: JSON.stringify({ analysisId: 'a1', userSub: 'u1', files: [], correlate: false, aiEnabled: false }),
      ...extra,
    },
  };
}

/** Services whose table holds one analysis item in `status`, recording the updates. */
function servicesWith(status: string | undefined) {
  const updates: Record<string, unknown>[] = [];
  const services = {
    config: { tableName: 'table' },
    log: { info() {}, warn() {}, error() {} },
    blobs: { deletePrefix: async () => undefined },
    ddb: {
      send: async (command: unknown) => {
        if (command instanceof GetCommand) return { Item: status ? { analysisId: 'a1', userSub: 'u1', status } : undefined };
        if (command instanceof UpdateCommand) {
          updates.push(command.input.ExpressionAttributeValues ?? {});
          return {};
        }
        throw new Error('unexpected command');
      },
    },
  } as unknown as Services;
  return { services, updates };
}

describe('executions that ended without MarkFailed', () => {
  it('recognises the status change events and nothing else', () => {
    expect(isExecutionStatusChange(statusEvent('FAILED'))).toBe(true);
    expect(isExecutionStatusChange({ step: 'MarkFailed', analysisId: 'a1' })).toBe(false);
    expect(isExecutionStatusChange(null)).toBe(false);
  });

  it('names a timeout, an abort and a failure as the Catch would', () => {
    expect(failureOfExecution(statusEvent('TIMED_OUT'))).toEqual({ analysisId: 'a1', userSub: 'u1', error: { Error: 'States.Timeout' } });
    expect(failureOfExecution(statusEvent('ABORTED')).error).toEqual({ Error: 'States.Aborted' });
    expect(failureOfExecution(statusEvent('FAILED', { error: 'Lambda.Unknown', cause: 'boom' })).error).toEqual({ Error: 'Lambda.Unknown', Cause: 'boom' });
  });

  it('rejects an event whose execution input names no analysis', () => {
    const event = statusEvent('FAILED');
    event.detail.input = '{"files":[]}';
    expect(() => failureOfExecution(event)).toThrow(/names no analysis/);
    expect(() => failureOfExecution(statusEvent('SUCCEEDED'))).toThrow(/Invalid execution status event/);
  });

  it('marks a processing analysis failed with a message the user can act on', async () => {
    const { services, updates } = servicesWith('processing');
    expect(await markExecutionFailed(statusEvent('TIMED_OUT'), services)).toMatchObject({ status: 'failed' });
    expect(updates).toHaveLength(1);
    expect(Object.values(updates[0]!)).toContain('failed');
    expect(Object.values(updates[0]!).join(' ')).toMatch(/took longer than allowed/);
  });

  it('leaves an analysis MarkFailed or MarkCompleted already settled', async () => {
    for (const status of ['failed', 'completed']) {
      const { services, updates } = servicesWith(status);
      expect(await markExecutionFailed(statusEvent('FAILED'), services)).toEqual({ status });
      expect(updates).toEqual([]);
    }
    const gone = servicesWith(undefined);
    expect(await markExecutionFailed(statusEvent('ABORTED'), gone.services)).toEqual({ status: 'deleted' });
    expect(gone.updates).toEqual([]);
  });
});
