#!/usr/bin/env node
// Runs the TypeScript CLI: from an esbuild bundle of it, built once per state of the sources
// (cli-bundle.js), else through tsx's loader (no build step in this project).
// The engine runs faster with a few V8 settings, and in less memory with two of the C library's
// allocator settings (node-flags.js): the CLI re-runs itself once with those the caller did not choose.
// First: refuse a Node older than package.json's `engines` with one line (node-version.js).
import './node-version.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliBundle } from './cli-bundle.js';
import { missingMallocEnv, missingNodeFlags } from './node-flags.js';

const missing = missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
const mallocEnv = missingMallocEnv(process.env);
if ((missing.length > 0 || Object.keys(mallocEnv).length > 0) && process.env.SAP_ANALYZER_NO_REEXEC !== '1') {
  const child = spawnSync(process.execPath, [...process.execArgv, ...missing, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...mallocEnv },
  });
  if (child.error) throw child.error;
  process.exit(child.status ?? (child.signal ? 1 : 0));
}

// SAP_ANALYZER_NO_BUNDLE=1 runs the sources through tsx (as a run does where esbuild is missing).
const bundle = process.env.SAP_ANALYZER_NO_BUNDLE === '1' ? undefined : await cliBundle().catch(() => undefined);
if (bundle) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
