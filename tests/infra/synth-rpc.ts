/**
 * The two calls SST's platform makes to its CLI while a deploy runs, answered locally:
 * - Provider.Aws.Bootstrap: the per-region bootstrap bucket (here a fixed name);
 * - Runtime.Build: bundle a Node function with esbuild as the CLI does (ESM, minified, the
 *   createRequire banner) and write its linked resources to resource.enc, encrypted with the
 *   function's key the way the CLI does (AES-256-GCM, zero nonce; see sst/dist/resource.js).
 */
import { createCipheriv } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ARTIFACTS_DIR } from './synth-bundle.ts';
import { REPO_ROOT } from './sst-platform.ts';

export const BOOTSTRAP_BUCKET = 'sst-asset-synth';

export interface FunctionBuild {
  functionID: string;
  handler: string;
  runtime: string;
  bundleBytes: number;
  links: Record<string, unknown>;
}

/** A function `sst dev` would run locally (Runtime.AddTarget). */
export interface DevTarget {
  functionID: string;
  handler: string;
  runtime: string;
  copyFiles?: { from: string; to?: string }[];
  links: string[];
}

interface BuildInput {
  functionID: string;
  handler: string;
  runtime: string;
  encryptionKey: string;
  links: Record<string, unknown>;
}

const BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url";`,
  `const __filename = topLevelFileUrlToPath(import.meta.url);`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url));`,
].join('\n');

function encryptLinks(links: Record<string, unknown>, keyBase64: string): Buffer {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), Buffer.alloc(12, 0));
  return Buffer.concat([cipher.update(JSON.stringify(links)), cipher.final(), cipher.getAuthTag()]);
}

async function buildFunction(input: BuildInput, builds: FunctionBuild[]) {
  const dot = input.handler.lastIndexOf('.');
  const file = input.handler.slice(0, dot);
  const source = ['.ts', '.mts', '.js', '.mjs'].map((ext) => join(REPO_ROOT, file + ext)).find((path) => existsSync(path));
  if (!source) return { handler: '', out: '', errors: [`Could not find a file for handler "${input.handler}"`], sourcemaps: [] };
  const out = join(ARTIFACTS_DIR, `${input.functionID}-src`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const outfile = join(out, `${file}.mjs`);
  const nodeVersion = /nodejs(\d+)/.exec(input.runtime)?.[1] ?? '22';
  const result = await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${nodeVersion}`,
    mainFields: ['module', 'main'],
    minify: true,
    banner: { js: BANNER },
    logLevel: 'silent',
  }).catch((error: { errors?: { text: string }[] }) => ({ errors: error.errors ?? [{ text: String(error) }] }));
  if (result.errors.length > 0) return { handler: '', out, errors: result.errors.map((e) => e.text), sourcemaps: [] };
  writeFileSync(join(out, 'resource.enc'), encryptLinks(input.links, input.encryptionKey));
  builds.push({ functionID: input.functionID, handler: input.handler, runtime: input.runtime, bundleBytes: statSync(outfile).size, links: input.links });
  return { handler: input.handler, out, errors: [], sourcemaps: [] };
}

export async function startRpcServer() {
  const builds: FunctionBuild[] = [];
  const devTargets: DevTarget[] = [];
  const answer = async (method: string, params: any): Promise<unknown> => {
    switch (method) {
      case 'Provider.Aws.Bootstrap':
        return {
          asset: BOOTSTRAP_BUCKET,
          assetEcrRegistryId: '123456789012',
          assetEcrUrl: `123456789012.dkr.ecr.${params.region}.amazonaws.com/sst-asset`,
          state: 'sst-state-synth',
          appsyncHttp: 'synth.appsync-api.amazonaws.com',
          appsyncRealtime: 'synth.appsync-realtime-api.amazonaws.com',
        };
      // `sst dev` only: the AppSync endpoints the bridge functions forward invocations through.
      // `sst dev` only: a function to run on the developer's machine when its bridge is invoked.
      case 'Runtime.AddTarget':
        devTargets.push({ functionID: params.functionID, handler: params.handler, runtime: params.runtime, copyFiles: params.copyFiles, links: Object.keys(params.links ?? {}) });
        return {};
      case 'Provider.Aws.Appsync':
        return { http: 'synth.appsync-api.amazonaws.com', realtime: 'synth.appsync-realtime-api.amazonaws.com' };
      case 'Runtime.Build':
        return buildFunction(params as BuildInput, builds);
      default:
        throw new Error(`rpc: can't find method ${method}`);
    }
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body) as { method: string; params: unknown[] };
      answer(request.method, request.params[0]).then(
        (result) => res.end(JSON.stringify({ result })),
        (error: Error) => res.end(JSON.stringify({ error: error.message })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, builds, devTargets, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
