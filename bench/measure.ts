import { spawn } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { NODE_FLAGS } from '../packages/cli/bin/node-flags.js';

export const mb = (bytes: number) => bytes / 1024 / 1024;

/** Baseline: read the file and count newlines, nothing else. */
export async function countNewlines(path: string): Promise<{ seconds: number; lines: number }> {
  const start = performance.now();
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let i = -1;
    while ((i = chunk.indexOf(10, i + 1)) !== -1) lines++;
  }
  return { seconds: (performance.now() - start) / 1000, lines };
}

/** Step 1 (read, detect, parse, flag, facts) in a fresh child process with the CLI's V8 settings. */
export function parseAndFlag(path: string): Promise<{ seconds: number; warmSeconds: number; records: number; cpuSeconds: number }> {
  const child = new URL('./parse-flag-child.ts', import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', child, path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`parse+flag child failed: ${err.slice(-2000)}`))));
  });
}

/** The CLI as a child process under /usr/bin/time -v: wall time and peak RSS. */
export function runCli(files: string[], outDir: string): Promise<{ seconds: number; maxRssMb: number; cpuSeconds: number; stdout: string }> {
  const bin = new URL('../packages/cli/bin/sap-analyzer.js', import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-v', process.execPath, bin, 'analyze', ...files, '--out', outDir, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - start) / 1000;
      if (code !== 0) return reject(new Error(`CLI failed (${code}): ${stderr.slice(-2000)}`));
      const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
      const cpu = ['User', 'System'].reduce((n, k) => n + Number(new RegExp(`${k} time \\(seconds\\): ([\\d.]+)`).exec(stderr)?.[1] ?? 0), 0);
      resolve({ seconds, maxRssMb: kb / 1024, cpuSeconds: cpu, stdout });
    });
  });
}

export function sizeMb(path: string): number {
  return mb(statSync(path).size);
}
