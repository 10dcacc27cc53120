/**
 * The launcher in front of cognito-local: dispatches one Cognito JSON call (by X-Amz-Target) and
 * adds what Amplify v6 needs and cognito-local lacks (USER_SRP_AUTH, GetTokensFromRefreshToken),
 * Cognito's error wording, access-token checks, lockout, password policy, security events and a
 * few fixes (see docs/local-auth.md). The sign-in flows themselves are in `sign-in-flows.ts`.
 */
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { groupToResponseObject } from 'cognito-local/lib/targets/responses.js';
import type { CognitoEngine } from './cognito-engine.ts';
import { CognitoApiError, incorrectCredentials, invalidParameter, toApiError, userNotFound } from './cognito-errors.ts';
import { ACCESS_TOKEN_TARGETS, createAccessTokenVerifier, invalidAccessToken, originOf } from './access-tokens.ts';
import { createAttemptLimiter } from './attempt-limit.ts';
import { guessedAccount, type GuessedAccount } from './guessed-account.ts';
import type { TokenSigner } from './id-token-signer.ts';
import { checkPasswordPolicy } from './password-policy.ts';
import type { PoolIds } from './pool-setup.ts';
import { createSecurityEvents, pendingEvent, type SecurityEventSink } from './security-events.ts';
import { createSignInFlows } from './sign-in-flows.ts';
import { createSoftwareTokens, type SoftwareTokens } from './software-token.ts';
import { SrpAuthenticator } from './srp-auth.ts';
import { createUserExistenceMask } from './user-existence.ts';

/**
 * What a browser may call on the public mount: only what the web app uses (Amplify's signIn,
 * confirmSignIn, session refresh, signOut, resetPassword and confirmResetPassword, and the TOTP
 * calls of the two-factor screen: setUpTOTP, verifyTOTPSetup, updateMFAPreference and
 * fetchMFAPreference, which reads GetUser). Everything else (Admin*, ChangePassword, attribute
 * updates: the app has no profile or password screen, and cognito-local would let a user take
 * another user's e-mail address) is refused there; the server's Admin* calls use the loopback endpoint.
 */
export const PUBLIC_TARGETS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

/** Called with an access token, or with the Session of an MFA_SETUP challenge during sign-in. */
const SESSION_OR_TOKEN_TARGETS = new Set(['AssociateSoftwareToken', 'VerifySoftwareToken']);

type Body = Record<string, any>;

export interface CallContext {
  /** 'public' = arrived through the web mount (only PUBLIC_TARGETS); 'internal' = the server's loopback door. */
  exposure: 'public' | 'internal';
  /** The client's address, for logs and rate limits. */
  address?: string;
}

export interface Launcher {
  /** Runs one call; the answer's ID and access tokens are signed with the data folder's key. */
  dispatch(target: string, body: unknown, context: CallContext): Promise<unknown>;
  /** Finds a user by e-mail (any case), internal user name or sub. */
  findUser(username: string): Promise<User | null>;
  /** TOTP MFA of the pool's users (seeding enrols through it). */
  softwareTokens: SoftwareTokens;
}

