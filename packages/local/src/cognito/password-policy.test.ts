import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './password-policy.ts';

const policy = { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true };

describe('checkPasswordPolicy', () => {
  it('accepts a password meeting every rule', () => {
    expect(() => checkPasswordPolicy('Abcdef1!', policy)).not.toThrow();
  });

  it.each([
    ['Ab1!', 'Password not long enough'],
    ['abcdefg1!', 'Password must have uppercase characters'],
    ['ABCDEFG1!', 'Password must have lowercase characters'],
    ['Abcdefgh!', 'Password must have numeric characters'],
    ['Abcdefgh1', 'Password must have symbol characters'],
  ])('rejects %s: %s', (password, problem) => {
    expect(() => checkPasswordPolicy(password, policy)).toThrow(`Password does not conform to policy: ${problem}`);
  });

  it('asks for the new password when it is missing', () => {
    expect(() => checkPasswordPolicy(undefined, policy)).toThrow('Missing required parameter NEW_PASSWORD');
  });
});
