import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword } from './temporary-password.ts';

describe('generateTemporaryPassword', () => {
  it('always satisfies Cognito default policy and differs between calls', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(14);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!#%+\-=?@^_]/);
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });

  it('honours a requested length', () => {
    expect(generateTemporaryPassword(20)).toHaveLength(20);
  });
});
