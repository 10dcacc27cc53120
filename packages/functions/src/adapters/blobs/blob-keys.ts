/**
 * Maps blob keys onto the file system without ever leaving the store's folder: keys are
 * relative, `/`-separated, and no segment may be empty, `.` or `..`. Checked again after
 * resolving, so a clever key cannot climb out either.
 */
import { resolve, sep } from 'node:path';

export const TEMP_FOLDER = '.tmp';
/** Where the local store keeps which upload URLs may still write (one small file per open upload; kept across restarts). */
export const OPEN_UPLOADS_FOLDER = '.uploads';

export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
  constructor(key: string) {
    super(`Invalid blob key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

export function isValidBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  if (/[\\\0\r\n]/.test(key)) return false;
  const segments = key.split('/');
  // A trailing slash is allowed only for prefixes, which callers validate separately.
  if (segments[0] === TEMP_FOLDER || segments[0] === OPEN_UPLOADS_FOLDER) return false;
  return segments.every((s) => s.length > 0 && s !== '.' && s !== '..');
}

export function blobPath(root: string, key: string): string {
  if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
  const base = resolve(root);
  const full = resolve(base, ...key.split('/'));
  if (!full.startsWith(base + sep)) throw new InvalidBlobKeyError(key);
  return full;
}

/** `users/a b/x.csv` → `users/a%20b/x.csv` (each segment encoded, slashes kept). */
export function encodeKeyForUrl(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

export function decodeKeyFromUrl(path: string): string | undefined {
  try {
    return path.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}
