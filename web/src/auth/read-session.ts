import { fetchAuthSession } from 'aws-amplify/auth';
import type { AuthUser } from './types.ts';

/** Reads the signed-in user from the ID token, or null when there is no session. */
export async function readSessionUser(): Promise<AuthUser | null> {
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload) return null;
    const groups = payload['cognito:groups'];
    return {
      sub: String(payload.sub ?? ''),
      email: String(payload.email ?? payload['cognito:username'] ?? ''),
      groups: Array.isArray(groups) ? groups.map(String) : [],
    };
  } catch {
    return null;
  }
}
