import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '@app/functions/adapters/identity/index.ts';
import { VisibleError } from '@app/functions/http/errors.ts';
import { completeFirstSignIn, localAuthConfig, signInWithAmplify, startLocalAuth, type LocalAuth } from '../support/auth.ts';

async function callCognito(endpoint: string, target: string, body: unknown) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('invited users and the first sign-in', () => {
  let dataDir: string;
  let auth: LocalAuth;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'auth-invite-'));
    auth = await startLocalAuth(dataDir);
  });

  afterAll(async () => {
    await auth?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('invites through the Identity adapter, then Amplify completes NEW_PASSWORD_REQUIRED', async () => {
    const invitations: [string, string][] = [];
    const identity = createIdentity(localAuthConfig(auth.cognito), {
      cognitoEndpoint: auth.cognito.endpoint,
      onInvite: async (email, password) => {
        invitations.push([email, password]);
      },
    });
    const { temporaryPassword } = await identity.inviteUser({ email: 'new.user@example.com', firstName: 'New', lastName: 'User' });
    expect(temporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{14}$/);
    expect(invitations).toEqual([['new.user@example.com', temporaryPassword]]);

    const { firstStep, signedIn, refreshed } = await completeFirstSignIn({
      ...auth.pool,
      email: 'new.user@example.com',
      temporaryPassword: temporaryPassword!,
      newPassword: 'Chosen-Passw0rd!',
    });
    expect(firstStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const caller = await identity.verifyIdToken(signedIn.idToken);
    expect(caller.email).toBe('new.user@example.com');
    expect(caller.groups).toEqual([]);

    // The session begun by the new-password step can be refreshed like any other (Amplify's
    // GetTokensFromRefreshToken), and Amplify's sign-out revoked it (its access token names it).
    expect((await identity.verifyIdToken(refreshed.idToken)).sub).toBe(caller.sub);
    const afterSignOut = await callCognito(auth.pool.endpoint, 'GetTokensFromRefreshToken', {
      ClientId: auth.cognito.clientId,
      RefreshToken: signedIn.refreshToken,
    });
    expect(afterSignOut.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });

    // The chosen password is now the password; the temporary one is gone.
    const again = await signInWithAmplify({ ...auth.pool, email: 'new.user@example.com', password: 'Chosen-Passw0rd!' });
    expect((await identity.verifyIdToken(again.idToken)).sub).toBe(caller.sub);
    await expect(
      signInWithAmplify({ ...auth.pool, email: 'new.user@example.com', password: temporaryPassword! }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses to invite an existing user with a CONFLICT the API can show', async () => {
    await auth.cognito.ensureUser('taken@example.com', 'Taken-Passw0rd!', []);
    const identity = createIdentity(localAuthConfig(auth.cognito), { cognitoEndpoint: auth.cognito.endpoint });
    const attempt = identity.inviteUser({ email: 'taken@example.com' });
    await expect(attempt).rejects.toBeInstanceOf(VisibleError);
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: 'A user with this e-mail address already exists' });
  });

  it('rejects a new password that breaks the pool policy, then accepts a good one', async () => {
    const { temporaryPassword } = await auth.cognito.inviteUser('weak@example.com');
    await expect(
      completeFirstSignIn({ ...auth.pool, email: 'weak@example.com', temporaryPassword, newPassword: 'short' }),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough' });
    const { signedIn } = await completeFirstSignIn({
      ...auth.pool,
      email: 'weak@example.com',
      temporaryPassword,
      newPassword: 'Str0ng-Enough!',
    });
    expect(signedIn.idToken.split('.')).toHaveLength(3);
  });

  it('does not let a forged session set the password of a confirmed user', async () => {
    await auth.cognito.ensureUser('victim@example.com', 'Victim-Passw0rd!', []);
    const { status, body } = await callCognito(auth.pool.endpoint, 'RespondToAuthChallenge', {
      ClientId: auth.cognito.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'made-up-session',
      ChallengeResponses: { USERNAME: 'victim@example.com', NEW_PASSWORD: 'Attacker-Passw0rd!' },
    });
    expect(status).toBe(400);
    expect(body.__type).toBe('NotAuthorizedException');
    const session = await signInWithAmplify({ ...auth.pool, email: 'victim@example.com', password: 'Victim-Passw0rd!' });
    expect(session.idToken.split('.')).toHaveLength(3);
  });

  it('refuses admin and sign-up calls on the public mount but serves them on the loopback endpoint', async () => {
    const createUser = { UserPoolId: auth.cognito.userPoolId, Username: 'sneaky@example.com', MessageAction: 'SUPPRESS' };
    const publicCall = await callCognito(auth.pool.endpoint, 'AdminCreateUser', createUser);
    expect(publicCall).toEqual({
      status: 403,
      body: { __type: 'AccessDeniedException', message: 'AdminCreateUser is not available on the public endpoint' },
    });
    const signUp = await callCognito(auth.pool.endpoint, 'SignUp', { ClientId: auth.cognito.clientId, Username: 'x@example.com', Password: 'Xx-Passw0rd!' });
    expect(signUp.body).toEqual({ __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });

    const internalCall = await callCognito(auth.cognito.endpoint, 'AdminCreateUser', createUser);
    expect(internalCall.status).toBe(200);
    expect(internalCall.body.User.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });
});
