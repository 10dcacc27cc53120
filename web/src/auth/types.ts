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
  /** Signs out, clears the CSRF token, held results and cached queries. */
  signOut: () => Promise<void>;
  /** Re-reads the session (after sign-in); resolves with the user or null. */
  refresh: () => Promise<AuthUser | null>;
}

export const ADMIN_GROUP = 'admins';
