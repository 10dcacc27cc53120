/**
 * The task worker as one ES module. Under tsx every worker would compile and resolve the engine's
 * TypeScript module by module through the loader hooks (about half a CPU-second per worker, and a
 * second or two before it takes work); one esbuild bundle loads in a fraction of that. The npm
 * packages it uses are in the bundle too: resolving and loading them file by file (the holiday
 * calendar's alone are dozens) took a worker 180 ms to start instead of 110 ms. Written once per
 * state of the sources and of the installed packages into node_modules/.cache.
 */
import type { Plugin } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBundle } from './bundle-cache.js';

let bundled: Promise<URL | undefined> | undefined;

/** The bundle's URL, or undefined when it cannot be built here (the pool then boots through tsx). */
export function taskWorkerBundle(): Promise<URL | undefined> {
  bundled ??= cachedBundle({
    name: 'task-worker-all',
    // The engine's sources: a build takes 0.15–0.25 s, a bundle of the same sources is reused.
    sourceDirs: [fileURLToPath(new URL('../../', import.meta.url))],
    options: { entryPoints: [fileURLToPath(new URL('./task-worker.ts', import.meta.url))], target: 'node20', plugins: [LAZY_HOLIDAYS] },
  }).catch(() => undefined);
  return bundled;
}

/**
 * The holiday calendar library is 2.1 MB of the bundle's 2.4 MB and most of a worker's start-up:
 * the worker gets holiday-library-lazy.ts, which loads it only for a year the main thread did not
 * send (task-pool.ts `holidays`).
 */
const LAZY_HOLIDAYS: Plugin = {
  name: 'lazy-holidays',
  setup(build) {
    build.onResolve({ filter: /\/holiday-library\.ts$/ }, (args) => ({ path: join(args.resolveDir, 'holiday-library-lazy.ts') }));
  },
};

/** Where the engine's reference data is (a bundle's own URL says nothing about it). */
export const ENGINE_DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));
