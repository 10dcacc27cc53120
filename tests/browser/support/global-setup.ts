/**
 * Starts the real local stack (serving web/dist) in a child process for the browser suite and
 * hands its URL to the tests through E2E_BASE_URL. Returns the teardown.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { randomTotpSecret } from '../../support/totp.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const START_TIMEOUT_MS = 120_000;

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` before the browser tests (npm run test:browser does it)');
  }
  // The seeded administrator's TOTP secret: random per run, known to the stack and the workers only.
  process.env.E2E_ADMIN_TOTP_SECRET ??= randomTotpSecret();
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'tests', 'browser', 'support', 'start-stack.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<{ url: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('local stack did not start within 120 s')), START_TIMEOUT_MS);
    lines.on('line', (line) => {
      if (!line.startsWith('{"url"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited early with code ${code}`));
    });
  });
  const { url } = await ready;
  process.env.E2E_BASE_URL = url;

  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}
