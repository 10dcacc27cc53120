/**
 * Child process of the browser suite's global setup: starts the real local stack on a free
 * port in a temp data folder, prints one JSON line {url, dataDir}, and stops on SIGTERM.
 */
import '../../support/polyfills.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '@app/local/stack.ts';
import { E2E_ADMIN, E2E_MFA_USER, E2E_NEW_ADMIN, E2E_USER } from './credentials.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'sap-analyzer-e2e-'));
const stack = await startLocalStack({
  port: 0,
  dataDir,
  inMemory: true,
  adminEmail: E2E_ADMIN.email,
  adminPassword: E2E_ADMIN.password,
  userEmail: E2E_USER.email,
  userPassword: E2E_USER.password,
  adminTotpSecret: E2E_ADMIN.totpSecret,
});
await stack.ensureUser(E2E_MFA_USER.email, E2E_MFA_USER.password, []);
await stack.ensureUser(E2E_NEW_ADMIN.email, E2E_NEW_ADMIN.password, ['admins']);
process.stdout.write(`${JSON.stringify({ url: stack.url, dataDir })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The parent went away without telling us: do not linger.
process.stdin.on('end', () => void stop());
process.stdin.resume();
