import { useContext } from 'react';
import { AuthContext } from './AuthProvider.tsx';
import type { AuthState } from './types.ts';

/** `{ status, user: {email, sub, groups}, isAdmin, signOut, refresh }` of the current session. */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth() must be used inside <AuthProvider>');
  return ctx;
}
