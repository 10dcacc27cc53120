/**
 * The CLI as one ES module, built with esbuild once per state of the sources and of the installed
 * packages into node_modules/.cache (as the engine's task worker is: task-worker-bundle.ts). Through
 * tsx's loader the main thread compiled and resolved the engine's TypeScript module by module on
 * every run: about 0.4 s of a run's wall time before any file was read. A build takes under a second
 * and happens once; a run that cannot build (esbuild missing) goes on through tsx.
 *
 * A bundle's own `import.meta.url` is its file in the cache, where the engine's modules would look for
 * their data, the worker's sources and its boot file: each module of the project keeps its own URL.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** The folders whose sources the bundle may hold: every workspace package's (the CLI imports the engine and the AI client of the functions). */
const SOURCE_DIRS = readdirSync(PACKAGES)
  .map((name) => join(PACKAGES, name, 'src') + sep)
  .filter((dir) => existsSync(dir));

/** A key of the sources as they are on disk (paths, sizes, modification times) and of the installed packages. */
function sourcesKey(nodeModules) {
  const hash = createHash('sha256');
  // npm rewrites this file on every install: a bundle never outlives the packages it holds.
  const installed = join(nodeModules, '.package-lock.json');
  if (existsSync(installed)) hash.update(`${statSync(installed).mtimeMs}\n`);
  hash.update(`${readFileSync(fileURLToPath(import.meta.url), 'utf8').length}\n`);
  for (const dir of SOURCE_DIRS) {
    for (const name of readdirSync(dir, { recursive: true }).sort()) {
      if (!/\.(ts|mjs|js|json)$/.test(name) || name.endsWith('.test.ts')) continue;
      const st = statSync(join(dir, name));
      hash.update(`${dir}${name}\0${st.size}\0${st.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** esbuild plugin: `import.meta.url` in the project's own modules is the module's source file. */
const OWN_URLS = {
  name: 'own-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(PACKAGES) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** The bundle's URL, built when the sources changed; undefined when it cannot be built here. */
export async function cliBundle() {
  const require = createRequire(import.meta.url);
  let nodeModules;
  try {
    nodeModules = dirname(dirname(require.resolve('esbuild/package.json')));
  } catch {
    return undefined;
  }
  const dir = join(nodeModules, '.cache', 'sap-analyzer');
  const file = join(dir, `cli-main-${sourcesKey(nodeModules)}.mjs`);
  if (existsSync(file)) return pathToFileURL(file);
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    logLevel: 'silent',
    // The build itself stays a package: the engine's worker bundle is built with it at run time.
    external: ['esbuild'],
    // CommonJS packages in an ES module still call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta['url']);" },
    plugins: [OWN_URLS],
  });
  mkdirSync(dir, { recursive: true });
  // Written under a temporary name and renamed: a concurrent run never loads half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, file);
  pruneOld(dir, file);
  return pathToFileURL(file);
}

/** Bundles of earlier sources, unused for an hour (another run may still be loading a recent one). */
function pruneOld(dir, keep) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (file === keep || !name.startsWith('cli-main-')) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove: it is only a cache.
    }
  }
}
