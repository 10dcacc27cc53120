/** The local stack's HMAC secret: generated on first start, kept in the data folder (never in the repo). */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return secret;
}
