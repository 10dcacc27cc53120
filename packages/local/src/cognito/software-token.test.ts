/**
 * TOTP checks of the local pool: the right code, a wrong one, a replayed one, the ±1 step window,
 * single-use sessions that expire after 3 minutes, and enrolment by access token and by session.
 */
import { Secret, TOTP } from 'otpauth';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { describe, expect, it } from 'vitest';
import { acceptTotpCode, createSoftwareTokens, MFA_SESSION_TTL_MS, MAX_WRONG_CODES_PER_SESSION, newTotpSecret, totpStep } from './software-token.ts';

const T0 = Date.UTC(2026, 10, 28, 9, 0, 10);
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate({ timestamp: at });
/** A six-digit code that is not the right one at `at` nor one step either side. */
function wrongCodeAt(secret: string, at: number): string {
  const right = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, at + d)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!right.has(c)) return c;
  }
}

describe('acceptTotpCode', () => {
  const secret = newTotpSecret();

  it('a new secret is 32 base32 characters (160 bits), as Cognito hands out', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the right code for its step, and the codes one step before and after', () => {
    expect(acceptTotpCode(secret, codeAt(secret, T0), undefined, T0)).toBe(totpStep(T0));
    expect(acceptTotpCode(secret, codeAt(secret, T0 - 30_000), undefined, T0)).toBe(totpStep(T0) - 1);
    expect(acceptTotpCode(secret, codeAt(secret, T0 + 30_000), undefined, T0)).toBe(totpStep(T0) + 1);
  });

  it('refuses a wrong code, a code two steps old, and anything that is not 6 digits', () => {
    expect(acceptTotpCode(secret, wrongCodeAt(secret, T0), undefined, T0)).toBeUndefined();
    expect(acceptTotpCode(secret, codeAt(secret, T0 - 60_000), undefined, T0)).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef', 123456, undefined]) {
      expect(acceptTotpCode(secret, bad, undefined, T0)).toBeUndefined();
    }
    expect(acceptTotpCode(newTotpSecret(), codeAt(secret, T0), undefined, T0)).toBeUndefined();
  });

  it('refuses a replay: the same code again, or a code of a step at or before the last one accepted', () => {
    const code = codeAt(secret, T0);
    const step = acceptTotpCode(secret, code, undefined, T0)!;
    expect(acceptTotpCode(secret, code, step, T0)).toBeUndefined();
    expect(acceptTotpCode(secret, code, step, T0 + 5_000)).toBeUndefined();
    expect(acceptTotpCode(secret, codeAt(secret, T0 - 30_000), step, T0)).toBeUndefined();
    // The next step's code is new: accepted.
    expect(acceptTotpCode(secret, codeAt(secret, T0 + 30_000), step, T0 + 30_000)).toBe(step + 1);
  });
});

