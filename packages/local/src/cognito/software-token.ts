/**
 * TOTP multi-factor authentication (Cognito's "software token" MFA) on the local pool, as Amplify
 * v6 calls it and Cognito answers it. cognito-local's own TOTP support cannot enrol during sign-in
 * (MFA_SETUP), accepts a code twice and trusts any Session string, so the launcher answers these
 * calls itself:
 * - AssociateSoftwareToken: a new secret (base32, 160 bits) by access token, or by the Session of
 *   an MFA_SETUP challenge (answering a new Session);
 * - VerifySoftwareToken: the first code of that secret (UserCode, FriendlyDeviceName), by access
 *   token or Session;
 * - SetUserMFAPreference (SoftwareTokenMfaSettings: Enabled, PreferredMfa), and the operator's
 *   AdminSetUserMFAPreference (loopback door only) for a user who lost the app; GetUser and
 *   AdminGetUser then list SOFTWARE_TOKEN_MFA in UserMFASettingList / PreferredMfaSetting;
 * - sign-in: a user with TOTP enabled gets the SOFTWARE_TOKEN_MFA challenge (answered with
 *   SOFTWARE_TOKEN_MFA_CODE); on a pool whose MfaConfiguration is ON, a user without it gets
 *   MFA_SETUP.
 * Codes: 30-second steps, 6 digits, one step either side accepted; a code is accepted only for a
 * step after the last one accepted for that user (no replay, RFC 6238 §5.2). Challenge sessions
 * are random, live 3 minutes (as Cognito's), are forgotten when answered and after 3 wrong codes.
 * The secret lives on the user record next to the password (the data folder is owner-only) and
 * is never logged: cognito-local's logger is silent and the security events carry no codes.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { CognitoApiError, invalidParameter } from './cognito-errors.ts';

export const TOTP_SETTINGS = { period: 30, digits: 6, window: 1, algorithm: 'SHA1' } as const;
/** Cognito's sign-in sessions last 3 minutes. */
export const MFA_SESSION_TTL_MS = 3 * 60_000;
/** Wrong codes one challenge session takes before it is forgotten (each also counts toward the lockout). */
export const MAX_WRONG_CODES_PER_SESSION = 3;

/** What the user record holds (field `LocalSoftwareToken`; cognito-local's responses never include it). */
export interface SoftwareTokenRecord {
  /** The verified secret (base32) codes are checked against. */
  secret?: string;
  /** A secret handed out by AssociateSoftwareToken and not yet verified. */
  pending?: string;
  /** TOTP MFA is on for sign-in (SetUserMFAPreference, or a completed MFA_SETUP). */
  enabled: boolean;
  preferred: boolean;
  deviceName?: string;
  /** The last time step a code was accepted for (replay guard). */
  lastStep?: number;
}

type MfaUser = User & { LocalSoftwareToken?: SoftwareTokenRecord };
type Body = Record<string, any>;

export const codeMismatch = () => new CognitoApiError('CodeMismatchException', 'Invalid code received for user');
export const enrolCodeMismatch = () => new CognitoApiError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
export const invalidSession = () => new CognitoApiError('NotAuthorizedException', 'Invalid session for the user, session is expired.');

/** A new TOTP secret as Cognito's SecretCode: 20 random bytes in base32 (32 characters). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), period: TOTP_SETTINGS.period, digits: TOTP_SETTINGS.digits, algorithm: TOTP_SETTINGS.algorithm });
}

/** The time step of `now` (milliseconds). */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_SETTINGS.period);
}

/**
 * The step a code is accepted for, or undefined when it is wrong, outside the window, or not
 * newer than `lastStep` (a code already used, or an older one).
 */
export function acceptTotpCode(secret: string, code: unknown, lastStep: number | undefined, now: number): number | undefined {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_SETTINGS.window });
  if (delta === null) return undefined;
  const step = totpStep(now) + delta;
  if (lastStep !== undefined && step <= lastStep) return undefined;
  return step;
}

interface MfaSession {
  userId: string;
  clientId: string;
  /** SOFTWARE_TOKEN_MFA: waits for a code. MFA_SETUP: waits for AssociateSoftwareToken, then VerifySoftwareToken, then the answer. */
  challenge: 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP';
  stage: 'challenge' | 'associated' | 'verified';
  secret?: string;
  expires: number;
  wrong: number;
}

