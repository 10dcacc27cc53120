import { useAuth } from '../../auth/use-auth.ts';
import { AuthScreens } from './AuthScreens.tsx';

/** Signed-out entry: after sign-in the session is re-read; the router then leaves /login. */
export function LoginRoute() {
  const auth = useAuth();
  return <AuthScreens onSignedIn={() => void auth.refresh()} />;
}
