/**
 * TOTP MFA through the local pool's HTTP face: enrolment by access token, GetUser/AdminGetUser
 * listing it, the SOFTWARE_TOKEN_MFA challenge instead of tokens, and wrong codes counted toward
 * the account's lockout (a right password in between does not clear them).
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT } from './attempt-limit.ts';
import type { LocalCognito } from './index.ts';
import { callPool, poolForTests } from './pool-for-tests.ts';
import type { SecurityEvent } from './security-events.ts';

const codeNow = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const notTheCode = (secret: string) => (codeNow(secret) === '000000' || codeNow(secret, -1) === '000000' || codeNow(secret, 1) === '000000' ? '111111' : '000000');

describe('TOTP MFA on the local pool (HTTP)', () => {
  let cognito: LocalCognito;
  const events: SecurityEvent[] = [];
  poolForTests('mfa', (p) => ({ cognito } = p), { onSecurityEvent: (e) => void events.push(e) });

  const call = (target: string, body: unknown) => callPool(cognito.endpoint, target, body);
  const signIn = (email: string, password: string) =>
    call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
  const answer = (session: string, email: string, code: string) =>
    call('RespondToAuthChallenge', { ChallengeName: 'SOFTWARE_TOKEN_MFA', ClientId: cognito.clientId, Session: session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } });

  async function enrol(email: string, password: string): Promise<string> {
    await cognito.ensureUser(email, password, []);
    const token = (await signIn(email, password)).json.AuthenticationResult.AccessToken;
    const associated = await call('AssociateSoftwareToken', { AccessToken: token });
    expect(associated.status).toBe(200);
    const secret = associated.json.SecretCode as string;
    expect((await call('VerifySoftwareToken', { AccessToken: token, UserCode: codeNow(secret, -1), FriendlyDeviceName: 'Phone' })).json).toEqual({ Status: 'SUCCESS' });
    expect((await call('SetUserMFAPreference', { AccessToken: token, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(200);
    const me = await call('GetUser', { AccessToken: token });
    expect(me.json).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    expect(JSON.stringify(me.json)).not.toContain(secret);
    const admin = await call('AdminGetUser', { UserPoolId: cognito.userPoolId, Username: email });
    expect(admin.json).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect(JSON.stringify(admin.json)).not.toContain(secret);
    return secret;
  }

  it('an enrolled user gets the SOFTWARE_TOKEN_MFA challenge, not tokens, and the right code signs in once', async () => {
    const secret = await enrol('totp@example.com', 'Totp-Passw0rd!');
    const first = await signIn('totp@example.com', 'Totp-Passw0rd!');
    expect(first.json.AuthenticationResult).toBeUndefined();
    expect(first.json).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: { FRIENDLY_DEVICE_NAME: 'Phone' } });
    const code = codeNow(secret);
    const done = await answer(first.json.Session, 'totp@example.com', code);
    expect(done.status).toBe(200);
    expect(typeof done.json.AuthenticationResult.IdToken).toBe('string');
    // The access token of an MFA sign-in works (its refresh token was kept).
    expect((await call('GetUser', { AccessToken: done.json.AuthenticationResult.AccessToken })).status).toBe(200);
    // The same code in a new sign-in: a replay.
    const second = await signIn('totp@example.com', 'Totp-Passw0rd!');
    expect((await answer(second.json.Session, 'totp@example.com', code)).json.__type).toBe('CodeMismatchException');
    // Enrolment left a trace (no code, no secret in it).
    const changes = events.filter((e) => e.email === 'totp@example.com' && e.event === 'mfa-changed');
    expect(changes.map((e) => [e.via, e.detail])).toEqual([
      ['VerifySoftwareToken', { totp: 'authenticator app verified' }],
      ['SetUserMFAPreference', { totp: 'on' }],
    ]);
  });

  it('a user without TOTP signs in with the password alone (MFA is optional)', async () => {
    await cognito.ensureUser('plain@example.com', 'Plain-Passw0rd!', []);
    expect((await signIn('plain@example.com', 'Plain-Passw0rd!')).json.AuthenticationResult).toBeDefined();
    expect((await call('GetUser', { AccessToken: (await signIn('plain@example.com', 'Plain-Passw0rd!')).json.AuthenticationResult.AccessToken })).json.UserMFASettingList).toBeUndefined();
  });

  it('wrong codes count toward the lockout, a right password in between does not clear them, and then even the right code is refused', async () => {
    const secret = await enrol('guessed@example.com', 'Guessed-Passw0rd!');
    for (let i = 0; i < ATTEMPT_LIMIT.maxFailures; i++) {
      const started = await signIn('guessed@example.com', 'Guessed-Passw0rd!');
      expect(started.json.ChallengeName, `sign-in ${i}`).toBe('SOFTWARE_TOKEN_MFA');
      expect((await answer(started.json.Session, 'guessed@example.com', notTheCode(secret))).json.__type, `guess ${i}`).toBe('CodeMismatchException');
    }
    const locked = await signIn('guessed@example.com', 'Guessed-Passw0rd!');
    expect(locked.json).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    const failed = events.filter((e) => e.email === 'guessed@example.com' && e.event === 'sign-in-failed');
    expect(failed.map((e) => e.via)).toEqual(Array(ATTEMPT_LIMIT.maxFailures).fill('RespondToAuthChallenge'));
    expect(events.some((e) => e.email === 'guessed@example.com' && e.event === 'account-locked')).toBe(true);
  });

  it('an operator turns TOTP off for a user who lost the app (AdminSetUserMFAPreference, loopback door): the password alone signs in again', async () => {
    await enrol('lost-phone@example.com', 'Lost-Phone-Passw0rd!');
    expect((await signIn('lost-phone@example.com', 'Lost-Phone-Passw0rd!')).json.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const off = await call('AdminSetUserMFAPreference', { UserPoolId: cognito.userPoolId, Username: 'lost-phone@example.com', SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
    expect(off.status).toBe(200);
    expect((await call('AdminGetUser', { UserPoolId: cognito.userPoolId, Username: 'lost-phone@example.com' })).json.UserMFASettingList).toBeUndefined();
    expect((await signIn('lost-phone@example.com', 'Lost-Phone-Passw0rd!')).json.AuthenticationResult).toBeDefined();
    expect(events.filter((e) => e.email === 'lost-phone@example.com' && e.event === 'mfa-changed').at(-1)).toMatchObject({ via: 'AdminSetUserMFAPreference', detail: { totp: 'off', how: 'administrator' } });
    expect((await call('AdminSetUserMFAPreference', { UserPoolId: cognito.userPoolId, Username: 'nobody@example.com', SoftwareTokenMfaSettings: { Enabled: false } })).json.__type).toBe('UserNotFoundException');
  });

  it('the browser mount allows the TOTP calls (and GetUser) but no forged session', async () => {
    const forged = await call('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: cognito.clientId,
      Session: 'not-a-session-we-issued',
      ChallengeResponses: { USERNAME: 'totp@example.com', SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    expect(forged.json.__type).toBe('NotAuthorizedException');
    const bySession = await call('AssociateSoftwareToken', { Session: 'not-a-session-we-issued' });
    expect(bySession.json.__type).toBe('NotAuthorizedException');
    const noToken = await call('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: false } });
    expect(noToken.json.__type).toBe('InvalidParameterException');
  });
});
