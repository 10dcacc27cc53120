/** The CLI as the tests run it: `sap-analyzer` in a child process of this Node, its output collected. */
import { spawn } from 'node:child_process';

const bin = new URL('../../bin/sap-analyzer.js', import.meta.url).pathname;

/** A file of the engine's fixtures. */
export const fixture = (name: string) => new URL(`../../../core/src/engine/fixtures/${name}`, import.meta.url).pathname;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
