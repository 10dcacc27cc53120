/**
 * The launcher in front of cognito-local: dispatches one Cognito JSON call (by X-Amz-Target) and
 * adds what Amplify v6 needs and cognito-local lacks (USER_SRP_AUTH, GetTokensFromRefreshToken),
 * Cognito's error wording, and a few fixes (see ARCHITECTURE.md "Sharp edges").
 */
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { groupToResponseObject } from 'cognito-local/lib/targets/responses.js';
import type { CognitoEngine } from './cognito-engine.ts';
import {
  CognitoApiError,
  incorrectCredentials,
  invalidParameter,
  userDisabled,
  userNotFound,
} from './cognito-errors.ts';
import { ACCESS_TOKEN_TARGETS, createAccessTokenVerifier, invalidAccessToken, originOf } from './access-tokens.ts';
import { createAttemptLimiter } from './attempt-limit.ts';
import { guessedAccount } from './guessed-account.ts';
import type { TokenSigner } from './id-token-signer.ts';
import { checkPasswordPolicy } from './password-policy.ts';
import type { PoolIds } from './pool-setup.ts';
import { SrpAuthenticator } from './srp-auth.ts';

/**
 * What a browser may call on the public mount: only what the web app uses (Amplify's signIn,
 * confirmSignIn, session refresh, signOut, resetPassword and confirmResetPassword). Everything
 * else (Admin*, GetUser, ChangePassword, MFA, attribute updates: the app has no profile or
 * password screen, and cognito-local would let a user take another user's e-mail address) is
 * refused there; the server's Admin* calls use the loopback endpoint.
 */
export const PUBLIC_TARGETS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'RevokeToken',
  'GlobalSignOut',
]);

/** Sessions we handed out with a challenge, so a challenge answer cannot be forged. */
const SESSION_TTL_MS = 5 * 60_000;
/** cognito-local appends a refresh token per sign-in and never forgets one; keep the newest. */
const MAX_REFRESH_TOKENS = 50;

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
}

