/**
 * `npm start`'s server process (packages/local/src/start.ts) as a user runs it: environment
 * variables honoured, credentials printed once, a clean stop on SIGTERM, the same sign-in after
 * a restart on the same DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../support/auth.ts';

const REPO = resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sap-analyzer-start-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(join(REPO, 'node_modules/.bin/tsx'), ['packages/local/src/start.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start:\n${out}`)), 45_000);
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m && out.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        res(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => rej(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, output: () => out, url };
}

function stopServer(r: Running): Promise<number | null> {
  return new Promise((res) => {
    r.child.once('exit', (code) => res(code));
    r.child.kill('SIGTERM');
  });
}

async function signIn(url: string, email: string, password: string) {
  const config = (await (await fetch(`${url}/config.json`)).json()) as Record<string, string>;
  return signInWithPassword({ userPoolId: config.userPoolId!, clientId: config.userPoolClientId!, endpoint: `${url}/cognito`, email, password });
}

describe('npm start (packages/local/src/start.ts)', () => {
  it('seeds a generated admin once, honours USER_*, stops on SIGTERM and keeps the credentials after a restart', async () => {
    const first = await startServer({ USER_EMAIL: 'dana@test.local', USER_PASSWORD: 'Dana-Pass-123!' });
    let password: string;
    try {
      const printed = /Password \(generated, shown once[^)]*\): (\S+)/.exec(first.output());
      expect(printed, first.output()).not.toBeNull();
      password = printed![1]!;
      expect(first.output()).toContain('Sign in as administrator: admin@example.com');
      const stored = JSON.parse(await readFile(join(dataDir, 'admin-credentials.json'), 'utf8'));
      expect(stored).toEqual({ email: 'admin@example.com', password });

      const admin = await signIn(first.url, 'admin@example.com', password);
      expect(admin.groups).toEqual(['admins']);
      const dana = await signIn(first.url, 'dana@test.local', 'Dana-Pass-123!');
      expect(dana.groups).toEqual([]);
      const page = await fetch(`${first.url}/`);
      expect([200, 503]).toContain(page.status);
    } finally {
      expect(await stopServer(first)).toBe(0);
    }

    const second = await startServer({});
    try {
      expect(second.output()).not.toContain(password);
      expect(second.output()).toContain('Password: the generated one in');
      const admin = await signIn(second.url, 'admin@example.com', password);
      expect(admin.groups).toEqual(['admins']);
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
  });

  it('refuses an invalid PORT with a clear message', async () => {
    await expect(startServer({ PORT: 'abc' })).rejects.toThrow('PORT must be a whole number between 0 and 65535, got "abc"');
  });
});
