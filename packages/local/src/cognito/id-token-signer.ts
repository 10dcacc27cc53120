/**
 * cognito-local signs every token with an RSA key published in its npm package, so anyone could
 * mint a token for any user, administrator included. The launcher therefore re-signs the ID and
 * access tokens it hands out with a key generated per data folder (kept 0600 next to the pool):
 * the JWKS the API trusts lists only that key, and the launcher verifies every access token it is
 * given with it (`access-tokens.ts`). Refresh tokens stay cognito-local's: they are only ever
 * looked up in the user's stored list, never trusted for their content.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ID_TOKEN_KEY_FILE = 'id-token-key.pem';

export interface TokenSigner {
  kid: string;
  /** The public JWK set the API verifies ID tokens with. */
  jwks(): { keys: Record<string, unknown>[] };
  /** The same claims (plus `extraClaims`), signed with this data folder's key. */
  resign(token: string, extraClaims?: Record<string, unknown>): string;
  /** The claims of a token signed with this key (RS256 and this kid only), or undefined. */
  verify(token: unknown): Record<string, unknown> | undefined;
}

async function readOrCreateKey(folder: string): Promise<KeyObject> {
  const file = join(folder, ID_TOKEN_KEY_FILE);
  try {
    return createPrivateKey(await readFile(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  return privateKey;
}

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function loadTokenSigner(folder: string): Promise<TokenSigner> {
  const privateKey = await readOrCreateKey(folder);
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const kid = createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
  const header = Buffer.from(JSON.stringify({ kid, alg: 'RS256', typ: 'JWT' })).toString('base64url');
  return {
    kid,
    jwks: () => ({ keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] }),
    resign(token, extraClaims) {
      let payload = token.split('.')[1] ?? '';
      if (extraClaims) {
        const claims = decodeJson(payload) as Record<string, unknown>;
        payload = Buffer.from(JSON.stringify({ ...claims, ...extraClaims })).toString('base64url');
      }
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 16_384) return undefined;
      const parts = token.split('.');
      if (parts.length !== 3) return undefined;
      const [head, payload, signature] = parts as [string, string, string];
      try {
        // The algorithm is pinned: a header naming another one (none, HS256) is refused before any check.
        const h = decodeJson(head);
        if (!isObject(h) || h.alg !== 'RS256' || h.kid !== kid) return undefined;
        if (!verify('RSA-SHA256', Buffer.from(`${head}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))) return undefined;
        const claims = decodeJson(payload);
        return isObject(claims) ? claims : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
