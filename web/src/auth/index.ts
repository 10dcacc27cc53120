export { useAuth } from './use-auth.ts';
export { AuthProvider } from './AuthProvider.tsx';
export { configureAmplify } from './amplify.ts';
export { ADMIN_GROUP, type AuthState, type AuthStatus, type AuthUser } from './types.ts';