describe('createSoftwareTokens', () => {
  function setup(mode: 'OPTIONAL' | 'ON' = 'OPTIONAL') {
    let now = T0;
    const users = new Map<string, User>();
    const user = { Username: 'u-1', Enabled: true, UserStatus: 'CONFIRMED', Attributes: [{ Name: 'email', Value: 'ada@example.com' }], RefreshTokens: [] } as unknown as User;
    users.set(user.Username, user);
    const tokens = createSoftwareTokens({
      findUser: async (name) => users.get(name) ?? [...users.values()].find((u) => u.Attributes.some((a) => a.Value === name)) ?? null,
      saveUser: async (u) => void users.set(u.Username, u),
      poolMfa: async () => mode,
      now: () => now,
    });
    return {
      tokens,
      get user() {
        return users.get('u-1')!;
      },
      advance(ms: number) {
        now += ms;
      },
      get now() {
        return now;
      },
    };
  }

  async function enrolByToken(t: ReturnType<typeof setup>) {
    const { SecretCode } = await t.tokens.associate({ AccessToken: 'checked-by-the-launcher' }, t.user);
    await t.tokens.verify({ AccessToken: 'x', UserCode: codeAt(SecretCode, t.now), FriendlyDeviceName: 'Phone' }, t.user);
    await t.tokens.setPreference({ AccessToken: 'x', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }, t.user);
    return SecretCode as string;
  }

  it('enrolment by access token: associate, verify a first code, enable; GetUser then lists SOFTWARE_TOKEN_MFA', async () => {
    const t = setup();
    expect(t.tokens.mfaSettings(t.user)).toEqual({});
    expect(await t.tokens.challengeFor(t.user, 'client')).toBeUndefined();
    const { SecretCode } = await t.tokens.associate({ AccessToken: 'x' }, t.user);
    await expect(t.tokens.verify({ AccessToken: 'x', UserCode: wrongCodeAt(SecretCode, t.now) }, t.user)).rejects.toMatchObject({ type: 'EnableSoftwareTokenMFAException' });
    await expect(t.tokens.setPreference({ AccessToken: 'x', SoftwareTokenMfaSettings: { Enabled: true } }, t.user)).rejects.toMatchObject({ type: 'InvalidParameterException' });
    expect(await t.tokens.verify({ AccessToken: 'x', UserCode: codeAt(SecretCode, t.now) }, t.user)).toEqual({ Status: 'SUCCESS' });
    expect(t.tokens.mfaSettings(t.user)).toEqual({});
    await t.tokens.setPreference({ AccessToken: 'x', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }, t.user);
    expect(t.tokens.mfaSettings(t.user)).toEqual({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    await t.tokens.setPreference({ AccessToken: 'x', SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }, t.user);
    expect(t.tokens.mfaSettings(t.user)).toEqual({});
  });

  it('sign-in: the right code passes once; the session is single-use and the code cannot be replayed', async () => {
    const t = setup();
    const secret = await enrolByToken(t);
    t.advance(30_000);
    const challenge = (await t.tokens.challengeFor(t.user, 'client'))!;
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.ChallengeParameters).toEqual({ USER_ID_FOR_SRP: 'u-1', FRIENDLY_DEVICE_NAME: 'Phone' });
    const code = codeAt(secret, t.now);
    const answer = (session: string, c: string) =>
      t.tokens.answerChallenge({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ClientId: 'client', Session: session, ChallengeResponses: { USERNAME: 'ada@example.com', SOFTWARE_TOKEN_MFA_CODE: c } });
    expect((await answer(challenge.Session, code)).Username).toBe('u-1');
    // The same session again: gone.
    await expect(answer(challenge.Session, code)).rejects.toMatchObject({ type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
    // A new sign-in with the same code (still inside its window): a replay, refused.
    const again = (await t.tokens.challengeFor(t.user, 'client'))!;
    await expect(answer(again.Session, code)).rejects.toMatchObject({ type: 'CodeMismatchException' });
    // The next step's code works.
    t.advance(30_000);
    expect((await answer(again.Session, codeAt(secret, t.now))).Username).toBe('u-1');
  });

  it('sign-in: wrong codes are refused and end the session after 3; an expired session is refused even with the right code', async () => {
    const t = setup();
    const secret = await enrolByToken(t);
    t.advance(60_000);
    const answer = (session: string, c: string, clientId = 'client') =>
      t.tokens.answerChallenge({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ClientId: clientId, Session: session, ChallengeResponses: { USERNAME: 'u-1', SOFTWARE_TOKEN_MFA_CODE: c } });
    const first = (await t.tokens.challengeFor(t.user, 'client'))!;
    expect(t.tokens.sessionUser(first.Session)).toBe('u-1');
    for (let i = 0; i < MAX_WRONG_CODES_PER_SESSION; i++) {
      await expect(answer(first.Session, wrongCodeAt(secret, t.now))).rejects.toMatchObject({ type: 'CodeMismatchException', message: 'Invalid code received for user' });
    }
    await expect(answer(first.Session, codeAt(secret, t.now))).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    // Another client cannot answer this client's session; a forged session is refused.
    const second = (await t.tokens.challengeFor(t.user, 'client'))!;
    await expect(answer(second.Session, codeAt(secret, t.now), 'other-client')).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await expect(answer('forged-session', codeAt(secret, t.now))).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    // Expiry: 3 minutes.
    t.advance(MFA_SESSION_TTL_MS + 1);
    await expect(answer(second.Session, codeAt(secret, t.now))).rejects.toMatchObject({ type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
    expect(t.tokens.sessionUser(second.Session)).toBeUndefined();
  });

  it('MFA_SETUP on a pool with MFA ON: associate and verify by session, then the answer turns TOTP on', async () => {
    const t = setup('ON');
    const challenge = (await t.tokens.challengeFor(t.user, 'client'))!;
    expect(challenge).toMatchObject({ ChallengeName: 'MFA_SETUP', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    // The answer cannot skip enrolment.
    await expect(t.tokens.answerChallenge({ ChallengeName: 'MFA_SETUP', ClientId: 'client', Session: challenge.Session, ChallengeResponses: { USERNAME: 'u-1' } })).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    const associated = await t.tokens.associate({ Session: challenge.Session }, undefined);
    expect(associated.SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    await expect(t.tokens.associate({ Session: challenge.Session }, undefined)).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await expect(t.tokens.verify({ Session: associated.Session, UserCode: wrongCodeAt(associated.SecretCode, t.now) }, undefined)).rejects.toMatchObject({ type: 'EnableSoftwareTokenMFAException' });
    const verified = await t.tokens.verify({ Session: associated.Session, UserCode: codeAt(associated.SecretCode, t.now), FriendlyDeviceName: 'Laptop' }, undefined);
    expect(verified.Status).toBe('SUCCESS');
    expect(t.tokens.mfaSettings(t.user)).toEqual({});
    const user = await t.tokens.answerChallenge({ ChallengeName: 'MFA_SETUP', ClientId: 'client', Session: verified.Session, ChallengeResponses: { USERNAME: 'u-1' } });
    expect(user.Username).toBe('u-1');
    expect(t.tokens.mfaSettings(t.user)).toEqual({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    // With MFA ON, TOTP cannot be turned off; the next sign-in asks for a code.
    await expect(t.tokens.setPreference({ AccessToken: 'x', SoftwareTokenMfaSettings: { Enabled: false } }, t.user)).rejects.toMatchObject({ type: 'InvalidParameterException' });
    expect((await t.tokens.challengeFor(t.user, 'client'))!.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('SMS MFA is refused: the pool offers TOTP only', async () => {
    const t = setup();
    await expect(t.tokens.setPreference({ AccessToken: 'x', SMSMfaSettings: { Enabled: true } }, t.user)).rejects.toMatchObject({ type: 'InvalidParameterException' });
  });
});
