/**
 * Runs sst.config.ts the way `sst deploy` does, under Pulumi's unit-test mocks instead of an engine
 * and AWS: the app and SST's platform are bundled with esbuild, SST's globals are set, and the
 * CLI's two RPCs (Provider.Aws.Bootstrap, Runtime.Build) are answered by a local server. Every
 * registered resource is written as JSON to the file named by argv[2].
 *
 * Spawned by synth.ts in its own process: Pulumi's runtime state is global, and the stacks read
 * deploy-time variables from process.env.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pulumi from '@pulumi/pulumi';
import { answerCall, answerResource, SYNTH_SECRETS, SYNTH_STAGE, type RecordedResource } from './synth-mocks.ts';
import { bundleApp, SYNTH_DIR } from './synth-bundle.ts';
import { startRpcServer } from './synth-rpc.ts';
import { ensureSstPlatform, PLATFORM_DIR, REPO_ROOT } from './sst-platform.ts';

const SECRET_SIG = '4dabf18193072939515e22adb298388d';

/** Inputs as AWS receives them: Pulumi's secret wrappers replaced by their values. */
function revealSecrets(value: any): any {
  if (Array.isArray(value)) return value.map(revealSecrets);
  if (value && typeof value === 'object') {
    if (value[SECRET_SIG] === '1b47061264138c4ac30d75fd1eb44270') return revealSecrets(value.value);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revealSecrets(v)]));
  }
  return value;
}


/** SYNTH_DEV=1: synthesise as `sst dev` does (sites not deployed, functions run on the machine). */
const DEV = process.env.SYNTH_DEV === '1';

/**
 * What components register as their outputs (a StaticSite's `_dev` command and environment under
 * `sst dev`), by component name: Pulumi's mocks record inputs only.
 */
function recordComponentOutputs(componentOutputs: Map<string, Promise<unknown>>) {
  // registerOutputs is protected: reached through the prototype as a plain object.
  const prototype = pulumi.ComponentResource.prototype as unknown as { registerOutputs(outputs?: any): void };
  const original = prototype.registerOutputs;
  prototype.registerOutputs = function (this: pulumi.ComponentResource, outputs?: any) {
    const name = (this as any).__name as string | undefined;
    if (name && outputs) componentOutputs.set(name, new Promise((resolve) => pulumi.output(outputs).apply((v) => resolve(v))));
    return original.call(this, outputs);
  };
}

async function main(outFile: string) {
  ensureSstPlatform();
  const started = Date.now();
  const bundle = await bundleApp();
  const rpc = await startRpcServer();
  const resources: RecordedResource[] = [];
  const componentOutputs = new Map<string, Promise<unknown>>();
  recordComponentOutputs(componentOutputs);
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        const result = answerResource(args);
        resources.push({ type: args.type, name: args.name, id: result.id, custom: args.custom !== false, inputs: revealSecrets(args.inputs), state: result.state });
        return result;
      },
      call: (args) => answerCall(args),
    },
    'sap-security-analyzer',
    SYNTH_STAGE,
    false,
  );

  process.env.SST_SERVER = rpc.url;
  process.env.SST_SECRETS = JSON.stringify(SYNTH_SECRETS);
  for (const [name, value] of Object.entries(SYNTH_SECRETS)) process.env[`SST_SECRET_${name}`] = value;
  const app = (await import(pathToFileURL(bundle).href)) as { config: { app(input: { stage: string }): any }; main(): Promise<Record<string, unknown>> };
  const appConfig = app.config.app({ stage: SYNTH_STAGE });
  Object.assign(globalThis, {
    $app: { name: appConfig.name, stage: SYNTH_STAGE, removal: appConfig.removal ?? 'retain', protect: appConfig.protect ?? false, providers: appConfig.providers ?? { aws: true } },
    $dev: DEV,
    $cli: { command: DEV ? 'dev' : 'deploy', paths: { root: REPO_ROOT, platform: PLATFORM_DIR, work: join(SYNTH_DIR, 'work') }, state: { version: {} }, home: 'aws' },
  });

  let outputs: Record<string, unknown> = {};
  await pulumi.runtime.runInPulumiStack(async () => {
    const result = await app.main();
    // A test's own resources, registered after the app's (iam-fooling.test.ts adds grants the review must find).
    if (process.env.SYNTH_FIXTURE) await ((await import(pathToFileURL(process.env.SYNTH_FIXTURE).href)) as { default: (recorded: RecordedResource[]) => Promise<void> | void }).default(resources);
    outputs = await new Promise((resolve) => pulumi.output(result).apply((value) => resolve(value as Record<string, unknown>)));
    return result;
  });
  const settled = await Promise.all([...componentOutputs].map(async ([name, value]) => [name, await value] as const));
  for (const [name, value] of settled) {
    const component = resources.find((r) => !r.custom && r.name === name);
    if (component) component.outputs = value as Record<string, any>;
  }
  await pulumi.runtime.disconnect();
  await rpc.close();
  writeFileSync(outFile, JSON.stringify({ resources, outputs, builds: rpc.builds, devTargets: rpc.devTargets, milliseconds: Date.now() - started }, null, 1));
  rmSync(bundle, { force: true });
}

main(process.argv[2]!).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
