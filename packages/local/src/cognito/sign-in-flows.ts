/**
 * The sign-in flows the launcher adds to cognito-local: USER_SRP_AUTH (PASSWORD_VERIFIER),
 * USER_PASSWORD_AUTH with the password really checked, refresh (REFRESH_TOKEN_AUTH and Amplify's
 * GetTokensFromRefreshToken), and challenge answers that continue only sessions we issued.
 */
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import type { CognitoEngine } from './cognito-engine.ts';
import { CognitoApiError, incorrectCredentials, invalidParameter, userDisabled, userNotFound } from './cognito-errors.ts';
import type { PoolIds } from './pool-setup.ts';
import type { SoftwareTokens } from './software-token.ts';
import type { SrpAuthenticator } from './srp-auth.ts';

/** Sessions we handed out with a challenge, so a challenge answer cannot be forged. */
const SESSION_TTL_MS = 5 * 60_000;
/** cognito-local appends a refresh token per sign-in and never forgets one; keep the newest. */
const MAX_REFRESH_TOKENS = 50;

type Body = Record<string, any>;

export interface SignInFlows {
  assertClient(body: Body): void;
  initiateAuth(body: Body): Promise<unknown>;
  refresh(clientId: string, refreshToken: unknown, clientMetadata: unknown): Promise<unknown>;
  respondToAuthChallenge(body: Body): Promise<unknown>;
}

export function createSignInFlows(deps: {
  engine: CognitoEngine;
  ids: PoolIds;
  srp: SrpAuthenticator;
  pool(): Promise<UserPoolService>;
  findUser(username: string): Promise<User | null>;
  checkNewPassword(password: unknown, parameter: string): Promise<void>;
  /** TOTP MFA: the challenge after the password, and its answer (software-token.ts). */
  softwareTokens: SoftwareTokens;
}): SignInFlows {
  const { engine, ids, srp, pool, findUser, checkNewPassword, softwareTokens } = deps;
  const sessions = new Map<string, { userId: string; expires: number }>();

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

  /**
   * The password is right: a user with TOTP MFA gets its challenge first (cognito-local never sees
   * MFA), everyone else goes on to tokens.
   */
  async function signInVerified(user: User, body: Body) {
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
      const challenge = await softwareTokens.challengeFor(user, body.ClientId);
      if (challenge) return challenge;
    }
    return issueTokens(user, body);
  }

  /** Hands a verified user to cognito-local's USER_PASSWORD_AUTH and remembers any challenge session. */
  async function issueTokens(user: User, body: Body) {
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
    if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA' || body.ChallengeName === 'MFA_SETUP') {
      const user = await softwareTokens.answerChallenge(body);
      return issueTokens(user, { ClientId: body.ClientId, ClientMetadata: body.ClientMetadata });
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

  return { assertClient, initiateAuth, refresh, respondToAuthChallenge };
}

function isExpiredJwt(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' && payload.exp * 1000 < Date.now();
  } catch {
    return false;
  }
}