export interface SoftwareTokens {
  /** UserMFASettingList / PreferredMfaSetting as GetUser and AdminGetUser answer them. */
  mfaSettings(user: User): { UserMFASettingList?: string[]; PreferredMfaSetting?: string };
  /** The MFA challenge this user must answer after the password, if any. */
  challengeFor(user: User, clientId: string): Promise<Body | undefined>;
  /** Answers a SOFTWARE_TOKEN_MFA or MFA_SETUP challenge; the user to issue tokens to. */
  answerChallenge(body: Body): Promise<User>;
  associate(body: Body, tokenUser: User | undefined): Promise<Body>;
  verify(body: Body, tokenUser: User | undefined): Promise<Body>;
  setPreference(body: Body, tokenUser: User | undefined): Promise<Body>;
  /** AdminSetUserMFAPreference (the loopback door only): an operator turns TOTP off for a user who lost the app. */
  adminSetPreference(body: Body): Promise<Body>;
  /** The user a challenge session belongs to (for the lockout count), if it is one of ours. */
  sessionUser(session: unknown): string | undefined;
  /** Seeding: TOTP enabled with this secret (only the local stack's start-up and tests call it). */
  enrol(user: User, secret: string): Promise<void>;
}

export function createSoftwareTokens(deps: {
  findUser(name: string): Promise<User | null>;
  saveUser(user: User): Promise<void>;
  /** The pool's MfaConfiguration ('OFF', 'ON' or 'OPTIONAL'). */
  poolMfa(): Promise<string | undefined>;
  now?: () => number;
}): SoftwareTokens {
  const now = deps.now ?? Date.now;
  const sessions = new Map<string, MfaSession>();
  const recordOf = (user: User): SoftwareTokenRecord => (user as MfaUser).LocalSoftwareToken ?? { enabled: false, preferred: false };

  async function update(user: User, change: (r: SoftwareTokenRecord) => SoftwareTokenRecord) {
    // Re-read: the record may have changed since the caller found the user (another sign-in).
    const current = (await deps.findUser(user.Username)) ?? user;
    await deps.saveUser({ ...current, LocalSoftwareToken: change(recordOf(current)), UserLastModifiedDate: new Date(now()) } as MfaUser);
  }

  function openSession(s: Omit<MfaSession, 'expires' | 'wrong'>): string {
    const t = now();
    for (const [id, old] of sessions) if (old.expires < t) sessions.delete(id);
    const id = randomBytes(48).toString('base64url');
    sessions.set(id, { ...s, expires: t + MFA_SESSION_TTL_MS, wrong: 0 });
    return id;
  }

  /** A live session of ours in `stage`; anything else reads as Cognito's expired session. */
  function takeSession(session: unknown, stage: MfaSession['stage'], challenge?: MfaSession['challenge']): [string, MfaSession] {
    const found = typeof session === 'string' ? sessions.get(session) : undefined;
    if (!found || found.expires < now()) {
      if (typeof session === 'string') sessions.delete(session);
      throw invalidSession();
    }
    if (found.stage !== stage || (challenge && found.challenge !== challenge)) throw invalidSession();
    return [session as string, found];
  }

  function wrongCode(id: string, s: MfaSession) {
    s.wrong += 1;
    if (s.wrong >= MAX_WRONG_CODES_PER_SESSION) sessions.delete(id);
  }

  async function sessionUserRecord(s: MfaSession): Promise<User> {
    const user = await deps.findUser(s.userId);
    if (!user || user.Enabled === false) throw invalidSession();
    return user;
  }

  return {
    mfaSettings(user) {
      const r = recordOf(user);
      if (!r.enabled || !r.secret) return {};
      return { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], ...(r.preferred ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}) };
    },

    async challengeFor(user, clientId) {
      const r = recordOf(user);
      const mode = await deps.poolMfa();
      if (mode === 'OFF') return undefined;
      if (r.enabled && r.secret) {
        const Session = openSession({ userId: user.Username, clientId, challenge: 'SOFTWARE_TOKEN_MFA', stage: 'challenge' });
        return {
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...(r.deviceName ? { FRIENDLY_DEVICE_NAME: r.deviceName } : {}) },
          Session,
        };
      }
      if (mode === 'ON') {
        const Session = openSession({ userId: user.Username, clientId, challenge: 'MFA_SETUP', stage: 'challenge' });
        return { ChallengeName: 'MFA_SETUP', ChallengeParameters: { USER_ID_FOR_SRP: user.Username, MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' }, Session };
      }
      return undefined;
    },

    async answerChallenge(body) {
      const responses: Body = body.ChallengeResponses ?? {};
      const challenge = body.ChallengeName === 'MFA_SETUP' ? 'MFA_SETUP' : 'SOFTWARE_TOKEN_MFA';
      const [id, s] = takeSession(body.Session, challenge === 'MFA_SETUP' ? 'verified' : 'challenge', challenge);
      const named = await deps.findUser(String(responses.USERNAME ?? ''));
      if (s.clientId !== body.ClientId || !named || named.Username !== s.userId) throw invalidSession();
      const user = await sessionUserRecord(s);
      if (challenge === 'MFA_SETUP') {
        sessions.delete(id);
        await update(user, (r) => ({ ...r, enabled: true, preferred: true }));
        return user;
      }
      const r = recordOf(user);
      const step = r.secret && r.enabled ? acceptTotpCode(r.secret, responses.SOFTWARE_TOKEN_MFA_CODE, r.lastStep, now()) : undefined;
      if (step === undefined) {
        wrongCode(id, s);
        throw codeMismatch();
      }
      sessions.delete(id);
      await update(user, (rec) => ({ ...rec, lastStep: Math.max(step, rec.lastStep ?? step) }));
      return user;
    },

    async associate(body, tokenUser) {
      if (body.AccessToken === undefined) {
        const [id, s] = takeSession(body.Session, 'challenge', 'MFA_SETUP');
        sessions.delete(id);
        const secret = newTotpSecret();
        const Session = openSession({ userId: s.userId, clientId: s.clientId, challenge: 'MFA_SETUP', stage: 'associated', secret });
        return { SecretCode: secret, Session };
      }
      if (!tokenUser) throw new CognitoApiError('NotAuthorizedException', 'Invalid Access Token');
      const secret = newTotpSecret();
      await update(tokenUser, (r) => ({ ...r, pending: secret }));
      return { SecretCode: secret };
    },

    async verify(body, tokenUser) {
      const deviceName = typeof body.FriendlyDeviceName === 'string' ? body.FriendlyDeviceName.slice(0, 131) : undefined;
      if (typeof body.UserCode !== 'string' || !/^\d{6}$/.test(body.UserCode)) {
        throw invalidParameter('UserCode must be the 6 digits the authenticator app shows');
      }
      if (body.AccessToken === undefined) {
        const [id, s] = takeSession(body.Session, 'associated', 'MFA_SETUP');
        const user = await sessionUserRecord(s);
        const step = acceptTotpCode(s.secret ?? '', body.UserCode, undefined, now());
        if (step === undefined) {
          wrongCode(id, s);
          throw enrolCodeMismatch();
        }
        sessions.delete(id);
        await update(user, (r) => ({ ...r, secret: s.secret, pending: undefined, deviceName, lastStep: step }));
        const Session = openSession({ userId: s.userId, clientId: s.clientId, challenge: 'MFA_SETUP', stage: 'verified' });
        return { Status: 'SUCCESS', Session };
      }
      if (!tokenUser) throw new CognitoApiError('NotAuthorizedException', 'Invalid Access Token');
      const r = recordOf(tokenUser);
      if (!r.pending) throw invalidParameter('User has not associated a software token: call AssociateSoftwareToken first');
      const step = acceptTotpCode(r.pending, body.UserCode, undefined, now());
      if (step === undefined) throw enrolCodeMismatch();
      const pending = r.pending;
      await update(tokenUser, (rec) => ({ ...rec, secret: pending, pending: undefined, deviceName, lastStep: Math.max(step, rec.lastStep ?? step) }));
      return { Status: 'SUCCESS' };
    },

    async setPreference(body, tokenUser) {
      if (!tokenUser) throw new CognitoApiError('NotAuthorizedException', 'Invalid Access Token');
      for (const other of ['SMSMfaSettings', 'EmailMfaSettings', 'WebAuthnMfaSettings'] as const) {
        if (body[other]?.Enabled === true || body[other]?.PreferredMfa === true) {
          throw invalidParameter(`${other.replace('Settings', '')} is not offered by this user pool: use SoftwareTokenMfaSettings (TOTP)`);
        }
      }
      const totp: Body | undefined = body.SoftwareTokenMfaSettings;
      if (!totp) return {};
      const r = recordOf(tokenUser);
      const enabled = typeof totp.Enabled === 'boolean' ? totp.Enabled : r.enabled;
      const preferred = typeof totp.PreferredMfa === 'boolean' ? totp.PreferredMfa : enabled && r.preferred;
      if ((enabled || preferred) && !r.secret) {
        throw invalidParameter('User has not verified software token mfa');
      }
      if (!enabled && (await deps.poolMfa()) === 'ON') {
        throw invalidParameter('MFA is required by this user pool: TOTP cannot be turned off');
      }
      await update(tokenUser, (rec) => ({ ...rec, enabled, preferred: enabled && preferred }));
      return {};
    },

    async adminSetPreference(body) {
      const user = typeof body.Username === 'string' ? await deps.findUser(body.Username) : null;
      if (!user) throw new CognitoApiError('UserNotFoundException', 'User does not exist.');
      return this.setPreference(body, user);
    },

    sessionUser(session) {
      const s = typeof session === 'string' ? sessions.get(session) : undefined;
      return s && s.expires >= now() ? s.userId : undefined;
    },

    async enrol(user, secret) {
      Secret.fromBase32(secret); // throws on a secret that is not base32
      await update(user, (r) => ({ ...r, secret, pending: undefined, enabled: true, preferred: true }));
    },
  };
}
