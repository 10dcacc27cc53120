import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchMFAPreference, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { clearCsrfToken } from '../api/client.ts';
import { readSessionUser } from './read-session.ts';
import { ADMIN_GROUP, type AuthState, type AuthStatus, type AuthUser } from './types.ts';

export const AuthContext = createContext<AuthState | null>(null);

/** Holds who is signed in; `onSignedOut` runs after every sign-out (clear caches, results). */
export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut?: () => void }) {
  const [status, setStatus] = useState<AuthStatus>('initializing');
  const [user, setUser] = useState<AuthUser | null>(null);
  const onSignedOutRef = useRef(onSignedOut);
  onSignedOutRef.current = onSignedOut;

  const [adminTotpEnabled, setAdminTotpEnabled] = useState<boolean | null>(null);

  const refresh = useCallback(async () => {
    const next = await readSessionUser();
    // Administrators must have TOTP on (the API refuses admin routes otherwise): read it before the app shows.
    let totp: boolean | null = null;
    if (next?.groups.includes(ADMIN_GROUP)) {
      totp = await fetchMFAPreference().then(
        (p) => !!p.enabled?.includes('TOTP'),
        () => null,
      );
    }
    setAdminTotpEnabled(totp);
    setUser(next);
    setStatus(next ? 'signedIn' : 'signedOut');
    return next;
  }, []);

  const markSignedOut = useCallback(() => {
    clearCsrfToken();
    setUser(null);
    setStatus('signedOut');
    onSignedOutRef.current?.();
  }, []);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
    } finally {
      markSignedOut();
    }
  }, [markSignedOut]);

  useEffect(() => {
    void refresh();
    // A refresh that fails for good ends the session (spec 4: tokens).
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh_failure') markSignedOut();
    });
  }, [refresh, markSignedOut]);

  const value = useMemo<AuthState>(
    () => ({ status, user, isAdmin: !!user?.groups.includes(ADMIN_GROUP), adminTotpEnabled, signOut, refresh }),
    [status, user, adminTotpEnabled, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
