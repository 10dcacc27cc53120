/**
 * The CLI as one ES module, built with esbuild once per state of the sources and of the installed
 * packages into node_modules/.cache (engine/pool/bundle-cache.js, as the engine's task worker is).
 * Through tsx's loader the main thread compiled and resolved the engine's TypeScript module by
 * module on every run: about 0.4 s of a run's wall time before any file was read. A build takes
 * under a second and happens once; a run that cannot build (esbuild missing) goes on through tsx.
 *
 * A bundle's own `import.meta.url` is its file in the cache, where the engine's modules would look for
 * their data, the worker's sources and its boot file: each module of the project keeps its own URL.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedBundle } from '../../core/src/engine/pool/bundle-cache.js';

const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** esbuild plugin: `import.meta.url` in the project's own modules is the module's source file. */
const OWN_URLS = {
  name: 'own-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|js)$/ }, (args) => {
      if (!args.path.startsWith(PACKAGES) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** The bundle's URL, built when the sources changed; undefined when it cannot be built here. */
export async function cliBundle() {
  try {
    return await cachedBundle({
      name: 'cli-main',
      // Every workspace package's sources: the CLI imports the engine and the AI client of the functions.
      sourceDirs: readdirSync(PACKAGES)
        .map((name) => join(PACKAGES, name, 'src') + sep)
        .filter((dir) => existsSync(dir)),
      // This file's plugin shapes the bundle too.
      extraKey: String(readFileSync(fileURLToPath(import.meta.url), 'utf8').length),
      options: {
        entryPoints: [ENTRY],
        target: 'node22',
        // The build itself stays a package: the engine's worker bundle is built with it at run time.
        external: ['esbuild'],
        plugins: [OWN_URLS],
      },
    });
  } catch {
    return undefined;
  }
}
