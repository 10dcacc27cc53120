/**
 * The offline synthesis of the AWS deployment: runs synth-child.ts in its own Node process and
 * returns every resource the stacks register, with their inputs, plus the function bundles.
 * `npx tsx tests/infra/synth.ts` prints the figures docs/deployment.md quotes.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RecordedResource } from './synth-mocks.ts';
import type { DevTarget, FunctionBuild } from './synth-rpc.ts';
import { REPO_ROOT } from './sst-platform.ts';

export interface Synthesis {
  resources: RecordedResource[];
  outputs: Record<string, unknown>;
  builds: FunctionBuild[];
  /** Under `sst dev` (SYNTH_DEV=1): the functions that would run on the developer's machine. */
  devTargets: DevTarget[];
  milliseconds: number;
}

/** The default synthesis, written by global-setup.ts for the suites that only read it. */
export const DEFAULT_SYNTHESIS_FILE = join(REPO_ROOT, '.sst/synth/default-synthesis.json');

export function defaultSynthesis(): Synthesis {
  if (!existsSync(DEFAULT_SYNTHESIS_FILE)) throw new Error('No synthesis yet: run the infra suites with npm run test:infra');
  return JSON.parse(readFileSync(DEFAULT_SYNTHESIS_FILE, 'utf8')) as Synthesis;
}

/**
 * Synthesises the app with the given deploy-time environment variables added to this process's.
 * `sharedArtifacts`: write the Lambda bundles to .sst/synth/artifacts (the default synthesis, whose
 * bundles bundle.test.ts runs); otherwise they go to a folder of this synthesis, removed after.
 */
export async function synthesise(env: Record<string, string | undefined> = {}, { sharedArtifacts = false } = {}): Promise<Synthesis> {
  const dir = mkdtempSync(join(tmpdir(), 'synth-'));
  const outFile = join(dir, 'synthesis.json');
  const child = fileURLToPath(new URL('./synth-child.ts', import.meta.url));
  const artifacts = sharedArtifacts ? {} : { SYNTH_ARTIFACTS_DIR: join(dir, 'artifacts') };
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', child, outFile], { cwd: REPO_ROOT, env: { ...process.env, ...env, ...artifacts }, maxBuffer: 16 << 20 }, (error, _stdout, stderr) =>
        error ? reject(new Error(`The synthesis failed:\n${stderr}`)) : resolve(),
      );
    });
    return JSON.parse(readFileSync(outFile, 'utf8')) as Synthesis;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The resources of one type, e.g. 'aws:lambda/function:Function'. */
export function ofType(synthesis: Synthesis, type: string): RecordedResource[] {
  return synthesis.resources.filter((r) => r.type === type);
}

/** The one resource of a type whose logical name starts with `prefix`. */
export function named(synthesis: Synthesis, type: string, prefix: string): RecordedResource {
  const found = ofType(synthesis, type).filter((r) => r.name.startsWith(prefix));
  if (found.length !== 1) throw new Error(`Expected one ${type} named ${prefix}*, found ${found.map((r) => r.name).join(', ') || 'none'}`);
  return found[0]!;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const synthesis = await synthesise();
  const byType = new Map<string, number>();
  for (const r of synthesis.resources) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
  console.log(`${synthesis.resources.length} resources (${synthesis.resources.filter((r) => r.custom).length} AWS/provider resources) in ${synthesis.milliseconds} ms`);
  for (const [type, count] of [...byType].sort()) console.log(`  ${count}\t${type}`);
  for (const b of synthesis.builds) console.log(`bundle ${b.functionID}: ${(b.bundleBytes / 1024).toFixed(0)} KiB (${b.runtime})`);
}
