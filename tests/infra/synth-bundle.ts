/**
 * Bundles sst.config.ts with SST's platform the way the CLI does (esbuild, the platform's globals
 * injected), for synth-child.ts. Provider packages the app does not use (Cloudflare, Vercel, Docker
 * builds, TLS) resolve to an empty module, so only @pulumi/aws, @pulumi/pulumi, @pulumi/random and
 * @pulumi/command need installing.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { PLATFORM_DIR, REPO_ROOT } from './sst-platform.ts';

export const SYNTH_DIR = join(REPO_ROOT, '.sst/synth');

/**
 * Where a synthesis writes the Lambda bundles: the default synthesis (global-setup.ts) into
 * .sst/synth/artifacts, which bundle.test.ts runs; any other into its own folder, given by
 * synthesise() in SYNTH_ARTIFACTS_DIR, so it never replaces files a running test is reading.
 */
export const ARTIFACTS_DIR = process.env.SYNTH_ARTIFACTS_DIR ?? join(SYNTH_DIR, 'artifacts');

const UNUSED_PACKAGES = /^(@pulumi\/cloudflare|@pulumiverse\/vercel|@pulumi\/docker-build|@pulumi\/tls|vite)$/;

/** What the CLI's shim (src/shim/run.js) provides, plus the `sst` and `aws` namespaces, AWS only. */
const GLOBALS = `
import * as util from "@pulumi/pulumi";
import * as awsProvider from "@pulumi/aws";
import * as awsComponents from "${PLATFORM_DIR}/src/components/aws/index";
import { Secret } from "${PLATFORM_DIR}/src/components/secret";
import { Linkable } from "${PLATFORM_DIR}/src/components/linkable";
import { Link } from "${PLATFORM_DIR}/src/components/link";
import { $config } from "${PLATFORM_DIR}/src/config";
import { $transform, $asset } from "${PLATFORM_DIR}/src/components/component";
const $secrets = JSON.parse(process.env.SST_SECRETS || "{}");
const { output, apply, all, interpolate, concat, jsonParse, jsonStringify } = util;
const linkable = Link.makeLinkable;
const sst = { aws: awsComponents, Secret, Linkable };
const aws = awsProvider;
export {
  sst, aws, linkable as "$linkable", output as "$output", apply as "$apply", all as "$resolve",
  interpolate as "$interpolate", concat as "$concat", jsonParse as "$jsonParse",
  jsonStringify as "$jsonStringify", util as "$util", $asset, $config, $transform, $secrets,
};
`;

const ENTRY = `
import { run } from "${PLATFORM_DIR}/src/auto/run";
import config from "${REPO_ROOT}/sst.config.ts";
export { config };
export function main() { return run(config.run); }
`;

const emptyUnusedPackages: Plugin = {
  name: 'empty-unused-packages',
  setup(b) {
    b.onResolve({ filter: UNUSED_PACKAGES }, (args) => ({ path: args.path, namespace: 'unused' }));
    b.onLoad({ filter: /.*/, namespace: 'unused' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/**
 * Writes .sst/synth/app-<pid>.mjs and returns its path. Each synthesising process has its own
 * files: the suites synthesise two at a time, and one must not import a bundle the other rewrites.
 */
export async function bundleApp(): Promise<string> {
  mkdirSync(SYNTH_DIR, { recursive: true });
  const globals = join(SYNTH_DIR, `globals-${process.pid}.ts`);
  const entry = join(SYNTH_DIR, `entry-${process.pid}.ts`);
  const outfile = join(SYNTH_DIR, `app-${process.pid}.mjs`);
  writeFileSync(globals, GLOBALS);
  writeFileSync(entry, ENTRY);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    inject: [globals],
    packages: 'external',
    plugins: [emptyUnusedPackages],
    logLevel: 'error',
    // The platform's tsconfig extends @tsconfig/node18, which is not installed; the options it sets do not matter to esbuild.
    tsconfigRaw: {},
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  });
  rmSync(globals, { force: true });
  rmSync(entry, { force: true });
  return outfile;
}
