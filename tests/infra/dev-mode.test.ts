/**
 * `sst dev` works: synthesised as `npx sst dev --stage alice` does (no site deployed, the functions
 * run on the developer's machine), the stack's origins are the web dev server's, that dev server
 * serves the dev stage's /config.json, the API is called without the edge, and the data path
 * exists on this machine. Each check (checks.ts DEV_CHECKS) is also run on mutated copies.
 */
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_CHECKS, type DevCheckName } from './checks.ts';
import { describeMutations, env, type Mutation, res } from './mutation-runner.ts';
import { named } from './review.ts';
import { REPO_ROOT } from './sst-platform.ts';
import { synthesise, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(async () => {
  synthesis = await synthesise({ SYNTH_DEV: '1', SYNTH_STAGE: 'alice' });
});

describe('real origins in dev mode', () => {
  test("the API's WEB_ORIGIN is the web dev server, not SST's placeholder", () => DEV_CHECKS.devApiOriginIsTheDevServer(synthesis));
  test("the bucket's CORS rule allows the web dev server", () => DEV_CHECKS.devBucketCorsForTheDevServer(synthesis));
});

describe('the web dev server is pointed at the dev stage', () => {
  let server: ViteDevServer | undefined;
  afterAll(async () => {
    await server?.close();
    delete process.env.APP_BROWSER_CONFIG;
  });

  test('SST starts Vite on the port the origins name, with the stage browser settings', () => DEV_CHECKS.devServerGetsTheStage(synthesis));

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

  test('the dev server calls the API at its execute-api address: no edge is deployed, and the function does not ask for its header', () => DEV_CHECKS.devApiWithoutTheEdge(synthesis));
});

describe('the functions run on the machine', () => {
  test('all three are run locally by SST (its bridge is deployed instead of the bundle)', () => DEV_CHECKS.devFunctionsRunHere(synthesis));
  test('APP_DATA_DIR is the repository folder of reference lists, which exists here', () => DEV_CHECKS.devDataPathExistsHere(synthesis));
  test('a personal stage reads stacks/stages/default.json: short log retention, its data removed with it', () => DEV_CHECKS.devStageReadsDefaultSettings(synthesis));
});

const PLACEHOLDER = 'http://url-unavailable-in-dev.mode';
const devEnvironment = (s: Synthesis) => named(s, 'sst:aws:StaticSite', 'Web').outputs!._dev.environment;

const DEV_MUTATIONS: Mutation<DevCheckName>[] = [
  { check: 'devApiOriginIsTheDevServer', what: "SST's placeholder as the API's WEB_ORIGIN", mutate: (s) => void (env(s, 'ApiFunction').WEB_ORIGIN = PLACEHOLDER) },
  { check: 'devApiOriginIsTheDevServer', what: 'the placeholder anywhere in the stack', mutate: (s) => void (res(s, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2', 'StorageCors').inputs.corsRules[0].allowedOrigins = [PLACEHOLDER]) },
  { check: 'devBucketCorsForTheDevServer', what: "the bucket's CORS rule on another port", mutate: (s) => void (res(s, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2', 'StorageCors').inputs.corsRules[0].allowedOrigins = ['http://localhost:3000']) },
  { check: 'devServerGetsTheStage', what: 'the dev server without the stage settings', mutate: (s) => void delete devEnvironment(s).APP_BROWSER_CONFIG },
  { check: 'devServerGetsTheStage', what: 'the dev server on a port the origins do not name', mutate: (s) => void (named(s, 'sst:aws:StaticSite', 'Web').outputs!._dev.command = 'npx vite') },
  { check: 'devServerGetsTheStage', what: "the dev server pointed at another stage's API", mutate: (s) => void (devEnvironment(s).APP_BROWSER_CONFIG = JSON.stringify({ ...JSON.parse(devEnvironment(s).APP_BROWSER_CONFIG), apiUrl: 'https://prod.example/prod' })) },
  { check: 'devApiWithoutTheEdge', what: 'the function asking for the edge header no dev request carries', mutate: (s) => void (env(s, 'ApiFunction').API_REQUIRE_EDGE = 'cloudfront') },
  { check: 'devApiWithoutTheEdge', what: 'an API URL the dev stage does not serve', mutate: (s) => void (env(s, 'ApiFunction').API_URL = 'https://apiedge.cloudfront.net/prod') },
  { check: 'devFunctionsRunHere', what: 'the pipeline deployed instead of run here', mutate: (s) => void (s.devTargets = s.devTargets.filter((t) => t.functionID !== 'PipelineFunction')) },
  { check: 'devDataPathExistsHere', what: "Lambda's data path, which does not exist here", mutate: (s) => void (env(s, 'PipelineFunction').APP_DATA_DIR = '/var/task/data') },
  { check: 'devStageReadsDefaultSettings', what: "prod's log retention", mutate: (s) => void (res(s, 'aws:cloudwatch/logGroup:LogGroup', 'PipelineFunctionLogGroup').inputs.retentionInDays = 90) },
  { check: 'devStageReadsDefaultSettings', what: 'a dev bucket kept after the stage is removed', mutate: (s) => void (res(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').inputs.forceDestroy = false) },
];

describe('each dev-mode check fails when its setting is removed', () => {
  describeMutations(DEV_CHECKS, DEV_MUTATIONS, () => synthesis);
});
