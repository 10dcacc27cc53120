import { describe, expect, it } from 'vitest';
import { EngineError } from '@app/core';
import { classifyStepError, deserializeError, FileUnreadableError, isTransient, serializeError, TransientError } from './errors.ts';

function sdkError(name: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(name), { name }, extra);
}

describe('classifyStepError', () => {
  it('turns throttling, 5xx and dropped connections into TransientError (retried)', () => {
    for (const e of [
      sdkError('ThrottlingException'),
      sdkError('ProvisionedThroughputExceededException'),
      sdkError('Whatever', { $metadata: { httpStatusCode: 503 } }),
      sdkError('Error', { code: 'ECONNRESET' }),
      sdkError('Error', { $retryable: { throttling: true } }),
    ]) {
      const out = classifyStepError(e);
      expect(out.name).toBe('TransientError');
      expect(out.message).toBe(e.message);
    }
  });

  it('keeps fatal errors as they are (caught, not retried)', () => {
    const engine = new EngineError('UNRECOGNISED_FILE', 'unknown header', 'a.csv');
    expect(classifyStepError(engine)).toBe(engine);
    const unreadable = new FileUnreadableError('b.csv', 'it is no longer in storage');
    expect(classifyStepError(unreadable)).toBe(unreadable);
    expect(unreadable.message).toMatch(/^b\.csv: /);
    expect(classifyStepError(sdkError('ValidationException', { $metadata: { httpStatusCode: 400 } })).name).toBe('ValidationException');
    expect(isTransient('not an error')).toBe(false);
    expect(classifyStepError('plain').message).toBe('plain');
  });

  it('keeps the error name across a thread boundary (what Retry/Catch match on)', () => {
    const back = deserializeError(serializeError(new TransientError('try again')));
    expect(back).toBeInstanceOf(Error);
    expect(back.name).toBe('TransientError');
    expect(back.message).toBe('try again');
    expect(deserializeError(serializeError(new EngineError('EMPTY_FILE', 'empty', 'c.csv'))).name).toBe('EngineError');
  });
});
