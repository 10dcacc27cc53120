/** What an AWS reviewer checks beyond IAM: throttling, the pipeline's failure handling, bucket rules, origins, the edge, sign-in (checks in checks.ts). */
import { beforeAll, describe, test } from 'vitest';
import { CHECKS } from './checks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

test('the HTTP API stage is throttled (the backstop behind the per-client limit)', () => CHECKS.stageThrottle(synthesis));

describe('the analysis pipeline', () => {
  test('the state machine logs errors without execution data and stops an analysis after 4 hours', () => CHECKS.stateMachineLogsAndTimeout(synthesis));
  test('an execution that fails, times out or is aborted reaches the pipeline function, which marks the analysis failed', () => CHECKS.failedExecutionsReachPipeline(synthesis));
  test('the pipeline function is sized to the one vCPU its engine thread uses', () => CHECKS.pipelineSizedToOneVcpu(synthesis));
  test("the pipeline function runs with the CLI's allocator settings", () => CHECKS.pipelineAllocatorSettings(synthesis));
  test('API and pipeline see the same AI settings', () => CHECKS.sameAiSettingsForApiAndPipeline(synthesis));
});

test('the bucket aborts stale multipart uploads and expires work leftovers, exports and uploads', () => CHECKS.bucketLifecycle(synthesis));

describe('origins', () => {
  test("the API allows the web's origin only: no gateway CORS (never `*`), the function told the distribution's URL", () => CHECKS.apiCorsForWebOriginOnly(synthesis));
  test('the storage bucket accepts browser requests from the web origin only', () => CHECKS.bucketCorsForWebOriginOnly(synthesis));
  test("the CSP lets the browser connect to the API's edge, Cognito and the bucket, and no other AWS host", () => CHECKS.cspConnectSources(synthesis));
});

describe('sign-in', () => {
  test('Cognito: invitation only, e-mail recovery, optional TOTP, advanced security in audit mode, protected in prod, strong passwords', () => CHECKS.cognitoUserPool(synthesis));
  test('the web client has no secret, signs in with SRP only and does not tell whether an account exists', () => CHECKS.cognitoWebClient(synthesis));
});

describe('data safety in production', () => {
  test('the bucket is never emptied by a removal', () => CHECKS.bucketNeverEmptiedByRemoval(synthesis));
  test('the table cannot be deleted and restores to any second of 35 days', () => CHECKS.tableDeletionProtection(synthesis));
  test('bucket and table are encrypted with a customer-managed key that rotates, which the functions may use only through S3 and DynamoDB', () => CHECKS.dataKeyOnBucketAndTable(synthesis));
});

describe('functions', () => {
  test('every function runs on arm64', () => CHECKS.functionsOnArm64(synthesis));
  test('JSON logs kept as the stage says (3 months in prod)', () => CHECKS.jsonLogsKeptThreeMonths(synthesis));
  test('X-Ray tracing on the functions and the state machine', () => CHECKS.xrayTracing(synthesis));
  test("the build date is not in a function's configuration (it changed every function on every deploy); the version is the release's", () => CHECKS.noBuildDateInConfiguration(synthesis));
  test('prod.json sets no AI provider: no role may call a Bedrock model', () => CHECKS.noBedrockWithoutProvider(synthesis));
});

describe('the edge', () => {
  test("without a custom domain both distributions use CloudFront's own certificate", () => CHECKS.defaultCertificateWithoutDomain(synthesis));
  test('the site: a WAF rate rule per client address on its distribution, created in us-east-1', () => CHECKS.webPerClientLimit(synthesis));
  test('the API: its own distribution, with its own per-client WAF rule (429 in the API error shape), forwarding to the HTTP API uncached', () => CHECKS.apiPerClientLimit(synthesis));
  test('the public access-request form: its limit (20 per address per 10 minutes) also counted at the edge, across Lambda instances', () => CHECKS.requestAccessLimitAtEdge(synthesis));
  test('the API only through its edge: CloudFront sends the origin header the function requires, and no client is told the execute-api address', () => CHECKS.apiOnlyThroughItsEdge(synthesis));
});
