/**
 * `npm run dev`: the Vite dev server (hot reload) in front of the local stack. The stack runs on
 * STACK_PORT (3000) with PUBLIC_URL set to Vite's address, so the browser config it serves points
 * at Vite, and Vite proxies /config.json, the API (/prod), signed blob URLs (/blobs) and the local
 * sign-in (/cognito) to the stack (web/vite.config.ts). Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../packages/local/src/stack.ts';

const stackPort = process.env.STACK_PORT || '3000';
const vitePort = process.env.VITE_PORT || '5173';
const viteUrl = `http://localhost:${vitePort}`;

const children: ChildProcess[] = [];
function run(command: string, args: string[], env: Record<string, string>, cwd = REPO_ROOT): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code) => stop(code ?? 1));
  children.push(child);
  return child;
}

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'packages/local/src/start.ts')], { PORT: stackPort, PUBLIC_URL: process.env.PUBLIC_URL || viteUrl });
run(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), '--port', vitePort, '--strictPort'], { LOCAL_STACK_URL: `http://127.0.0.1:${stackPort}` }, join(REPO_ROOT, 'web'));
