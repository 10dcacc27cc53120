/**
 * Identity port on Cognito: ID tokens verified with `jose` against the issuer and JWKS URL from
 * config (so a deployed stage, configured with its own pool, never accepts local tokens), and
 * invitations through AdminCreateUser (Cognito e-mails them on AWS; locally the temporary password
 * is handed to `onInvite`), and whether a user has TOTP MFA on (AdminGetUser, for the admin check).
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../../config/index.ts';
import { AUTH_REQUIRED, VisibleError } from '../../http/errors.ts';
import type { Caller, Identity } from '../../ports/index.ts';
import { generateTemporaryPassword } from './temporary-password.ts';

export interface IdentityOptions {
  /** Local mode: told the temporary password of each invited user (to log it / write it to the data folder). */
  onInvite?: (email: string, temporaryPassword: string) => Promise<void>;
  /** Cognito endpoint override (the local user pool's loopback endpoint). */
  cognitoEndpoint?: string;
}

/** How long a verified ID token is remembered (never past its `exp`), and how many at most. */
const VERIFIED_TTL_MS = 60_000;
const MAX_VERIFIED = 10_000;
/**
 * How long "this user has TOTP on" is remembered: turning it off reaches the admin check within a
 * minute. "Off" is never remembered, so an administrator who just enrolled is let in at once.
 */
export const MFA_CACHE_TTL_MS = 60_000;

export function createIdentity(config: AppConfig, opts: IdentityOptions = {}): Identity {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl));
  const isLocal = config.mode === 'local';
  let client: CognitoIdentityProviderClient | undefined;
  const cognito = () => {
    if (isLocal && !opts.cognitoEndpoint) {
      throw new Error('Local mode needs createIdentity(config, { cognitoEndpoint }) (LocalCognito.endpoint) to manage users');
    }
    return (client ??= new CognitoIdentityProviderClient({
      region: config.region,
      ...(opts.cognitoEndpoint
        ? {
            endpoint: opts.cognitoEndpoint,
            // cognito-local ignores signatures; the SDK still wants credentials to sign with.
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
    }));
  };
  const mfaOn = new Map<string, number>();
  const send = async (command: AdminCreateUserCommand) => {
    try {
      await cognito().send(command);
    } catch (e) {
      if ((e as Error).name === 'UsernameExistsException') {
        throw new VisibleError('CONFLICT', 'A user with this e-mail address already exists');
      }
      throw e;
    }
  };

  async function verifyUncached(token: string): Promise<{ caller: Caller; exp: number }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        audience: config.userPoolClientId,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new VisibleError('UNAUTHENTICATED', AUTH_REQUIRED);
    }
    const groups = payload['cognito:groups'];
    if (payload.token_use !== 'id' || typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new VisibleError('UNAUTHENTICATED', AUTH_REQUIRED);
    }
    const caller: Caller = {
      sub: payload.sub,
      email: payload.email,
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    };
    return { caller, exp: typeof payload.exp === 'number' ? payload.exp : 0 };
  }

  // Verified tokens for a minute (never past their expiry): a signed-in page calls the API many
  // times with one token, and each RS256 check cost the server thread more than the rest of a
  // cached read (issue 26, item 9). Bounded; the oldest are forgotten first.
  const verified = new Map<string, { caller: Caller; until: number }>();

  return {
    async verifyIdToken(token: string): Promise<Caller> {
      const now = Date.now();
      const hit = verified.get(token);
      if (hit && hit.until > now) return { ...hit.caller, groups: [...hit.caller.groups] };
      if (hit) verified.delete(token);
      const caller = await verifyUncached(token);
      const exp = caller.exp * 1000;
      verified.set(token, { caller: caller.caller, until: Math.min(exp, now + VERIFIED_TTL_MS) });
      if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value!);
      return { ...caller.caller, groups: [...caller.caller.groups] };
    },

    async hasTotpMfa(caller) {
      const now = Date.now();
      const until = mfaOn.get(caller.sub);
      if (until !== undefined && until > now) return true;
      mfaOn.delete(caller.sub);
      // AdminGetUser (cognito-idp:AdminGetUser on the pool only, stacks/api-function.ts); locally the
      // same call reaches the local pool's loopback endpoint. The user name of an e-mail pool is the sub.
      let settings: string[];
      try {
        const out = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: caller.sub }));
        settings = out.UserMFASettingList ?? [];
      } catch (e) {
        if ((e as Error).name === 'UserNotFoundException') return false;
        throw e;
      }
      const on = settings.includes('SOFTWARE_TOKEN_MFA');
      if (on) {
        mfaOn.set(caller.sub, now + MFA_CACHE_TTL_MS);
        if (mfaOn.size > MAX_VERIFIED) mfaOn.delete(mfaOn.keys().next().value!);
      }
      return on;
    },

    async inviteUser(input) {
      const attributes: AttributeType[] = [
        { Name: 'email', Value: input.email },
        { Name: 'email_verified', Value: 'true' },
      ];
      if (input.firstName) attributes.push({ Name: 'given_name', Value: input.firstName });
      if (input.lastName) attributes.push({ Name: 'family_name', Value: input.lastName });
      if (!isLocal) {
        // Cognito generates the temporary password and sends the invitation e-mail itself.
        await send(
          new AdminCreateUserCommand({
            UserPoolId: config.userPoolId,
            Username: input.email,
            UserAttributes: attributes,
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
        return {};
      }
      const temporaryPassword = generateTemporaryPassword();
      await send(
        new AdminCreateUserCommand({
          UserPoolId: config.userPoolId,
          Username: input.email,
          UserAttributes: attributes,
          TemporaryPassword: temporaryPassword,
          MessageAction: 'SUPPRESS',
        }),
      );
      await opts.onInvite?.(input.email, temporaryPassword);
      return { temporaryPassword };
    },
  };
}
