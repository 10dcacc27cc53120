/**
 * No secrets in the repository: every tracked text file is scanned for credential shapes, and the
 * places where the running product keeps its secrets (the data folder) are never tracked.
 * Obvious fakes are fine: seeded test passwords under tests/, placeholder values in examples.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
const SKIP = /(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|woff2?|xlsx|xls|zip|gz|pdf)$/i;

const CREDENTIAL_SHAPES: [string, RegExp][] = [
  ['AWS access key id', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['AWS secret access key', /aws_secret_access_key\s*[=:]\s*['"]?[A-Za-z0-9/+]{40}/i],
  ['private key block', /-----BEGIN (RSA |EC |OPENSSH |DSA |ENCRYPTED )?PRIVATE KEY-----/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36,}\b/],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ['OpenAI-style key', /\bsk-(proj-)?[A-Za-z0-9_-]{32,}\b/],
  ['JWT', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/],
];

/** `password = "…"`-style assignments of long literal values outside tests (tests seed fake ones). */
const ASSIGNED_SECRET = /\b(password|passwd|secret|api[_-]?key|client[_-]?secret)\w*['"]?\s*[:=]\s*['"]([^'"\s$`{]{12,})['"]/i;
const FAKE_VALUE = /unused|example|placeholder|changeme|test|fake|local|dummy|your-|choose-|xxx/i;

function isTestFile(path: string): boolean {
  return path.startsWith('tests/') || /\.(test|spec)\.tsx?$/.test(path) || /(^|\/)(testing|test-utils|fixtures)\//.test(path);
}

describe('the repository', () => {
  it('holds no credential-shaped strings in any tracked text file', () => {
    const hits: string[] = [];
    for (const path of tracked) {
      if (SKIP.test(path)) continue;
      let text: string;
      try {
        text = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      if (text.includes('\0')) continue;
      for (const [what, shape] of CREDENTIAL_SHAPES) if (shape.test(text)) hits.push(`${path}: ${what}`);
      if (!isTestFile(path)) {
        for (const line of text.split('\n')) {
          const m = ASSIGNED_SECRET.exec(line);
          if (m && !FAKE_VALUE.test(m[2]!)) hits.push(`${path}: ${m[1]} assigned a literal`);
        }
      }
    }
    expect(hits).toEqual([]);
    expect(tracked.length).toBeGreaterThan(100);
  });

  it('tracks no environment, key or credential files (the .env.example template aside), and ignores the data folder', () => {
    const suspicious = tracked.filter((p) => /(^|\/)\.env(\.(?!example$)|$)|\.(pem|key|p12|pfx)$|(^|\/)(admin-credentials\.json|invitations\.log|secret)$|(^|\/)\.data\//.test(p));
    expect(suspicious).toEqual([]);
    // The local data folder (secret, cognito-local users with plain-text passwords, uploads) is ignored.
    expect(git('check-ignore', '.data/secret', '.data/cognito/db/x.json', '.data/blobs/users/x').trim().split('\n')).toHaveLength(3);
  });

  it('finds what it looks for (the scanner is not blind)', () => {
    const samples = [
      `AKIA${'ABCDEFGHIJKLMNOP'}`,
      `-----BEGIN ${'RSA '}PRIVATE KEY-----`,
      `gh${'p'}_${'a'.repeat(36)}`,
      `eyJ${'a'.repeat(12)}.eyJ${'b'.repeat(12)}.${'c'.repeat(24)}`,
    ];
    for (const s of samples) expect(CREDENTIAL_SHAPES.some(([, shape]) => shape.test(s)), s).toBe(true);
    expect(ASSIGNED_SECRET.test(`const clientSecret = '${'Zq8'.repeat(6)}';`)).toBe(true);
    expect(FAKE_VALUE.test('Zq8Zq8Zq8Zq8Zq8Zq8')).toBe(false);
  });
});
