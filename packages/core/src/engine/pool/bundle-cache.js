/**
 * esbuild bundles of the project's own code, kept in node_modules/.cache/sap-analyzer (where npm
 * packages keep their caches; ignored by git) and built once per state of the sources and of the
 * installed packages. The engine's task worker (task-worker-bundle.ts) and the CLI
 * (packages/cli/bin/cli-bundle.js, which runs before any TypeScript can) load from here.
 *
 * Plain JavaScript so that the CLI's launcher can import it; its types are in bundle-cache.d.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** CommonJS packages in an ES module still call require() for Node's own modules. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta['url']);";

/**
 * A key of the sources as they are on disk (paths, sizes, modification times) and of the installed
 * packages: a bundle built for the same key is reused without running esbuild.
 */
function sourcesKey(nodeModules, sourceDirs, extraKey) {
  const hash = createHash('sha256');
  // npm rewrites this file on every install: a bundle never outlives the packages it holds.
  const installed = join(nodeModules, '.package-lock.json');
  if (existsSync(installed)) hash.update(`${statSync(installed).mtimeMs}\n`);
  hash.update(`${extraKey}\n`);
  for (const dir of sourceDirs) {
    for (const name of readdirSync(dir, { recursive: true }).sort()) {
      if (!/\.(ts|mjs|js|json)$/.test(name) || name.endsWith('.test.ts')) continue;
      const st = statSync(join(dir, name));
      hash.update(`${dir}\0${name}\0${st.size}\0${st.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The URL of the bundle `name` of `options.entryPoints`, built when `sourceDirs` (or `extraKey`)
 * changed. Throws when esbuild is not installed or the build fails: callers fall back to tsx.
 */
export async function cachedBundle({ name, sourceDirs, extraKey = '', options }) {
  const require = createRequire(import.meta.url);
  const nodeModules = dirname(dirname(require.resolve('esbuild/package.json')));
  const dir = join(nodeModules, '.cache', 'sap-analyzer');
  const file = join(dir, `${name}-${sourcesKey(nodeModules, sourceDirs, extraKey)}.mjs`);
  if (existsSync(file)) return pathToFileURL(file);
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    banner: { js: REQUIRE_BANNER },
    ...options,
  });
  mkdirSync(dir, { recursive: true });
  // Written under a temporary name and renamed: a concurrent process never loads half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, file);
  pruneOld(dir, file, `${name}-`);
  return pathToFileURL(file);
}

/** Bundles of earlier sources, unused for an hour (another process may still be loading a recent one). */
function pruneOld(dir, keep, prefix) {
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry);
    if (file === keep || !entry.startsWith(prefix)) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove: it is only a cache.
    }
  }
}
