import { describe, expect, it } from 'vitest';
import { toUserMessage } from './failure-message.ts';

describe('toUserMessage', () => {
  it('passes an engine message through, locally and in the Lambda error JSON', () => {
    const message = 'broken.csv: the file type could not be recognised';
    expect(toUserMessage({ Error: 'EngineError', Cause: message })).toBe(message);
    const lambdaCause = JSON.stringify({ errorType: 'EngineError', errorMessage: message, trace: ['at x'] });
    expect(toUserMessage({ Error: 'EngineError', Cause: lambdaCause })).toBe(message);
    expect(toUserMessage({ Error: 'FileUnreadable', Cause: 'gone.csv: the file could not be read' })).toBe('gone.csv: the file could not be read');
  });

  it('never shows internal messages of unexpected errors', () => {
    const msg = toUserMessage({ Error: 'TypeError', Cause: 'Cannot read properties of undefined (reading x) at /var/task/index.js' });
    expect(msg).not.toContain('/var/task');
    expect(msg).toContain('Your uploaded files are unchanged');
  });

  it('explains timeouts and exhausted retries', () => {
    expect(toUserMessage({ Error: 'States.Timeout' })).toContain('took longer than allowed');
    expect(toUserMessage({ Error: 'TransientError', Cause: 'ECONNRESET' })).toContain('after several retries');
    expect(toUserMessage({ Error: 'Lambda.ServiceException' })).toContain('after several retries');
    expect(toUserMessage(undefined)).toContain('failed unexpectedly');
  });
});
