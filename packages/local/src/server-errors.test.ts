import { describe, expect, it } from 'vitest';
import { debugLogger, isClientDisconnect, reportServerError } from './server-errors.ts';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('reportServerError', () => {
  it('logs a client that left mid-download at debug level, without a stack', () => {
    const errors: unknown[] = [];
    const lines: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (msg: string, data?: unknown) => errors.push([msg, data]) };
    reportServerError(log, withCode('ERR_STREAM_PREMATURE_CLOSE'), debugLogger(true, { service: 'local' }, (l) => lines.push(l)));
    expect(errors).toEqual([]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'debug', msg: 'client closed the connection before the response ended', code: 'ERR_STREAM_PREMATURE_CLOSE', service: 'local' });
    reportServerError(log, withCode('ECONNRESET'), debugLogger(false, {}, (l) => lines.push(l)));
    expect(lines).toHaveLength(1); // debug off: nothing
  });

  it('keeps real failures at error level with their stack', () => {
    const errors: [string, { error: string }][] = [];
    const log = { info: () => {}, warn: () => {}, error: (msg: string, data?: unknown) => errors.push([msg, data as { error: string }]) };
    reportServerError(log, new Error('disk full'), () => {});
    expect(errors[0]![0]).toBe('local server error');
    expect(errors[0]![1].error).toMatch(/^Error: disk full\n\s+at /);
    expect(isClientDisconnect(new Error('aborted'))).toBe(true);
    expect(isClientDisconnect('ECONNRESET')).toBe(false);
  });
});
