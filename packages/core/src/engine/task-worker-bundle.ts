/**
 * The task worker as one ES module. Under tsx every worker would compile and resolve the engine's
 * TypeScript module by module through the loader hooks (about half a CPU-second per worker, and a
 * second or two before it takes work); one esbuild bundle loads in a fraction of that. The npm
 * packages it uses are in the bundle too: resolving and loading them file by file (the holiday
 * calendar's alone are dozens) took a worker 180 ms to start instead of 110 ms. Written once per
 * state of the sources and of the installed packages into node_modules/.cache.
 */
import type { Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

let bundled: Promise<URL | undefined> | undefined;

/** The bundle's URL, or undefined when it cannot be built here (the pool then boots through tsx). */
export function taskWorkerBundle(): Promise<URL | undefined> {
  bundled ??= buildBundle().catch(() => undefined);
  return bundled;
}

/**
 * A key of the engine's sources as they are on disk (paths, sizes, modification times): a bundle
 * built for the same key is reused without running esbuild (a build takes 0.15–0.25 s).
 */
function sourcesKey(nodeModules: string): string {
  const src = fileURLToPath(new URL('../', import.meta.url));
  const hash = createHash('sha256');
  // npm rewrites this file on every install: a bundle never outlives the packages it holds.
  const installed = join(nodeModules, '.package-lock.json');
  if (existsSync(installed)) hash.update(`${statSync(installed).mtimeMs}\n`);
  for (const name of (readdirSync(src, { recursive: true }) as string[]).sort()) {
    if (!/\.(ts|mjs|js|json)$/.test(name) || name.endsWith('.test.ts')) continue;
    const st = statSync(join(src, name));
    hash.update(`${name}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildBundle(): Promise<URL> {
  const require = createRequire(import.meta.url);
  // In the project's node_modules/.cache (where npm packages keep their caches; ignored by git).
  const nodeModules = dirname(dirname(require.resolve('esbuild/package.json')));
  const dir = join(nodeModules, '.cache', 'sap-analyzer');
  const byKey = join(dir, `task-worker-all-${sourcesKey(nodeModules)}.mjs`);
  if (existsSync(byKey)) return pathToFileURL(byKey);
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./task-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // CommonJS packages in an ES module still call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta['url']);" },
    plugins: [LAZY_HOLIDAYS],
  });
  mkdirSync(dir, { recursive: true });
  // Written under a temporary name and renamed: a concurrent process never loads half a file.
  const temp = `${byKey}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0]!.contents);
  renameSync(temp, byKey);
  pruneOldBundles(dir, byKey);
  return pathToFileURL(byKey);
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

/** Bundles of earlier sources, unused for an hour (another run may still be loading a recent one). */
function pruneOldBundles(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (file === keep || !name.startsWith('task-worker-')) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove: it is only a cache.
    }
  }
}

/** Where the engine's reference data is (a bundle's own URL says nothing about it). */
export const ENGINE_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));
