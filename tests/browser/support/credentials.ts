/** Seeded accounts of the browser suite's stack (a temp data folder; never real credentials). */

export interface E2eAccount {
  email: string;
  password: string;
  /** Base32 TOTP secret when the account has two-factor authentication on (the sign-in helper answers it). */
  readonly totpSecret?: string;
}

/**
 * The administrator has TOTP on with a secret the global setup makes at random per run
 * (E2E_ADMIN_TOTP_SECRET, handed to the stack and to the workers): admin routes require it.
 */
export const E2E_ADMIN: E2eAccount = {
  email: 'admin@e2e.local',
  password: 'Admin-E2e-Pass-1!',
  get totpSecret() {
    return process.env.E2E_ADMIN_TOTP_SECRET;
  },
};
export const E2E_USER: E2eAccount = { email: 'user@e2e.local', password: 'User-E2e-Pass-1!' };
/** A regular user for the two-factor specs (enrols and turns it off again). */
export const E2E_MFA_USER: E2eAccount = { email: 'mfa-user@e2e.local', password: 'Mfa-User-E2e-1!' };
/** An administrator without two-factor authentication: the app sends them to enrolment first. */
export const E2E_NEW_ADMIN: E2eAccount = { email: 'new-admin@e2e.local', password: 'New-Admin-E2e-1!' };
