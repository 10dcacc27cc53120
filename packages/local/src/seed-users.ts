/**
 * The first administrator (and optionally a regular user). Without ADMIN_EMAIL/ADMIN_PASSWORD a
 * password is generated once and kept in the data folder, so a restart signs in the same way.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
const CREDENTIALS_FILE = 'admin-credentials.json';

export interface Credentials {
  email: string;
  password: string;
}

/** Meets Cognito's default policy: upper, lower, digit and symbol, 8+ characters. */
export function generatePassword(): string {
  return `Sa-${randomBytes(12).toString('base64url')}7x!`;
}

export async function resolveAdminCredentials(
  dataDir: string,
  given: { email?: string; password?: string },
): Promise<Credentials & { generated: boolean; firstTime: boolean }> {
  if (given.email && given.password) return { email: given.email, password: given.password, generated: false, firstTime: false };
  const file = join(dataDir, CREDENTIALS_FILE);
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Credentials;
    if (stored.email && stored.password && (!given.email || given.email === stored.email)) {
      return { ...stored, generated: true, firstTime: false };
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const created = { email: given.email ?? DEFAULT_ADMIN_EMAIL, password: generatePassword() };
  await writeFile(file, JSON.stringify(created, null, 2) + '\n', { mode: 0o600 });
  return { ...created, generated: true, firstTime: true };
}

export function adminCredentialsFile(dataDir: string): string {
  return join(dataDir, CREDENTIALS_FILE);
}
