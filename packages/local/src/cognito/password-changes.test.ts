/**
 * Every new password meets the pool policy, and a wrong old password in ChangePassword counts
 * toward the lockout of the token's user (cognito-local checks neither).
 */
import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT } from './attempt-limit.ts';
import type { LocalCognito } from './index.ts';
import { callPool, poolForTests } from './pool-for-tests.ts';
import type { SecurityEvent } from './security-events.ts';

describe('password changes on the local pool', () => {
  let cognito: LocalCognito;
  const events: SecurityEvent[] = [];
  poolForTests('passwords', (p) => ({ cognito } = p), { onSecurityEvent: (e) => void events.push(e) });

  const call = (target: string, body: unknown) => callPool(cognito.endpoint, target, body);

  const signIn = (email: string, password: string) =>
    call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } });

  it('ChangePassword: the policy applies, and wrong old passwords lock the account, even for the right one', async () => {
    await cognito.ensureUser('changer@example.com', 'Changer-Passw0rd!', []);
    const token = (await signIn('changer@example.com', 'Changer-Passw0rd!')).json.AuthenticationResult.AccessToken;
    const weak = await call('ChangePassword', { AccessToken: token, PreviousPassword: 'Changer-Passw0rd!', ProposedPassword: 'x' });
    expect(weak.json).toEqual({ __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough' });
    for (let i = 0; i < ATTEMPT_LIMIT.maxFailures; i++) {
      const res = await call('ChangePassword', { AccessToken: token, PreviousPassword: `Guess-${i}-Passw0rd!`, ProposedPassword: 'Taken-Over-123!' });
      expect(res.json, `guess ${i}`).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
    const right = await call('ChangePassword', { AccessToken: token, PreviousPassword: 'Changer-Passw0rd!', ProposedPassword: 'Taken-Over-123!' });
    expect(right.json).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    expect((await signIn('changer@example.com', 'Taken-Over-123!')).json.__type).toBe('NotAuthorizedException');
  });

  it('ChangePassword with the right old password and a good new one works (control)', async () => {
    await cognito.ensureUser('mover@example.com', 'Mover-Passw0rd!', []);
    const token = (await signIn('mover@example.com', 'Mover-Passw0rd!')).json.AuthenticationResult.AccessToken;
    expect((await call('ChangePassword', { AccessToken: token, PreviousPassword: 'Mover-Passw0rd!', ProposedPassword: 'Moved-Passw0rd!' })).status).toBe(200);
    expect((await signIn('mover@example.com', 'Moved-Passw0rd!')).status).toBe(200);
    expect(events.filter((e) => e.email === 'mover@example.com').map((e) => [e.event, e.via, e.admin])).toEqual([['password-changed', 'ChangePassword', false]]);
  });

  it('reports group changes made through the loopback door as security events', async () => {
    await cognito.ensureUser('promoted@example.com', 'Promoted-Passw0rd!', []);
    await call('CreateGroup', { UserPoolId: cognito.userPoolId, GroupName: 'admins' });
    const res = await call('AdminAddUserToGroup', { UserPoolId: cognito.userPoolId, Username: 'promoted@example.com', GroupName: 'admins' });
    expect(res.status).toBe(200);
    expect(events.filter((e) => e.event === 'group-changed')).toEqual([
      expect.objectContaining({ email: 'promoted@example.com', admin: true, via: 'AdminAddUserToGroup', exposure: 'internal', detail: { group: 'admins', change: 'added' } }),
    ]);
  });

  it('ConfirmForgotPassword and AdminSetUserPassword refuse a password that breaks the policy', async () => {
    await cognito.ensureUser('resetter@example.com', 'Resetter-Passw0rd!', []);
    expect((await call('ForgotPassword', { ClientId: cognito.clientId, Username: 'resetter@example.com' })).status).toBe(200);
    const reset = await call('ConfirmForgotPassword', { ClientId: cognito.clientId, Username: 'resetter@example.com', ConfirmationCode: '123456', Password: 'weak' });
    expect(reset.json).toEqual({ __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough' });
    const admin = await call('AdminSetUserPassword', { UserPoolId: cognito.userPoolId, Username: 'resetter@example.com', Password: 'nouppercase1!', Permanent: true });
    expect(admin.json).toEqual({ __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password must have uppercase characters' });
    expect((await signIn('resetter@example.com', 'Resetter-Passw0rd!')).status).toBe(200);
  });
});
