/**
 * Which account a password- or code-checking call is a guess for, as the launcher RESOLVES it,
 * not as the client names it: the lockout must count where the secret is checked. SRP checks the
 * password of the user sealed in SECRET_BLOCK (ChallengeResponses.USERNAME is only an echo, so a
 * missing or random one must not dodge the count); ChangePassword checks the token's user.
 */
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import type { SrpAuthenticator } from './srp-auth.ts';

export interface GuessedAccount {
  kind: 'sign-in' | 'code';
  /** The internal user name when the account exists, else the name as given (unknown names are limited too). */
  key: string;
}

type Body = Record<string, any>;

export async function guessedAccount(
  target: string,
  body: Body,
  deps: {
    srp: SrpAuthenticator;
    findUser(name: string): Promise<User | null>;
    tokenUser?: User;
    /** The user of a TOTP challenge session (software-token.ts): wrong codes count toward its lockout. */
    mfaSessionUser?(session: unknown): string | undefined;
  },
): Promise<GuessedAccount | undefined> {
  const byName = async (kind: GuessedAccount['kind'], name: unknown) =>
    typeof name === 'string' && name ? { kind, key: (await deps.findUser(name))?.Username ?? name } : undefined;
  switch (target) {
    case 'ConfirmForgotPassword':
      return byName('code', body.Username);
    case 'InitiateAuth':
      return body.AuthFlow === 'USER_PASSWORD_AUTH' ? byName('sign-in', body.AuthParameters?.USERNAME) : undefined;
    case 'ChangePassword':
      return deps.tokenUser ? { kind: 'sign-in', key: deps.tokenUser.Username } : undefined;
    case 'VerifySoftwareToken': {
      // By Session: the enrolment of an MFA_SETUP sign-in (by access token the user is signed in already).
      const user = body.AccessToken === undefined ? deps.mfaSessionUser?.(body.Session) : undefined;
      return user ? { kind: 'sign-in', key: user } : undefined;
    }
    case 'RespondToAuthChallenge': {
      if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
        const user = deps.mfaSessionUser?.(body.Session);
        return user ? { kind: 'sign-in', key: user } : undefined;
      }
      if (body.ChallengeName !== 'PASSWORD_VERIFIER') return undefined;
      const block = body.ChallengeResponses?.PASSWORD_CLAIM_SECRET_BLOCK;
      if (typeof block !== 'string') return undefined;
      try {
        return { kind: 'sign-in', key: deps.srp.openChallenge(block, body.ClientId).userId };
      } catch {
        return undefined; // a forged or stale block is refused before any password is checked
      }
    }
    default:
      return undefined;
  }
}
