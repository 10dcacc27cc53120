export type AuthStatus = 'initializing' | 'signedOut' | 'signedIn';

export interface AuthUser {
  email: string;
  sub: string;
  /** From the ID token's `cognito:groups` claim. */
  groups: string[];
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  isAdmin: boolean;
  /**
   * Whether an administrator has TOTP MFA on (read from the user pool after sign-in): false sends
   * them to Account Security before anything else. null for other users, or when it could not be read.
   */
  adminTotpEnabled: boolean | null;
  /** Signs out, clears the CSRF token, held results and cached queries. */
  signOut: () => Promise<void>;
  /** Re-reads the session (after sign-in, after enrolling in TOTP); resolves with the user or null. */
  refresh: () => Promise<AuthUser | null>;
}

export const ADMIN_GROUP = 'admins';
