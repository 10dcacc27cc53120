/**
 * Security events of the local sign-in (failed sign-ins, lockouts, password changes, sign-outs,
 * group changes, reset requests, two-factor changes) handed to a sink: the local stack writes them to the server log
 * as JSON lines and, for administrators' accounts, to the audit log (`packages/local/src/security-log.ts`).
 * Never a password, code or token: only who (as resolved), what, from where.
 */
import type { User } from 'cognito-local/lib/services/userPoolService.js';

export type SecurityEventName =
  | 'sign-in-failed'
  | 'sign-in-refused-locked'
  | 'account-locked'
  | 'reset-code-failed'
  | 'password-changed'
  | 'signed-out'
  | 'group-changed'
  | 'forgot-password-requested'
  | 'mfa-changed';

export interface SecurityEvent {
  event: SecurityEventName;
  /** The account's e-mail and sub when the call resolved to one; else the name as given. */
  email?: string;
  sub?: string;
  username?: string;
  /** The account is in the `admins` group. */
  admin: boolean;
  /** The Cognito call that caused it, e.g. "RespondToAuthChallenge". */
  via: string;
  exposure: 'public' | 'internal';
  address?: string;
  detail?: Record<string, string>;
}

export type SecurityEventSink = (event: SecurityEvent) => void | Promise<void>;

/** A security event to send when the call succeeds, with the account it concerns (found before the call). */
export interface PendingEvent {
  event: SecurityEventName;
  who: User | string | undefined;
  detail?: Record<string, string>;
}

type Body = Record<string, any>;

/** What a successful `target` call means for security, if anything. */
export async function pendingEvent(
  target: string,
  body: Body,
  deps: { tokenUser?: User; userByRefreshToken(token: unknown): Promise<User | null>; mfaSessionUser?(session: unknown): string | undefined },
): Promise<PendingEvent | undefined> {
  switch (target) {
    case 'ChangePassword':
      return { event: 'password-changed', who: deps.tokenUser };
    case 'ConfirmForgotPassword':
      return { event: 'password-changed', who: body.Username, detail: { how: 'reset code' } };
    case 'AdminSetUserPassword':
      return { event: 'password-changed', who: body.Username, detail: { how: 'administrator' } };
    case 'RespondToAuthChallenge':
      if (body.ChallengeName === 'MFA_SETUP') return { event: 'mfa-changed', who: deps.mfaSessionUser?.(body.Session), detail: { totp: 'on', how: 'at sign-in' } };
      return body.ChallengeName === 'NEW_PASSWORD_REQUIRED'
        ? { event: 'password-changed', who: body.ChallengeResponses?.USERNAME, detail: { how: 'first sign-in' } }
        : undefined;
    case 'GlobalSignOut':
      return { event: 'signed-out', who: deps.tokenUser, detail: { scope: 'global' } };
    case 'SetUserMFAPreference': {
      const enabled = body.SoftwareTokenMfaSettings?.Enabled;
      return typeof enabled === 'boolean' ? { event: 'mfa-changed', who: deps.tokenUser, detail: { totp: enabled ? 'on' : 'off' } } : undefined;
    }
    case 'AdminSetUserMFAPreference': {
      const enabled = body.SoftwareTokenMfaSettings?.Enabled;
      return typeof enabled === 'boolean' ? { event: 'mfa-changed', who: body.Username, detail: { totp: enabled ? 'on' : 'off', how: 'administrator' } } : undefined;
    }
    case 'VerifySoftwareToken':
      return { event: 'mfa-changed', who: deps.tokenUser ?? deps.mfaSessionUser?.(body.Session), detail: { totp: 'authenticator app verified' } };
    case 'RevokeToken':
      return { event: 'signed-out', who: (await deps.userByRefreshToken(body.Token)) ?? undefined, detail: { scope: 'this session' } };
    case 'ForgotPassword':
      return { event: 'forgot-password-requested', who: body.Username };
    case 'AdminAddUserToGroup':
    case 'AdminRemoveUserFromGroup':
      return {
        event: 'group-changed',
        who: body.Username,
        detail: { group: String(body.GroupName ?? ''), change: target === 'AdminAddUserToGroup' ? 'added' : 'removed' },
      };
    default:
      return undefined;
  }
}

export interface SecurityEvents {
  emit(
    event: SecurityEventName,
    who: User | string | undefined,
    context: { via: string; exposure: 'public' | 'internal'; address?: string },
    detail?: Record<string, string>,
  ): Promise<void>;
}

export function createSecurityEvents(deps: {
  findUser(name: string): Promise<User | null>;
  groupsOf(user: User): Promise<readonly string[]>;
  sink?: SecurityEventSink;
}): SecurityEvents {
  return {
    async emit(event, who, context, detail) {
      if (!deps.sink) return;
      try {
        const user = typeof who === 'string' ? await deps.findUser(who) : who;
        const attribute = (name: string) => user?.Attributes?.find((a) => a.Name === name)?.Value;
        await deps.sink({
          event,
          ...(user
            ? { email: attribute('email'), sub: attribute('sub') ?? user.Username }
            : typeof who === 'string'
              ? { username: who.slice(0, 200) }
              : {}),
          admin: user ? (await deps.groupsOf(user)).includes('admins') : false,
          ...context,
          ...(detail ? { detail } : {}),
        });
      } catch {
        // A sink that fails (log or audit write) must not change the answer of the call.
      }
    },
  };
}
