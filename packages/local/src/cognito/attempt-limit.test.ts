import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limit.ts';
import { CognitoApiError } from './cognito-errors.ts';

const wrong = () => Promise.reject(new CognitoApiError('NotAuthorizedException', 'Incorrect username or password.'));
const badCode = () => Promise.reject(Object.assign(new Error('Invalid code'), { code: 'CodeMismatchException' }));

describe('createAttemptLimiter', () => {
  it('locks a user name after maxFailures wrong passwords in the window, whatever its case', async () => {
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: 1000 });
    for (let t = 0; t < 3; t++) await expect(limiter.guard('Ada@Example.com', 'sign-in', wrong, t)).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    // Even the right password is refused while locked.
    await expect(limiter.guard('ada@example.com', 'sign-in', async () => 'ok', 10)).rejects.toMatchObject({ type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    // Another user is unaffected; the lock ends when the failures age out.
    expect(await limiter.guard('bob@example.com', 'sign-in', async () => 'ok', 10)).toBe('ok');
    expect(await limiter.guard('ada@example.com', 'sign-in', async () => 'ok', 1000)).toBe('ok');
  });

  it('limits reset-code guesses separately, and a success clears the count', async () => {
    const limiter = createAttemptLimiter({ maxFailures: 2, windowMs: 1000 });
    await expect(limiter.guard('ada', 'code', badCode, 0)).rejects.toThrow('Invalid code');
    expect(await limiter.guard('ada', 'code', async () => 'ok', 1)).toBe('ok');
    await expect(limiter.guard('ada', 'code', badCode, 2)).rejects.toThrow('Invalid code');
    await expect(limiter.guard('ada', 'code', badCode, 3)).rejects.toThrow('Invalid code');
    await expect(limiter.guard('ada', 'code', async () => 'ok', 4)).rejects.toMatchObject({ type: 'LimitExceededException' });
    // Sign-in is a different count.
    expect(await limiter.guard('ada', 'sign-in', async () => 'ok', 4)).toBe('ok');
  });

  it('does not count other errors (e.g. an unknown user or a bad request)', async () => {
    const limiter = createAttemptLimiter({ maxFailures: 1, windowMs: 1000 });
    await expect(limiter.guard('x', 'sign-in', () => Promise.reject(new CognitoApiError('InvalidParameterException', 'bad')), 0)).rejects.toThrow('bad');
    expect(await limiter.guard('x', 'sign-in', async () => 'ok', 1)).toBe('ok');
  });

  it('counts parallel guesses as they start: 20 at once run only maxFailures times', async () => {
    const limiter = createAttemptLimiter({ maxFailures: 5, windowMs: 60_000 });
    let checked = 0;
    const slowWrong = async () => {
      checked++;
      await new Promise((r) => setTimeout(r, 20));
      throw new CognitoApiError('NotAuthorizedException', 'Incorrect username or password.');
    };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.guard('ada@example.com', 'sign-in', slowWrong)));
    expect(checked).toBe(5);
    const messages = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'));
    expect(messages.filter((m) => m === 'Password attempts exceeded')).toHaveLength(15);
    expect(limiter.isLocked('ada@example.com', 'sign-in')).toBe(true);
  });

  it('does not count an attempt that failed for another reason (missing parameter)', async () => {
    const limiter = createAttemptLimiter({ maxFailures: 1, windowMs: 60_000 });
    await expect(limiter.guard('ada@example.com', 'sign-in', () => Promise.reject(new CognitoApiError('InvalidParameterException', 'x')))).rejects.toThrow('x');
    expect(limiter.isLocked('ada@example.com', 'sign-in')).toBe(false);
    expect(await limiter.guard('ada@example.com', 'sign-in', async () => 'ok')).toBe('ok');
  });
});
