/**
 * Answers that do not tell whether an account exists, as Cognito gives them with
 * `preventUserExistenceErrors: ENABLED` (issue 26, item 8; the stack sets it on AWS). cognito-local
 * and the launcher's flows answer `UserNotFoundException` for an unknown name; here that becomes
 * what an existing account with a wrong secret gets:
 * - InitiateAuth USER_PASSWORD_AUTH: NotAuthorizedException "Incorrect username or password."
 * - InitiateAuth USER_SRP_AUTH: a PASSWORD_VERIFIER challenge like any other (for a phantom user,
 *   the same for the same name), whose answer then fails as a wrong password does;
 * - ForgotPassword: a code "sent" to a masked address (real answers are masked the same way);
 * - ConfirmForgotPassword: CodeMismatchException.
 * Kept as a mapping of answers, apart from the sign-in flows themselves.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { CognitoApiError, incorrectCredentials, toApiError } from './cognito-errors.ts';
import type { SrpAuthenticator } from './srp-auth.ts';

type Body = Record<string, any>;

/** "ada.auditor@example.com" → "a***@e***", as Cognito shows a delivery address. */
export function maskDestination(address: string): string {
  const at = address.indexOf('@');
  if (at < 1) return `${address.slice(0, 1)}***`;
  return `${address.slice(0, 1)}***@${address.slice(at + 1, at + 2)}***`;
}

function maskDelivery(out: unknown): unknown {
  const details = (out as { CodeDeliveryDetails?: Body } | undefined)?.CodeDeliveryDetails;
  if (!details || typeof details.Destination !== 'string') return out;
  return { ...(out as Body), CodeDeliveryDetails: { ...details, Destination: maskDestination(details.Destination) } };
}

export function createUserExistenceMask(srp: SrpAuthenticator) {
  // Phantom users get a stable id per name (a uuid shape like real ones), unknown to anyone else.
  const key = randomBytes(32);
  const phantomId = (name: string) => {
    const h = createHmac('sha256', key).update(name.trim().toLowerCase()).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };

  /** Runs a call and turns "no such user" into the answer an existing user would get. */
  async function answer(target: string, body: Body, call: () => Promise<unknown>): Promise<unknown> {
    try {
      const out = await call();
      return target === 'ForgotPassword' || target === 'ResendConfirmationCode' ? maskDelivery(out) : out;
    } catch (e) {
      if (toApiError(e).type !== 'UserNotFoundException') throw e;
      const name = String(body.Username ?? body.AuthParameters?.USERNAME ?? '');
      switch (target) {
        case 'InitiateAuth':
          if (body.AuthFlow === 'USER_SRP_AUTH' && typeof body.AuthParameters?.SRP_A === 'string') {
            return srp.startChallenge({ userId: phantomId(name), password: randomBytes(24).toString('base64') }, body.ClientId, body.AuthParameters.SRP_A);
          }
          throw incorrectCredentials();
        case 'RespondToAuthChallenge':
          throw incorrectCredentials();
        case 'ForgotPassword':
        case 'ResendConfirmationCode':
          return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskDestination(name) } };
        case 'ConfirmForgotPassword':
          throw new CognitoApiError('CodeMismatchException', 'Incorrect confirmation code');
        default:
          throw e;
      }
    }
  }
  return { answer };
}