export function createLauncher(
  engine: CognitoEngine,
  ids: PoolIds,
  issuer: string,
  signer: TokenSigner,
  opts: {
    onSecurityEvent?: SecurityEventSink;
    /** As stacks/auth.ts sets it on AWS: 'OPTIONAL' (default; TOTP offered) or 'ON' (MFA_SETUP at sign-in). */
    mfaConfiguration?: 'OPTIONAL' | 'ON';
  } = {},
): Launcher {
  const srp = new SrpAuthenticator(ids.userPoolId.split('_')[1] ?? '');
  const existence = createUserExistenceMask(srp);
  const accessTokens = createAccessTokenVerifier(signer, { issuer, clientId: ids.clientId, findUser });

  async function pool() {
    return engine.cognito.getUserPool(engine.ctx, ids.userPoolId);
  }

  async function findUser(username: string): Promise<User | null> {
    if (!username) return null;
    const userPool = await pool();
    const exact = await userPool.getUserByUsername(engine.ctx, username);
    if (exact) return exact;
    // Cognito e-mail user names are case-insensitive; cognito-local compares exactly.
    const lower = username.toLowerCase();
    const users = await userPool.listUsers(engine.ctx);
    return users.find((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === lower)) ?? null;
  }

  async function adminListGroupsForUser(body: Body) {
    // cognito-local matches group members by the literal Username, which fails for e-mails.
    const user = await findUser(String(body.Username ?? ''));
    if (!user || body.UserPoolId !== ids.userPoolId) throw userNotFound();
    const userPool = await pool();
    const names = await userPool.listUserGroupMembership(engine.ctx, user);
    const groups = (await userPool.listGroups(engine.ctx)).filter((g) => names.includes(g.GroupName));
    return { Groups: groups.map(groupToResponseObject(ids.userPoolId)) };
  }

  /** The pool's password policy applies to every new password (cognito-local checks none). */
  async function checkNewPassword(password: unknown, parameter: string) {
    checkPasswordPolicy(password, (await pool()).options.Policies?.PasswordPolicy, parameter);
  }

  /** cognito-local's ChangePassword answers a wrong old password with InvalidPasswordException, uncounted. */
  async function changePassword(body: Body, user: User | undefined) {
    if (!user) throw invalidAccessToken();
    if (typeof body.PreviousPassword !== 'string' || body.PreviousPassword !== user.Password) throw incorrectCredentials();
    await checkNewPassword(body.ProposedPassword, 'ProposedPassword');
    return engine.call('ChangePassword', body);
  }

  /** cognito-local lacks GlobalSignOut: forget every refresh token (and so access token) of the user. */
  async function globalSignOut(user: User) {
    const userPool = await pool();
    await engine.exclusive(async () => {
      const current = await userPool.getUserByUsername(engine.ctx, user.Username);
      if (current) await userPool.saveUser(engine.ctx, { ...current, RefreshTokens: [] });
    });
    return {};
  }

  const softwareTokens = createSoftwareTokens({
    findUser,
    saveUser: async (user) => {
      const userPool = await pool();
      await engine.exclusive(() => userPool.saveUser(engine.ctx, user));
    },
    poolMfa: async () => opts.mfaConfiguration ?? 'OPTIONAL',
  });

  /** cognito-local's GetUser / AdminGetUser, with the TOTP settings it does not know about. */
  async function withMfaSettings(target: string, body: Body) {
    const out: Body = await engine.call(target, body);
    const user = await findUser(String(out.Username ?? ''));
    const { UserMFASettingList, PreferredMfaSetting } = user ? softwareTokens.mfaSettings(user) : {};
    return { ...out, UserMFASettingList, PreferredMfaSetting };
  }

  const flows = createSignInFlows({ engine, ids, srp, pool, findUser, checkNewPassword, softwareTokens });
  const attempts = createAttemptLimiter();
  const events = createSecurityEvents({
    findUser,
    groupsOf: async (user) => (await pool()).listUserGroupMembership(engine.ctx, user),
    sink: opts.onSecurityEvent,
  });

  /** Signs the answer's ID and access tokens with our key; the access token names its refresh token. */
  function sealTokens(out: unknown, request: Body): unknown {
    const result = (out as { AuthenticationResult?: Body } | undefined)?.AuthenticationResult;
    if (!result || typeof result.IdToken !== 'string' || typeof result.AccessToken !== 'string') return out;
    const refreshToken = result.RefreshToken ?? request.AuthParameters?.REFRESH_TOKEN ?? request.RefreshToken;
    const origin = typeof refreshToken === 'string' ? { origin_jti: originOf(refreshToken) } : {};
    return {
      ...(out as object),
      AuthenticationResult: { ...result, IdToken: signer.resign(result.IdToken), AccessToken: signer.resign(result.AccessToken, origin) },
    };
  }

  async function dispatch(target: string, body: unknown, context: CallContext) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new CognitoApiError('SerializationException', 'The request body must be a JSON object');
    }
    if (context.exposure === 'public' && !PUBLIC_TARGETS.has(target)) {
      if (target === 'SignUp') throw new CognitoApiError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
      throw new CognitoApiError('AccessDeniedException', `${target} is not available on the public endpoint`, 403);
    }
    const b = body as Body;
    // cognito-local only decodes access tokens: every one is verified here first, on both doors.
    let tokenUser: User | undefined;
    const bySession = SESSION_OR_TOKEN_TARGETS.has(target) && b.AccessToken === undefined && typeof b.Session === 'string';
    if ((ACCESS_TOKEN_TARGETS.has(target) && !bySession) || 'AccessToken' in b) {
      if (b.AccessToken === undefined) throw invalidParameter('Missing required parameter AccessToken');
      tokenUser = await accessTokens.verify(b.AccessToken);
    }
    const where = { via: target, exposure: context.exposure, address: context.address };
    const pending = await pendingEvent(target, b, { tokenUser, userByRefreshToken, mfaSessionUser: softwareTokens.sessionUser });
    // Every call that checks a password or a reset code counts toward the lockout of the account
    // it resolves to, on both doors.
    const guess = await guessedAccount(target, b, { srp, findUser, tokenUser, mfaSessionUser: softwareTokens.sessionUser });
    const lockedBefore = guess ? attempts.isLocked(guess.key, guess.kind) : false;
    try {
      // Unknown accounts answer as existing ones do (user-existence.ts), inside the lockout count.
      const call = () => existence.answer(target, b, () => run(target, b, tokenUser));
      const out = guess ? await attempts.guard(guess.key, guess.kind, call) : await call();
      if (pending) await events.emit(pending.event, pending.who, where, pending.detail);
      return sealTokens(out, b);
    } catch (e) {
      if (guess) await reportFailedGuess(guess, e, lockedBefore, where);
      throw e;
    }
  }

  type Where = { via: string; exposure: CallContext['exposure']; address?: string };

  async function reportFailedGuess(guess: GuessedAccount, e: unknown, lockedBefore: boolean, where: Where) {
    if (lockedBefore) return events.emit('sign-in-refused-locked', guess.key, where, { kind: guess.kind });
    const type = toApiError(e).type;
    if (type !== 'NotAuthorizedException' && type !== 'CodeMismatchException' && type !== 'EnableSoftwareTokenMFAException') return;
    await events.emit(guess.kind === 'code' ? 'reset-code-failed' : 'sign-in-failed', guess.key, where);
    if (attempts.isLocked(guess.key, guess.kind)) await events.emit('account-locked', guess.key, where, { kind: guess.kind });
  }

  async function userByRefreshToken(token: unknown): Promise<User | null> {
    return typeof token === 'string' && token ? (await pool()).getUserByRefreshToken(engine.ctx, token) : null;
  }

  async function run(target: string, body: unknown, tokenUser: User | undefined) {
    switch (target) {
      case 'InitiateAuth':
        return flows.initiateAuth(body as Body);
      case 'RespondToAuthChallenge':
        return flows.respondToAuthChallenge(body as Body);
      case 'GetTokensFromRefreshToken':
        flows.assertClient(body as Body);
        return flows.refresh((body as Body).ClientId, (body as Body).RefreshToken, (body as Body).ClientMetadata);
      case 'AdminListGroupsForUser':
        return adminListGroupsForUser(body as Body);
      case 'GetUser':
      case 'AdminGetUser':
        return withMfaSettings(target, body as Body);
      case 'AssociateSoftwareToken':
        return softwareTokens.associate(body as Body, tokenUser);
      case 'VerifySoftwareToken':
        return softwareTokens.verify(body as Body, tokenUser);
      case 'SetUserMFAPreference':
        return softwareTokens.setPreference(body as Body, tokenUser);
      case 'AdminSetUserMFAPreference':
        if ((body as Body).UserPoolId !== ids.userPoolId) throw userNotFound();
        return softwareTokens.adminSetPreference(body as Body);
      case 'GlobalSignOut':
        if (!tokenUser) throw invalidAccessToken();
        return globalSignOut(tokenUser);
      case 'ChangePassword':
        return changePassword(body as Body, tokenUser);
      case 'ConfirmForgotPassword':
        await checkNewPassword((body as Body).Password, 'Password');
        return engine.call(target, body);
      case 'AdminSetUserPassword':
        await checkNewPassword((body as Body).Password, 'Password');
        return engine.call(target, body);
      default:
        return engine.call(target, body);
    }
  }

  return { dispatch, findUser, softwareTokens };
}

