/** Any origin: only used to resolve a path and see whether it stays on it. */
const BASE = 'https://app.invalid';
const MAX_LENGTH = 2048;

/** Percent-decodes until stable (at most 3 rounds), so `%255C` cannot hide a backslash. */
function decodeFully(value: string): string | undefined {
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

const startsOutside = (path: string) => !path.startsWith('/') || path.startsWith('//');
// Browsers read "\" as "/" and drop tabs and newlines inside URLs: "/\evil.com" and "/\t/evil.com" leave the app.
const hasUnsafeCharacters = (path: string) => /[\\\u0000-\u001f\u007f]/.test(path);

/**
 * Where to go after sign-in: a path inside this app, never another site and never /login again.
 * Anything else (absolute or protocol-relative URLs, backslashes, control characters, their
 * percent-encoded forms, non-strings) becomes "/".
 *
 * @example safeRedirect('/results/42?tab=flags') // '/results/42?tab=flags'
 * @example safeRedirect('/%5Cevil.example') // '/'
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || target.length > MAX_LENGTH) return '/';
  const decoded = decodeFully(target);
  if (decoded === undefined || startsOutside(target) || startsOutside(decoded)) return '/';
  if (hasUnsafeCharacters(target) || hasUnsafeCharacters(decoded)) return '/';
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const path = decodeFully(url.pathname)?.toLowerCase() ?? '/login';
  if (path === '/login' || path.startsWith('/login/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
