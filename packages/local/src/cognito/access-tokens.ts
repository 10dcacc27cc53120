/**
 * Access tokens of the local pool. cognito-local only decodes the AccessToken of GetUser,
 * ChangePassword, GlobalSignOut, the MFA calls … so an unsigned token naming any user was accepted.
 * The launcher now issues access tokens signed with the data folder's key, bound to the refresh
 * token of their sign-in (`origin_jti`, as Cognito's own tokens carry), and verifies every access
 * token it is handed before cognito-local sees it.
 */
import { createHash } from 'node:crypto';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { CognitoApiError, userDisabled } from './cognito-errors.ts';
import type { TokenSigner } from './id-token-signer.ts';

/** Cognito's targets that take an AccessToken (any other call carrying one is verified too). */
export const ACCESS_TOKEN_TARGETS = new Set([
  'ChangePassword',
  'GetUser',
  'GlobalSignOut',
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'ConfirmDevice',
  'ForgetDevice',
  'GetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
]);

export const invalidAccessToken = () => new CognitoApiError('NotAuthorizedException', 'Invalid Access Token');

/** What an access token carries to name the refresh token (the sign-in) it came from. */
export function originOf(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('base64url');
}

export interface AccessTokenVerifier {
  /** The user an access token belongs to; throws Cognito's NotAuthorizedException otherwise. */
  verify(token: unknown, now?: number): Promise<User>;
}

export function createAccessTokenVerifier(
  signer: TokenSigner,
  opts: { issuer: string; clientId: string; findUser(sub: string): Promise<User | null> },
): AccessTokenVerifier {
  return {
    async verify(token, now = Date.now()) {
      const claims = signer.verify(token);
      if (
        !claims ||
        claims.iss !== opts.issuer ||
        claims.token_use !== 'access' ||
        claims.client_id !== opts.clientId ||
        typeof claims.sub !== 'string' ||
        typeof claims.username !== 'string' ||
        typeof claims.exp !== 'number'
      ) {
        throw invalidAccessToken();
      }
      if (claims.exp * 1000 <= now) throw new CognitoApiError('NotAuthorizedException', 'Access Token has expired');
      const user = await opts.findUser(claims.sub);
      const sub = user?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user?.Username;
      // cognito-local reads `username` in some calls and `sub` in others: both must name this user.
      if (!user || user.Username !== claims.username || sub !== claims.sub) throw invalidAccessToken();
      if (user.Enabled === false) throw userDisabled();
      // A global sign-out (or RevokeToken) forgets the refresh token, and with it its access tokens.
      const origin = claims.origin_jti;
      if (typeof origin !== 'string' || !(user.RefreshTokens ?? []).some((t) => originOf(t) === origin)) {
        throw new CognitoApiError('NotAuthorizedException', 'Access Token has been revoked');
      }
      return user;
    },
  };
}
