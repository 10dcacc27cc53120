import { createPublicKey, verify } from 'node:crypto';
import { createRequire } from 'node:module';

/** The RS256 key pair cognito-local signs with ships in its npm package: fine locally, never on AWS. */
export const cognitoLocalPublicKey: { jwk: Record<string, string>; pem: string } = createRequire(import.meta.url)(
  'cognito-local/lib/keys/cognitoLocal.public.json',
);
const key = createPublicKey(cognitoLocalPublicKey.pem);

/** Claims of a token this pool issued (signature, issuer and expiry checked), or undefined. */
export function readLocalJwt(token: unknown, issuer: string): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  try {
    if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'RS256') return undefined;
    const valid = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!valid || claims.iss !== issuer || typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
