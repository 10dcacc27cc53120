/**
 * `sst dev` works: synthesised as `npx sst dev --stage alice` does (no site deployed, the functions
 * run on the developer's machine), the stack's origins are the web dev server's, that dev server
 * serves the dev stage's /config.json, and the data path exists on this machine.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { functionEnvironment, named, ofType, only } from './review.ts';
import { REPO_ROOT } from './sst-platform.ts';
import { synthesise, type Synthesis } from './synth.ts';

const DEV_URL = 'http://localhost:5173';
let synthesis: Synthesis;
beforeAll(async () => {
  synthesis = await synthesise({ SYNTH_DEV: '1', SYNTH_STAGE: 'alice' });
});

describe('real origins in dev mode', () => {
  test("the API's WEB_ORIGIN is the web dev server, not SST's placeholder", () => {
    expect(functionEnvironment(synthesis, 'ApiFunction').WEB_ORIGIN).toBe(DEV_URL);
    expect(JSON.stringify(synthesis.resources.map((r) => r.inputs))).not.toContain('url-unavailable-in-dev');
  });

  test("the bucket's CORS rule allows the web dev server", () => {
    const storage = named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const cors = only(ofType(synthesis, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2').filter((c) => c.inputs.bucket === storage));
    expect(cors.inputs.corsRules[0].allowedOrigins).toEqual([DEV_URL]);
  });
});

describe('the web dev server is pointed at the dev stage', () => {
  let server: ViteDevServer | undefined;
  afterAll(async () => {
    await server?.close();
    delete process.env.APP_BROWSER_CONFIG;
  });

  test('SST starts Vite on the port the origins name, with the stage browser settings', () => {
    const dev = named(synthesis, 'sst:aws:StaticSite', 'Web').outputs!._dev;
    expect(dev).toMatchObject({ command: 'npx vite --port 5173 --strictPort', directory: 'web', autostart: true });
    expect(JSON.parse(dev.environment.APP_BROWSER_CONFIG)).toEqual({
      apiUrl: synthesis.outputs.api,
      region: 'eu-central-1',
      userPoolId: synthesis.outputs.userPoolId,
      userPoolClientId: synthesis.outputs.userPoolClientId,
    });
  });

  test('with that environment the dev server answers /config.json with the stage settings', async () => {
    const config: string = named(synthesis, 'sst:aws:StaticSite', 'Web').outputs!._dev.environment.APP_BROWSER_CONFIG;
    process.env.APP_BROWSER_CONFIG = config;
    server = await createServer({ root: join(REPO_ROOT, 'web'), configFile: join(REPO_ROOT, 'web/vite.config.ts'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
    await server.listen();
    const address = server.httpServer!.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${address.port}/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(JSON.parse(config));
  });
});

describe('the functions run on the machine', () => {
  test('all three are run locally by SST (its bridge is deployed instead of the bundle)', () => {
    expect(synthesis.devTargets.map((t) => t.functionID).sort()).toEqual(['ApiFunction', 'ImportFunction', 'PipelineFunction']);
    expect(synthesis.builds).toEqual([]);
  });

  test('APP_DATA_DIR is the repository folder of reference lists, which exists here', () => {
    for (const fn of ['ApiFunction', 'PipelineFunction']) {
      const dir = functionEnvironment(synthesis, fn).APP_DATA_DIR!;
      expect(dir).toBe(join(REPO_ROOT, 'packages/core/data'));
      expect(existsSync(dir)).toBe(true);
      expect(readdirSync(dir).length).toBeGreaterThan(0);
    }
  });

  test('a personal stage reads stacks/stages/default.json: short log retention, its data removed with it', () => {
    expect(named(synthesis, 'aws:cloudwatch/logGroup:LogGroup', 'PipelineFunctionLogGroup').inputs.retentionInDays).toBe(7);
    expect(named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').inputs.forceDestroy).toBe(true);
    expect(named(synthesis, 'aws:dynamodb/table:Table', 'TableTable').inputs.deletionProtectionEnabled).toBe(false);
  });
});