export function createLauncher(engine: CognitoEngine, ids: PoolIds, issuer: string, signer: TokenSigner): Launcher {
  const srp = new SrpAuthenticator(ids.userPoolId.split('_')[1] ?? '');
  const sessions = new Map<string, { userId: string; expires: number }>();
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

  function assertClient(body: Body) {
    if (body.ClientId !== ids.clientId) {
      throw new CognitoApiError('ResourceNotFoundException', `User pool client ${String(body.ClientId)} does not exist.`);
    }
  }

  async function usableUser(username: unknown): Promise<User> {
    if (typeof username !== 'string' || !username) throw invalidParameter('Missing required parameter USERNAME');
    const user = await findUser(username);
    if (!user) throw userNotFound();
    if (user.Enabled === false) throw userDisabled();
    return user;
  }

  /** Records a refresh token for its user (cognito-local forgets those issued by challenge answers). */
  async function keepRefreshToken(username: string, refreshToken: unknown) {
    if (typeof refreshToken !== 'string') return;
    const userPool = await pool();
    await engine.exclusive(async () => {
      const user = await userPool.getUserByUsername(engine.ctx, username);
      if (!user) return;
      const tokens = (user.RefreshTokens ?? []).filter((t) => t !== refreshToken);
      tokens.push(refreshToken);
      await userPool.saveUser(engine.ctx, { ...user, RefreshTokens: tokens.slice(-MAX_REFRESH_TOKENS) });
    });
  }

  /** Hands a verified user to cognito-local's USER_PASSWORD_AUTH and remembers any challenge session. */
  async function signInVerified(user: User, body: Body) {
    const result: Body = await engine.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: body.ClientId,
      ClientMetadata: body.ClientMetadata,
      AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
    });
    if (result.Session) sessions.set(result.Session, { userId: user.Username, expires: Date.now() + SESSION_TTL_MS });
    await keepRefreshToken(user.Username, result.AuthenticationResult?.RefreshToken);
    return result;
  }

  async function initiateAuth(body: Body) {
    assertClient(body);
    const params: Body = body.AuthParameters ?? {};
    switch (body.AuthFlow) {
      case 'USER_SRP_AUTH': {
        const user = await usableUser(params.USERNAME);
        if (typeof params.SRP_A !== 'string') throw invalidParameter('Missing required parameter SRP_A');
        return srp.startChallenge({ userId: user.Username, password: user.Password }, body.ClientId, params.SRP_A);
      }
      case 'USER_PASSWORD_AUTH': {
        const user = await usableUser(params.USERNAME);
        // cognito-local skips the password check for FORCE_CHANGE_PASSWORD users.
        if (user.Password !== params.PASSWORD) throw incorrectCredentials();
        return signInVerified(user, body);
      }
      case 'REFRESH_TOKEN':
      case 'REFRESH_TOKEN_AUTH':
        return refresh(body.ClientId, params.REFRESH_TOKEN, body.ClientMetadata);
      default:
        throw invalidParameter(`Unsupported AuthFlow ${String(body.AuthFlow)}: use USER_SRP_AUTH, USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH`);
    }
  }

  async function refresh(clientId: string, refreshToken: unknown, clientMetadata: unknown) {
    if (typeof refreshToken !== 'string' || !refreshToken) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
    const user = await (await pool()).getUserByRefreshToken(engine.ctx, refreshToken);
    if (!user) throw new CognitoApiError('NotAuthorizedException', 'Invalid Refresh Token');
    if (user.Enabled === false) throw userDisabled();
    if (isExpiredJwt(refreshToken)) throw new CognitoApiError('NotAuthorizedException', 'Refresh Token has expired');
    const result: Body = await engine.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      ClientMetadata: clientMetadata,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    return {
      ChallengeParameters: {},
      AuthenticationResult: {
        AccessToken: result.AuthenticationResult.AccessToken,
        IdToken: result.AuthenticationResult.IdToken,
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
    };
  }

  async function respondToAuthChallenge(body: Body) {
    assertClient(body);
    const responses: Body = body.ChallengeResponses ?? {};
    if (body.ChallengeName === 'PASSWORD_VERIFIER') {
      const block = responses.PASSWORD_CLAIM_SECRET_BLOCK;
      const signature = responses.PASSWORD_CLAIM_SIGNATURE;
      const timestamp = responses.TIMESTAMP;
      if (typeof block !== 'string' || typeof signature !== 'string' || typeof timestamp !== 'string') {
        throw invalidParameter('PASSWORD_VERIFIER needs PASSWORD_CLAIM_SECRET_BLOCK, PASSWORD_CLAIM_SIGNATURE and TIMESTAMP');
      }
      const challenge = srp.openChallenge(block, body.ClientId);
      const user = await findUser(challenge.userId);
      if (!user) throw incorrectCredentials();
      if (user.Enabled === false) throw userDisabled();
      if (!srp.verifySignature(challenge, user.Password, { secretBlock: block, timestamp, signature })) {
        throw incorrectCredentials();
      }
      return signInVerified(user, body);
    }
    // Other challenges continue a session we issued (cognito-local accepts any Session string).
    const session = typeof body.Session === 'string' ? sessions.get(body.Session) : undefined;
    const user = await findUser(String(responses.USERNAME ?? ''));
    if (!session || session.expires < Date.now() || !user || user.Username !== session.userId) {
      throw new CognitoApiError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw incorrectCredentials();
      await checkNewPassword(responses.NEW_PASSWORD, 'NEW_PASSWORD');
    }
    sessions.delete(body.Session);
    const result: Body = await engine.call('RespondToAuthChallenge', {
      ...body,
      ChallengeResponses: { ...responses, USERNAME: user.Username },
    });
    await keepRefreshToken(user.Username, result.AuthenticationResult?.RefreshToken);
    return result;
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

  const attempts = createAttemptLimiter();

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
    if (ACCESS_TOKEN_TARGETS.has(target) || 'AccessToken' in b) {
      if (b.AccessToken === undefined) throw invalidParameter('Missing required parameter AccessToken');
      tokenUser = await accessTokens.verify(b.AccessToken);
    }
    return sealTokens(await guarded(target, b, tokenUser), b);
  }

  async function guarded(target: string, b: Body, tokenUser: User | undefined) {
    // Every call that checks a password or a reset code counts toward the lockout of the account
    // it resolves to, on both doors.
    const guess = await guessedAccount(target, b, { srp, findUser, tokenUser });
    if (guess) return attempts.guard(guess.key, guess.kind, () => run(target, b, tokenUser));
    return run(target, b, tokenUser);
  }

  async function run(target: string, body: unknown, tokenUser: User | undefined) {
    switch (target) {
      case 'InitiateAuth':
        return initiateAuth(body as Body);
      case 'RespondToAuthChallenge':
        return respondToAuthChallenge(body as Body);
      case 'GetTokensFromRefreshToken':
        assertClient(body as Body);
        return refresh((body as Body).ClientId, (body as Body).RefreshToken, (body as Body).ClientMetadata);
      case 'AdminListGroupsForUser':
        return adminListGroupsForUser(body as Body);
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

  return { dispatch, findUser };
}

function isExpiredJwt(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' && payload.exp * 1000 < Date.now();
  } catch {
    return false;
  }
}
