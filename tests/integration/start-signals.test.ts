/**
 * `npm start` itself (the root script, through npm and its shell): SIGTERM and SIGINT sent to npm
 * stop the server process too, so nothing keeps serving on the port afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sap-analyzer-signals-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Runs `npm start` (with `--no-build-web` when `build` is false) in its own process group and
 * sends `signal` to npm alone, or to the whole group as a terminal's Ctrl+C does.
 */
async function startAndStop(signal: NodeJS.Signals, build: boolean, toGroup = false): Promise<{ code: number | null; output: string; url: string }> {
  const npm = spawn('npm', ['start', ...(build ? [] : ['--', '--no-build-web'])], {
    cwd: REPO,
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout.on('data', (d) => (out += d));
  npm.stderr.on('data', (d) => (out += d));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start:\n${out}`)), 120_000);
    npm.stdout.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m && out.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        res(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    npm.once('exit', (code) => rej(new Error(`npm exited with ${code}:\n${out}`)));
  });
  expect((await fetch(`${url}/config.json`)).status).toBe(200);
  const code = await new Promise<number | null>((res) => {
    npm.once('exit', (c) => res(c));
    if (toGroup) process.kill(-npm.pid!, signal);
    else npm.kill(signal);
  });
  return { code, output: out, url };
}

describe('npm start and signals', () => {
  it('builds the web app with a one-line summary and stops the server when npm gets SIGTERM', async () => {
    const { output, url } = await startAndStop('SIGTERM', true);
    expect(output).toMatch(/Web app built in \d+\.\d s: \d+ files, [\d.]+ (MB|kB) \(web\/dist\)/);
    expect(output).not.toMatch(/assets\/index-.*\.js/); // no bundler file list
    expect(output).toContain('SIGTERM: stopping…');
    await expect(fetch(`${url}/config.json`)).rejects.toThrow();
  }, 240_000);

  it('stops the server on Ctrl+C (SIGINT to the whole process group), once', async () => {
    const { output, url } = await startAndStop('SIGINT', false, true);
    expect(output).not.toContain('Building the web app');
    expect(output.match(/SIGINT: stopping…/g)).toHaveLength(1);
    await expect(fetch(`${url}/config.json`)).rejects.toThrow();
  }, 240_000);
});
