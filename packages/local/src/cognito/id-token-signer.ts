/**
 * cognito-local signs every token with an RSA key published in its npm package, so anyone who
 * can reach the API could mint an ID token for any user, administrator included. The launcher
 * therefore re-signs the ID tokens it hands out with a key generated per data folder (kept 0600
 * next to the pool), and the JWKS the API trusts lists only that key. Access and refresh tokens
 * stay cognito-local's: only cognito-local itself reads them, and the API refuses them anyway.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Launcher } from './launcher.ts';

export const ID_TOKEN_KEY_FILE = 'id-token-key.pem';

export interface IdTokenSigner {
  kid: string;
  /** The public JWK set the API verifies ID tokens with. */
  jwks(): { keys: Record<string, unknown>[] };
  /** The same claims, signed with this data folder's key. */
  resign(idToken: string): string;
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

export async function loadIdTokenSigner(folder: string): Promise<IdTokenSigner> {
  const privateKey = await readOrCreateKey(folder);
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as Record<string, unknown>;
  const kid = createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
  const header = Buffer.from(JSON.stringify({ kid, alg: 'RS256', typ: 'JWT' })).toString('base64url');
  return {
    kid,
    jwks: () => ({ keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] }),
    resign(idToken) {
      const payload = idToken.split('.')[1] ?? '';
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
  };
}

/** A launcher whose answers carry ID tokens signed by `signer` (sign-in, challenge answers, refresh). */
export function withResignedIdTokens(launcher: Launcher, signer: IdTokenSigner): Launcher {
  return {
    ...launcher,
    async dispatch(target, body, exposure) {
      const out = await launcher.dispatch(target, body, exposure);
      const result = (out as { AuthenticationResult?: { IdToken?: unknown } } | undefined)?.AuthenticationResult;
      if (result && typeof result.IdToken === 'string') {
        return { ...(out as object), AuthenticationResult: { ...result, IdToken: signer.resign(result.IdToken) } };
      }
      return out;
    },
  };
}
