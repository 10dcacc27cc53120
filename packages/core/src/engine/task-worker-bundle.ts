/**
 * The task worker as one ES module. Under tsx every worker would compile and resolve the engine's
 * TypeScript module by module through the loader hooks (about half a CPU-second per worker, and a
 * second or two before it takes work); one esbuild bundle loads in a fraction of that. Written
 * once per content into node_modules/.cache (npm packages stay external and resolve from there).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

let bundled: Promise<URL | undefined> | undefined;

/** The bundle's URL, or undefined when it cannot be built here (the pool then boots through tsx). */
export function taskWorkerBundle(): Promise<URL | undefined> {
  bundled ??= buildBundle().catch(() => undefined);
  return bundled;
}

async function buildBundle(): Promise<URL> {
  const require = createRequire(import.meta.url);
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./task-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  // Beside the project's packages, so the external imports resolve as they do for the source.
  const nodeModules = dirname(dirname(require.resolve('esbuild/package.json')));
  const dir = join(nodeModules, '.cache', 'sap-analyzer');
  const file = join(dir, `task-worker-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, code);
    renameSync(temp, file);
  }
  return pathToFileURL(file);
}

/** Where the engine's reference data is (a bundle's own URL says nothing about it). */
export const ENGINE_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));
