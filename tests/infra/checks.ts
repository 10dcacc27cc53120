/**
 * What `npm run test:infra` asserts about a synthesis, one named check per setting. CHECKS are
 * about the default (prod) synthesis: the suites call each on it (alarms.test.ts,
 * aws-settings.test.ts, iam.test.ts, import-jobs.test.ts, review-jobs.test.ts, synthesis.test.ts), and mutations.test.ts
 * calls the same check on copies of it with the setting removed or weakened, so every assertion is
 * shown to fail when its setting goes. DEV_CHECKS (the `sst dev` synthesis) and SETTINGS_CHECKS
 * (a prod.json with every optional setting set) are run and mutated the same way in
 * dev-mode.test.ts and deploy-settings.test.ts. A check throws (an assertion error) when the
 * synthesis breaks it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { resolveModels } from '../../packages/core/src/ai/models.ts';
import { edgeOriginValue } from '../../packages/functions/src/handlers/edge-origin.ts';
import { REQUEST_ACCESS_LIMIT } from '../../packages/functions/src/http/routes/access-requests.ts';
import { JOB_QUEUED_HORIZON_MS } from '../../packages/functions/src/services/review/review-apply.ts';
import { actionsOf, functionEnvironment, functionStatements, iamProblems, named, ofType, only, statementsOf, wildcards } from './review.ts';
import { REPO_ROOT } from './sst-platform.ts';
import { REGION, SYNTH_SECRETS } from './synth-mocks.ts';
import type { Synthesis } from './synth.ts';

export type Check = (s: Synthesis) => void;

const fn = (s: Synthesis, name: string) => named(s, 'aws:lambda/function:Function', `${name}Function`);
const FUNCTIONS = ['ApiFunction', 'PipelineFunction', 'ImportFunction', 'ReviewFunction'];
const failedEvents = (s: Synthesis) => named(s, 'aws:sqs/queue:Queue', 'PipelineFailedEvents');
const jobsQueue = (s: Synthesis) => named(s, 'aws:sqs/queue:Queue', 'ImportJobsQueue');
const reviewQueue = (s: Synthesis) => named(s, 'aws:sqs/queue:Queue', 'ReviewJobsQueue');
const distribution = (s: Synthesis, prefix = 'WebCdnDistribution') => named(s, 'aws:cloudfront/distribution:Distribution', prefix);
const webOrigin = (s: Synthesis) => `https://${distribution(s).state.domainName}`;
const stateMachine = (s: Synthesis) => named(s, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline');
const gatewayEndpoint = (s: Synthesis) => named(s, 'aws:apigatewayv2/api:Api', 'ApiApi').state.apiEndpoint as string;
const apiEdgeUrl = (s: Synthesis) => `https://${distribution(s, 'ApiEdge').state.domainName}`;

/** The alarms as `namespace metric dimensions`, to compare with what must be watched. */
const watched = (s: Synthesis) => ofType(s, 'aws:cloudwatch/metricAlarm:MetricAlarm').map((a) => `${a.inputs.namespace} ${a.inputs.metricName} ${JSON.stringify(a.inputs.dimensions ?? {})}`);

/** The per-client rate rule of a web ACL, as every edge of the app has it (stacks/edge-acl.ts). */
function expectPerClientAcl(s: Synthesis, aclName: string, block: object) {
  const acl = named(s, 'aws:wafv2/webAcl:WebAcl', aclName);
  expect(acl.inputs).toMatchObject({ scope: 'CLOUDFRONT', defaultAction: { allow: {} } });
  expect(acl.inputs.rules.find((r: { name: string }) => r.name === 'per-client-rate')).toEqual(
    expect.objectContaining({ priority: 0, action: { block }, statement: { rateBasedStatement: { limit: 1000, aggregateKeyType: 'IP', evaluationWindowSec: 300 } } }),
  );
  // Nothing of higher priority lets a request past it.
  expect(acl.inputs.rules.filter((r: { action: object }) => !('block' in r.action))).toEqual([]);
  // CloudFront's web ACLs must be created in us-east-1.
  expect(named(s, 'pulumi:providers:aws', 'UsEast1').inputs.region).toBe('us-east-1');
  return acl;
}

export const CHECKS = {
  // ---- the app as a whole
  functionsOnNode22: (s) => {
    expect(s.builds.map((b) => b.functionID).sort()).toEqual(['ApiFunction', 'ImportFunction', 'PipelineFunction', 'ReviewFunction']);
    for (const b of s.builds) {
      expect(b.runtime).toBe('nodejs22.x');
      expect(b.bundleBytes).toBeGreaterThan(100_000);
    }
    expect(ofType(s, 'aws:lambda/function:Function').map((f) => f.inputs.runtime)).toEqual(['nodejs22.x', 'nodejs22.x', 'nodejs22.x', 'nodejs22.x']);
  },
  outputs: (s) => {
    expect(s.outputs.api).toBe(`${apiEdgeUrl(s)}/prod`);
    expect(Object.keys(s.outputs).sort()).toEqual(['_protect', 'alarmTopic', 'api', 'bucket', 'table', 'userPoolClientId', 'userPoolId', 'web']);
    expect(s.outputs._protect).toBe(true);
  },

  // ---- alarms and dead letters
  alarmsNotifyOneTopic: (s) => {
    const topic = named(s, 'aws:sns/topic:Topic', 'Alarms');
    const alarms = ofType(s, 'aws:cloudwatch/metricAlarm:MetricAlarm');
    expect(alarms.length).toBeGreaterThanOrEqual(12);
    for (const a of alarms) {
      expect(a.inputs.alarmActions).toEqual([topic.state.arn]);
      expect(a.inputs.okActions).toEqual([topic.state.arn]);
      expect(a.inputs).toMatchObject({ comparisonOperator: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching' });
    }
    expect(s.outputs.alarmTopic).toBe(topic.state.arn);
  },
  alarmsOnPipelineExecutions: (s) => {
    const machine = stateMachine(s).state.arn;
    expect(watched(s)).toContain(`AWS/States ExecutionsFailed ${JSON.stringify({ StateMachineArn: machine })}`);
    expect(watched(s)).toContain(`AWS/States ExecutionsTimedOut ${JSON.stringify({ StateMachineArn: machine })}`);
  },
  alarmsOnFunctionErrorsAndThrottles: (s) => {
    for (const name of FUNCTIONS) {
      for (const metric of ['Errors', 'Throttles']) expect(watched(s)).toContain(`AWS/Lambda ${metric} ${JSON.stringify({ FunctionName: fn(s, name).state.name })}`);
    }
  },
  alarmOnApi5xx: (s) => {
    expect(watched(s)).toContain(`AWS/ApiGateway 5xx ${JSON.stringify({ ApiId: named(s, 'aws:apigatewayv2/api:Api', 'ApiApi').id, Stage: '$default' })}`);
  },
  alarmOnBedrockThrottles: (s) => {
    expect(watched(s)).toContain('AWS/Bedrock InvocationThrottles {}');
  },
  alarmsOnDeadLetterQueues: (s) => {
    expect(watched(s)).toContain(`AWS/SQS ApproximateNumberOfMessagesVisible ${JSON.stringify({ QueueName: failedEvents(s).state.name })}`);
    expect(watched(s)).toContain(`AWS/SQS ApproximateNumberOfMessagesVisible ${JSON.stringify({ QueueName: named(s, 'aws:sqs/queue:Queue', 'ImportJobsDeadLetters').state.name })}`);
    // The review function empties its dead letters (marking their jobs failed): the alarm counts what it took.
    expect(watched(s)).toContain(`AWS/SQS NumberOfMessagesReceived ${JSON.stringify({ QueueName: named(s, 'aws:sqs/queue:Queue', 'ReviewJobsDeadLetters').state.name })}`);
  },
  eventTargetDeadLetterQueue: (s) => {
    const target = named(s, 'aws:cloudwatch/eventTarget:EventTarget', 'PipelineExecutionFailedTarget');
    expect(target.inputs.deadLetterConfig).toEqual({ arn: failedEvents(s).state.arn });
    const rule = named(s, 'aws:cloudwatch/eventRule:EventRule', 'PipelineExecutionFailed');
    const policy = JSON.parse(named(s, 'aws:sqs/queuePolicy:QueuePolicy', 'PipelineFailedEventsPolicy').inputs.policy);
    expect(policy.Statement).toEqual([
      { Effect: 'Allow', Principal: { Service: 'events.amazonaws.com' }, Action: 'sqs:SendMessage', Resource: failedEvents(s).state.arn, Condition: { ArnEquals: { 'aws:SourceArn': rule.state.arn } } },
    ]);
    expect(failedEvents(s).inputs.messageRetentionSeconds).toBe(1_209_600);
  },
  pipelineOnFailureDestination: (s) => {
    const config = named(s, 'aws:lambda/functionEventInvokeConfig:FunctionEventInvokeConfig', 'PipelineAsyncFailures');
    expect(config.inputs.functionName).toBe(fn(s, 'PipelineFunction').state.name);
    expect(config.inputs.destinationConfig).toEqual({ onFailure: { destination: failedEvents(s).state.arn } });
    const send = functionStatements(s, 'PipelineFunction').filter((st) => st.Action.includes('sqs:SendMessage'));
    expect(send.map((st) => st.Resource)).toEqual([[failedEvents(s).state.arn]]);
  },
  pipelineReservedConcurrency: (s) => {
    expect(fn(s, 'PipelineFunction').inputs.reservedConcurrentExecutions).toBe(20);
    expect(fn(s, 'ApiFunction').inputs.reservedConcurrentExecutions).toBeUndefined();
  },

  // ---- the pipeline
  stageThrottle: (s) => {
    expect(named(s, 'aws:apigatewayv2/stage:Stage', 'ApiStage').inputs.defaultRouteSettings).toMatchObject({ throttlingRateLimit: 50, throttlingBurstLimit: 100 });
  },
  stateMachineLogsAndTimeout: (s) => {
    const machine = stateMachine(s);
    const logs = named(s, 'aws:cloudwatch/logGroup:LogGroup', 'PipelineStateMachineLogs');
    expect(machine.inputs.loggingConfiguration).toEqual({ level: 'ERROR', includeExecutionData: false, logDestination: `${logs.state.arn}:*` });
    expect(logs.inputs.retentionInDays).toBe(90);
    const definition = JSON.parse(machine.inputs.definition);
    expect(definition.TimeoutSeconds).toBe(14_400);
    expect(definition.States.MarkFailed.Type).toBe('Task');
  },
  failedExecutionsReachPipeline: (s) => {
    const rule = named(s, 'aws:cloudwatch/eventRule:EventRule', 'PipelineExecutionFailed');
    expect(JSON.parse(rule.inputs.eventPattern)).toEqual({
      source: ['aws.states'],
      'detail-type': ['Step Functions Execution Status Change'],
      detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [stateMachine(s).state.arn] },
    });
    const target = named(s, 'aws:cloudwatch/eventTarget:EventTarget', 'PipelineExecutionFailedTarget');
    expect(target.inputs.arn).toBe(fn(s, 'PipelineFunction').state.arn);
    expect(target.inputs.retryPolicy.maximumRetryAttempts).toBeGreaterThan(0);
    const permission = named(s, 'aws:lambda/permission:Permission', 'PipelineExecutionFailedInvoke');
    expect(permission.inputs).toMatchObject({ principal: 'events.amazonaws.com', sourceArn: rule.state.arn, action: 'lambda:InvokeFunction' });
  },
  pipelineSizedToOneVcpu: (s) => {
    expect(fn(s, 'PipelineFunction').inputs).toMatchObject({ memorySize: 1769, timeout: 900 });
  },
  pipelineAllocatorSettings: (s) => {
    expect(functionEnvironment(s, 'PipelineFunction')).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
  },
  sameAiSettingsForApiAndPipeline: (s) => {
    const ai = (name: string) => Object.fromEntries(Object.entries(functionEnvironment(s, name)).filter(([k]) => k.startsWith('AI_')));
    expect(ai('ApiFunction')).toEqual(ai('PipelineFunction'));
    expect(ai('ApiFunction')).toMatchObject({ AI_MAX_CONCURRENT_CALLS: '4' });
  },

  // ---- data safety
  bucketLifecycle: (s) => {
    const lifecycle = only(ofType(s, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2'));
    const rules = Object.fromEntries(lifecycle.inputs.rules.map((r: { id: string }) => [r.id, r]));
    expect(rules['abort-incomplete-uploads']).toMatchObject({ status: 'Enabled', abortIncompleteMultipartUpload: { daysAfterInitiation: 1 } });
    expect(rules['expire-work-leftovers']).toMatchObject({ status: 'Enabled', filter: { tag: { key: 'lifecycle', value: 'work' } }, expiration: { days: 7 } });
    expect(rules['expire-risk-exports']).toMatchObject({ status: 'Enabled', filter: { prefix: 'admin/exports/' }, expiration: { days: 1 } });
    expect(rules['expire-list-imports']).toMatchObject({ status: 'Enabled', filter: { prefix: 'admin/imports/' }, expiration: { days: 1 } });
    // Uploaded SAP files (tagged by the presigned form) expire after the stage's UPLOAD_EXPIRY_DAYS: 30 in prod.json.
    expect(rules['expire-uploads']).toMatchObject({ status: 'Enabled', filter: { tag: { key: 'lifecycle', value: 'upload' } }, expiration: { days: 30 } });
    expect(lifecycle.inputs.bucket).toBe(named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket);
  },
  bucketNeverEmptiedByRemoval: (s) => {
    expect(named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').inputs.forceDestroy).toBe(false);
  },
  tableDeletionProtection: (s) => {
    expect(named(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.deletionProtectionEnabled).toBe(true);
    expect(named(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.pointInTimeRecovery).toEqual({ enabled: true });
  },
  dataKeyOnBucketAndTable: (s) => {
    const key = named(s, 'aws:kms/key:Key', 'DataKey');
    expect(key.inputs).toMatchObject({ enableKeyRotation: true, deletionWindowInDays: 30 });
    const storage = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const encryption = named(s, 'aws:s3/bucketServerSideEncryptionConfigurationV2:BucketServerSideEncryptionConfigurationV2', 'StorageEncryption');
    expect(encryption.inputs).toEqual({ bucket: storage, rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: 'aws:kms', kmsMasterKeyId: key.state.arn }, bucketKeyEnabled: true }] });
    expect(named(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.serverSideEncryption).toEqual({ enabled: true, kmsKeyArn: key.state.arn });
    for (const name of FUNCTIONS) {
      const kms = functionStatements(s, name).filter((st) => st.Action.some((a) => a.startsWith('kms:')));
      expect(kms.map((st) => st.Resource)).toEqual([[key.state.arn]]);
    }
  },

  // ---- functions
  functionsOnArm64: (s) => {
    for (const name of FUNCTIONS) expect(fn(s, name).inputs.architectures).toEqual(['arm64']);
  },
  jsonLogsKeptThreeMonths: (s) => {
    for (const name of FUNCTIONS) {
      expect(fn(s, name).inputs.loggingConfig.logFormat).toBe('JSON');
      expect(named(s, 'aws:cloudwatch/logGroup:LogGroup', `${name}LogGroup`).inputs.retentionInDays).toBe(90);
    }
  },
  xrayTracing: (s) => {
    for (const name of FUNCTIONS) {
      expect(fn(s, name).inputs.tracingConfig).toEqual({ mode: 'Active' });
      expect(named(s, 'aws:iam/role:Role', `${name}Role`).inputs.managedPolicyArns).toContain('arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess');
    }
    expect(stateMachine(s).inputs.tracingConfiguration).toEqual({ enabled: true });
  },
  noBuildDateInConfiguration: (s) => {
    for (const name of FUNCTIONS) {
      const env = functionEnvironment(s, name);
      expect(Object.keys(env)).not.toContain('APP_BUILD_DATE');
      expect(Object.values(env)).not.toContain(new Date().toISOString().slice(0, 10));
      expect(env.APP_VERSION).toBe('2.0.0');
    }
  },
  noBedrockWithoutProvider: (s) => {
    for (const name of FUNCTIONS) expect(actionsOf(functionStatements(s, name)).filter((a) => a.startsWith('bedrock:'))).toEqual([]);
  },

  // ---- origins, the edge, TLS
  apiCorsForWebOriginOnly: (s) => {
    const cors = named(s, 'aws:apigatewayv2/api:Api', 'ApiApi').inputs.corsConfiguration ?? {};
    expect(cors.allowOrigins ?? []).not.toContain('*');
    expect(cors).toEqual({});
    expect(functionEnvironment(s, 'ApiFunction').WEB_ORIGIN).toBe(webOrigin(s));
  },
  bucketCorsForWebOriginOnly: (s) => {
    const storage = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const cors = ofType(s, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2').filter((c) => c.inputs.bucket === storage);
    expect(only(cors).inputs.corsRules).toEqual([
      { allowedOrigins: [webOrigin(s)], allowedMethods: ['GET', 'POST', 'HEAD'], allowedHeaders: ['content-type'], exposeHeaders: ['ETag'], maxAgeSeconds: 3000 },
    ]);
  },
  cspConnectSources: (s) => {
    const policy = named(s, 'aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy', 'WebSecurityHeaders');
    const csp: string = policy.inputs.securityHeadersConfig.contentSecurityPolicy.contentSecurityPolicy;
    const connect = /connect-src ([^;]+)/.exec(csp)![1]!.split(' ');
    const bucket = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state;
    // The API's edge, not its execute-api address.
    expect(connect).toEqual(["'self'", apiEdgeUrl(s), `https://cognito-idp.${REGION}.amazonaws.com`, `https://${bucket.bucketRegionalDomainName}`]);
    expect(csp).not.toContain('*');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(distribution(s).inputs.defaultCacheBehavior.responseHeadersPolicyId).toBe(policy.state.id ?? 'websecurityheaders-id');
  },
  defaultCertificateWithoutDomain: (s) => {
    for (const d of ['WebCdnDistribution', 'ApiEdge']) {
      expect(distribution(s, d).inputs.viewerCertificate).toEqual({ cloudfrontDefaultCertificate: true });
      expect(distribution(s, d).inputs.aliases ?? []).toEqual([]);
    }
  },
  webPerClientLimit: (s) => {
    const acl = expectPerClientAcl(s, 'WebEdgeAcl', {});
    expect(distribution(s).inputs.webAclId).toBe(acl.state.arn);
  },
  apiPerClientLimit: (s) => {
    const acl = expectPerClientAcl(s, 'ApiEdgeAcl', { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } });
    expect(acl.inputs.customResponseBodies).toEqual([expect.objectContaining({ key: 'rate-limited', contentType: 'APPLICATION_JSON' })]);
    const edge = distribution(s, 'ApiEdge');
    expect(edge.inputs.webAclId).toBe(acl.state.arn);
    // Its one origin is the HTTP API, over TLS 1.2, nothing cached, every viewer header but Host forwarded.
    const origin = only(edge.inputs.origins as any[]);
    expect(`https://${origin.domainName}`).toBe(gatewayEndpoint(s));
    expect(origin.customOriginConfig).toMatchObject({ originProtocolPolicy: 'https-only', originSslProtocols: ['TLSv1.2'] });
    expect(edge.inputs.defaultCacheBehavior).toMatchObject({
      targetOriginId: origin.originId,
      viewerProtocolPolicy: 'https-only',
      cachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      originRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
    expect(edge.inputs.defaultCacheBehavior.allowedMethods).toEqual(expect.arrayContaining(['GET', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(edge.inputs.orderedCacheBehaviors ?? []).toEqual([]);
  },
  requestAccessLimitAtEdge: (s) => {
    // The public form's limit of the app (per warm Lambda) also counted at the edge, across instances.
    const rule = named(s, 'aws:wafv2/webAcl:WebAcl', 'ApiEdgeAcl').inputs.rules.find((r: { name: string }) => r.name === 'request-access-rate');
    const exactly = (field: object, value: string) => ({ byteMatchStatement: { fieldToMatch: field, positionalConstraint: 'EXACTLY', searchString: value, textTransformations: [{ priority: 0, type: 'NONE' }] } });
    expect(rule).toMatchObject({ action: { block: { customResponse: { responseCode: 429 } } } });
    expect(rule.statement).toEqual({
      rateBasedStatement: {
        limit: REQUEST_ACCESS_LIMIT.limit,
        evaluationWindowSec: REQUEST_ACCESS_LIMIT.windowMs / 1000,
        aggregateKeyType: 'IP',
        scopeDownStatement: { andStatement: { statements: [exactly({ method: {} }, 'POST'), exactly({ uriPath: {} }, '/prod/request-access')] } },
      },
    });
  },
  apiOnlyThroughItsEdge: (s) => {
    // CloudFront proves the origin with the header the function requires (an HMAC of the app secret, not the secret).
    const origin = only(distribution(s, 'ApiEdge').inputs.origins as any[]);
    expect(origin.customHeaders).toEqual([{ name: 'x-origin-verify', value: edgeOriginValue(SYNTH_SECRETS.AppSecret) }]);
    expect(JSON.stringify(distribution(s, 'ApiEdge').inputs)).not.toContain(SYNTH_SECRETS.AppSecret);
    const env = functionEnvironment(s, 'ApiFunction');
    expect(env.API_REQUIRE_EDGE).toBe('cloudfront');
    // Everything that tells a client where the API is names the edge; the execute-api address appears nowhere.
    expect(env.API_URL).toBe(`${apiEdgeUrl(s)}/prod`);
    const browser = JSON.parse(named(s, 'command:local:Command', 'WebBuilder').inputs.environment.APP_BROWSER_CONFIG);
    expect(browser.apiUrl).toBe(`${apiEdgeUrl(s)}/prod`);
    expect(s.outputs.api).toBe(`${apiEdgeUrl(s)}/prod`);
    const published = JSON.stringify([env, browser, s.outputs, named(s, 'aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy', 'WebSecurityHeaders').inputs]);
    expect(published).not.toContain(new URL(gatewayEndpoint(s)).host);
  },

  // ---- sign-in
  cognitoUserPool: (s) => {
    const pool = named(s, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs;
    expect(pool.adminCreateUserConfig).toEqual({ allowAdminCreateUserOnly: true });
    expect(pool.accountRecoverySetting).toEqual({ recoveryMechanisms: [{ name: 'verified_email', priority: 1 }] });
    expect(pool.mfaConfiguration).toBe('OPTIONAL');
    expect(pool.softwareTokenMfaConfiguration).toEqual({ enabled: true });
    expect(pool.smsConfiguration, 'TOTP only: no SMS MFA').toBeUndefined();
    expect(pool.deletionProtection).toBe('ACTIVE');
    expect(pool.userPoolAddOns).toEqual({ advancedSecurityMode: 'AUDIT' });
    expect(pool.passwordPolicy).toMatchObject({ minimumLength: 12, requireSymbols: true });
    // Without a configured SES identity Cognito's own sender is used (about 50 mails a day, docs/deployment.md).
    expect(pool.emailConfiguration).toEqual({ emailSendingAccount: 'COGNITO_DEFAULT' });
  },
  cognitoWebClient: (s) => {
    const client = named(s, 'aws:cognito/userPoolClient:UserPoolClient', 'WebClient').inputs;
    expect(client.generateSecret).toBe(false);
    expect(client.explicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    // Sign-in and reset answers do not tell whether an account exists (issue 28 item 5).
    expect(client.preventUserExistenceErrors).toBe('ENABLED');
  },

  // ---- import jobs
  importFunctionTakesJobsFromQueue: (s) => {
    const importFn = fn(s, 'ImportFunction');
    expect(importFn.inputs).toMatchObject({ handler: 'packages/functions/src/handlers/import-job.handler', timeout: 900 });
    const mapping = named(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ImportJobsMapping');
    expect(mapping.inputs).toEqual(expect.objectContaining({ eventSourceArn: jobsQueue(s).state.arn, functionName: importFn.state.name, batchSize: 1 }));
    expect(s.builds.map((b) => b.functionID)).toContain('ImportFunction');
  },
  importQueueRedrive: (s) => {
    expect(jobsQueue(s).inputs.visibilityTimeoutSeconds).toBeGreaterThan(900);
    const dlq = named(s, 'aws:sqs/queue:Queue', 'ImportJobsDeadLetters');
    expect(JSON.parse(jobsQueue(s).inputs.redrivePolicy ?? 'null')).toEqual({ deadLetterTargetArn: dlq.state.arn, maxReceiveCount: 2 });
  },
  apiEnqueuesImportJobs: (s) => {
    expect(functionEnvironment(s, 'ApiFunction').IMPORT_QUEUE_URL).toBe(jobsQueue(s).state.url);
    const send = functionStatements(s, 'ApiFunction').filter((st) => st.Action.includes('sqs:SendMessage'));
    // The import queue and the review queue (review-jobs.test.ts), no other.
    expect(send.flatMap((st) => st.Resource).sort()).toEqual([jobsQueue(s).state.arn, reviewQueue(s).state.arn].sort());
  },
  importFunctionPermissions: (s) => {
    const statements = functionStatements(s, 'ImportFunction');
    expect(actionsOf(statements).filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:') && !a.startsWith('kms:'))).toEqual([
      'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem',
      's3:DeleteObject', 's3:GetObject',
      'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage',
    ]);
    expect(statements.find((st) => st.Action.includes('sqs:ReceiveMessage'))!.Resource).toEqual([jobsQueue(s).state.arn]);
  },

  // ---- review jobs
  reviewFunctionTakesJobsFromQueue: (s) => {
    const reviewFn = fn(s, 'ReviewFunction');
    expect(reviewFn.inputs).toMatchObject({ handler: 'packages/functions/src/handlers/review-job.handler', timeout: 900, memorySize: 1024 });
    const mapping = named(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewJobsMapping');
    expect(mapping.inputs).toEqual(expect.objectContaining({ eventSourceArn: reviewQueue(s).state.arn, functionName: reviewFn.state.name, batchSize: 1 }));
    // It puts a job's continuation on its own queue.
    expect(functionEnvironment(s, 'ReviewFunction').REVIEW_QUEUE_URL).toBe(reviewQueue(s).state.url);
    // And reads the dead letters, told which records come from there.
    const dlq = named(s, 'aws:sqs/queue:Queue', 'ReviewJobsDeadLetters');
    const dead = named(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewDeadLettersMapping');
    expect(dead.inputs).toEqual(expect.objectContaining({ eventSourceArn: dlq.state.arn, functionName: reviewFn.state.name, batchSize: 1 }));
    expect(functionEnvironment(s, 'ReviewFunction').REVIEW_DEAD_LETTERS_ARN).toBe(dlq.state.arn);
    expect(s.builds.map((b) => b.functionID)).toContain('ReviewFunction');
  },
  reviewFunctionConcurrency: (s) => {
    // At most ten review steps and exports at once across all users, the API keeping the rest.
    expect(fn(s, 'ReviewFunction').inputs.reservedConcurrentExecutions).toBe(10);
    // The pollers never ask for more than it may run (a throttled delivery counts towards the dead letters).
    const held = (name: string) => named(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', name).inputs.scalingConfig?.maximumConcurrency as number | undefined;
    expect([held('ReviewJobsMapping'), held('ReviewDeadLettersMapping')]).toEqual([8, 2]);
    expect(held('ReviewJobsMapping')! + held('ReviewDeadLettersMapping')!).toBeLessThanOrEqual(fn(s, 'ReviewFunction').inputs.reservedConcurrentExecutions);
  },
  reviewQueueRedrive: (s) => {
    expect(reviewQueue(s).inputs.visibilityTimeoutSeconds).toBeGreaterThan(900);
    expect(reviewQueue(s).inputs.sqsManagedSseEnabled).toBe(true);
    const dlq = named(s, 'aws:sqs/queue:Queue', 'ReviewJobsDeadLetters');
    // Five deliveries, as AWS advises where Lambda reads a queue: a throttled delivery counts as one.
    expect(JSON.parse(reviewQueue(s).inputs.redrivePolicy ?? 'null')).toEqual({ deadLetterTargetArn: dlq.state.arn, maxReceiveCount: 5 });
    expect(dlq.inputs.messageRetentionSeconds).toBe(1_209_600);
    // The function reads the dead letters too: Lambda asks a queue's visibility to be at least the function's timeout.
    expect(dlq.inputs.visibilityTimeoutSeconds ?? 30).toBeGreaterThan(900);
    // A queued job waits no longer than the queue keeps its message (review-apply.ts JOB_QUEUED_HORIZON_MS).
    expect(reviewQueue(s).inputs.messageRetentionSeconds * 1000).toBeLessThan(JOB_QUEUED_HORIZON_MS);
  },
  apiEnqueuesReviewJobs: (s) => {
    expect(functionEnvironment(s, 'ApiFunction').REVIEW_QUEUE_URL).toBe(reviewQueue(s).state.url);
    const send = functionStatements(s, 'ApiFunction').filter((st) => st.Action.includes('sqs:SendMessage'));
    expect(send.flatMap((st) => st.Resource)).toContain(reviewQueue(s).state.arn);
  },
  reviewFunctionPermissions: (s) => {
    const statements = functionStatements(s, 'ReviewFunction');
    expect(wildcards(statements)).toEqual([]);
    expect(actionsOf(statements).filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:') && !a.startsWith('kms:'))).toEqual([
      'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem',
      's3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging',
      'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage', 'sqs:SendMessage',
    ]);
    const bucket = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket as string;
    const objects = statements.filter((st) => st.Action.some((a) => a.startsWith('s3:')));
    const analyses = `arn:aws:s3:::${bucket}/users/*/analyses/*`;
    // The stored findings index, findings, records and cases read only; writing and deleting only the job's own list under work/
    // (which S3 expires); writing only the findings download.
    expect(objects.map((st) => [st.Action.slice().sort(), st.Resource])).toEqual([
      [['s3:GetObject'], [`${analyses}/findings-index.bin`]],
      [['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'], [`${analyses}/work/review-jobs/*`]],
      [['s3:GetObject'], [`${analyses}/findings.ndjson`, `${analyses}/high-records.ndjson`, `${analyses}/cases.json`]],
      [['s3:AbortMultipartUpload', 's3:PutObject'], [`${analyses}/findings.xlsx`, `${analyses}/findings.csv`]],
    ]);
    // Its queue (taking and continuing jobs) and its dead letters (taking only).
    expect(statements.filter((x) => x.Action.some((a) => a.startsWith('sqs:'))).map((st) => [st.Action.slice().sort(), st.Resource])).toEqual([
      [['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage', 'sqs:SendMessage'], [reviewQueue(s).state.arn]],
      [['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage'], [named(s, 'aws:sqs/queue:Queue', 'ReviewJobsDeadLetters').state.arn]],
    ]);
  },

  // ---- IAM and secrets
  iamReviewPasses: (s) => {
    expect(iamProblems(s)).toEqual([]);
  },
  apiRolePermissions: (s) => {
    const statements = functionStatements(s, 'ApiFunction');
    expect(wildcards(statements)).toEqual([]);
    expect(actionsOf(statements)).toEqual([
      // Invitations; the admin check's "has this administrator TOTP MFA on" (docs/security.md).
      'cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser',
      'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem',
      // The data key, through S3 and DynamoDB only.
      'kms:CreateGrant', 'kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey',
      // AWSLambdaBasicExecutionRole, which SST attaches to every function (its own log group).
      'logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents',
      's3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject', 's3:PutObjectTagging',
      'sqs:SendMessage',
      'states:StartExecution',
      // AWSXRayDaemonWriteAccess (tracing).
      'xray:GetSamplingRules', 'xray:GetSamplingStatisticSummaries', 'xray:GetSamplingTargets', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments',
    ]);
    for (const action of ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser']) {
      const cognito = statements.find((st) => st.Action.includes(action))!;
      expect(cognito.Resource, action).toEqual([named(s, 'aws:cognito/userPool:UserPool', 'UserPool').state.arn]);
    }
  },
  pipelineRolePermissions: (s) => {
    const statements = functionStatements(s, 'PipelineFunction');
    expect(wildcards(statements)).toEqual([]);
    const actions = actionsOf(statements);
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('states:'))).toEqual([]);
    expect(actions).toContain('s3:PutObjectTagging');
    expect(actions).toContain('dynamodb:UpdateItem');
  },
  objectsAndItemsScopedToBucketAndTable: (s) => {
    const bucket = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket as string;
    const tableArn = named(s, 'aws:dynamodb/table:Table', 'TableTable').state.arn as string;
    for (const name of FUNCTIONS) {
      for (const st of functionStatements(s, name)) {
        if (st.Action.includes('s3:ListBucket')) expect(st.Resource).toEqual([`arn:aws:s3:::${bucket}`]);
        // Every object of the bucket, or (the review function) some keys of it.
        else if (st.Action.some((a) => a.startsWith('s3:'))) for (const r of st.Resource) expect(r.startsWith(`arn:aws:s3:::${bucket}/`), r).toBe(true);
        if (st.Action.some((a) => a.startsWith('dynamodb:'))) expect(st.Resource).toEqual([tableArn]);
      }
    }
  },
  stateMachineRole: (s) => {
    const statements = statementsOf([named(s, 'aws:iam/rolePolicy:RolePolicy', 'PipelineStateMachineInvoke').inputs.policy]);
    const onStar = statements.filter((st) => st.Resource.includes('*'));
    expect(onStar.flatMap((st) => st.Action).every((a) => a.startsWith('logs:') || a.startsWith('xray:'))).toBe(true);
    expect(wildcards(statements)).toEqual([]);
    const pipelineArn = fn(s, 'PipelineFunction').state.arn;
    expect(statements.find((st) => st.Action.includes('lambda:InvokeFunction'))!.Resource).toEqual([pipelineArn, `${pipelineArn}:*`]);
  },
  noSecretInEnvironment: (s) => {
    for (const name of FUNCTIONS) {
      const env = functionEnvironment(s, name);
      expect(Object.keys(env)).not.toContain('APP_SECRET');
      expect(Object.values(env)).not.toContain(SYNTH_SECRETS.AppSecret);
    }
  },
  appSecretLinkedToApiOnly: (s) => {
    const links = Object.fromEntries(s.builds.map((b) => [b.functionID, Object.keys(b.links).sort()]));
    expect(links).toEqual({ ApiFunction: ['AppSecret'], ImportFunction: [], PipelineFunction: ['AiApiKey'], ReviewFunction: [] });
    expect(s.builds.find((b) => b.functionID === 'ApiFunction')!.links.AppSecret).toMatchObject({ value: SYNTH_SECRETS.AppSecret });
  },
} satisfies Record<string, Check>;

export type CheckName = keyof typeof CHECKS;

/** The web dev server's address under `sst dev` (stacks/web.ts webDev). */
export const DEV_URL = 'http://localhost:5173';

/**
 * What `sst dev` needs, on the dev-mode synthesis (dev-mode.test.ts, which also mutates it):
 * real origins, the dev server pointed at the stage, the API without the edge, a data path here.
 */
export const DEV_CHECKS = {
  devApiOriginIsTheDevServer: (s) => {
    expect(functionEnvironment(s, 'ApiFunction').WEB_ORIGIN).toBe(DEV_URL);
    expect(JSON.stringify(s.resources.map((r) => r.inputs))).not.toContain('url-unavailable-in-dev');
  },
  devBucketCorsForTheDevServer: (s) => {
    const storage = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const cors = only(ofType(s, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2').filter((c) => c.inputs.bucket === storage));
    expect(cors.inputs.corsRules[0].allowedOrigins).toEqual([DEV_URL]);
  },
  devServerGetsTheStage: (s) => {
    const dev = named(s, 'sst:aws:StaticSite', 'Web').outputs!._dev;
    expect(dev).toMatchObject({ command: 'npx vite --port 5173 --strictPort', directory: 'web', autostart: true });
    expect(JSON.parse(dev.environment?.APP_BROWSER_CONFIG ?? 'null')).toEqual({ apiUrl: s.outputs.api, region: REGION, userPoolId: s.outputs.userPoolId, userPoolClientId: s.outputs.userPoolClientId });
  },
  devApiWithoutTheEdge: (s) => {
    // No distribution and no ACL are deployed: the dev server calls the execute-api address, and the function does not ask for the edge's header.
    expect(s.outputs.api).toBe(`${gatewayEndpoint(s)}/prod`);
    const env = functionEnvironment(s, 'ApiFunction');
    expect(env.API_URL).toBe(`${gatewayEndpoint(s)}/prod`);
    expect(env.API_REQUIRE_EDGE).toBeUndefined();
    expect(ofType(s, 'aws:cloudfront/distribution:Distribution').filter((d) => d.name.startsWith('ApiEdge'))).toEqual([]);
  },
  devFunctionsRunHere: (s) => {
    expect(s.devTargets.map((t) => t.functionID).sort()).toEqual(['ApiFunction', 'ImportFunction', 'PipelineFunction', 'ReviewFunction']);
    expect(s.builds).toEqual([]);
  },
  devDataPathExistsHere: (s) => {
    for (const name of ['ApiFunction', 'PipelineFunction']) {
      const dir = functionEnvironment(s, name).APP_DATA_DIR!;
      expect(dir).toBe(join(REPO_ROOT, 'packages/core/data'));
      expect(existsSync(dir) && readdirSync(dir).length).toBeGreaterThan(0);
    }
  },
  devStageReadsDefaultSettings: (s) => {
    expect(named(s, 'aws:cloudwatch/logGroup:LogGroup', 'PipelineFunctionLogGroup').inputs.retentionInDays).toBe(7);
    expect(named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').inputs.forceDestroy).toBe(true);
    expect(named(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.deletionProtectionEnabled).toBe(false);
  },
} satisfies Record<string, Check>;

export type DevCheckName = keyof typeof DEV_CHECKS;

/** What deploy-settings.test.ts writes into a prod.json (beside the committed values) and the synthesis must follow. */
export const STAGE_FILE = {
  AI_MODELS: JSON.stringify([{ name: 'Claude EU', id: 'eu.anthropic.claude-3-5-sonnet-20240620-v1:0' }, { name: 'Claude 3.5 Haiku', id: 'anthropic.claude-3-5-haiku-20241022-v1:0' }]),
  WEB_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/3a958790-8878-4cdc-a396-06d95064cf63',
  COGNITO_SES_IDENTITY_ARN: 'arn:aws:ses:eu-central-1:123456789012:identity/example.com',
  COGNITO_FROM_ADDRESS: 'SAP Security Analyzer <no-reply@example.com>',
  AI_PROVIDER: 'bedrock',
  AI_PRICE_INPUT_PER_MTOK: '0.5',
  ALARM_EMAIL: 'ops@example.com',
  UPLOAD_EXPIRY_DAYS: 90,
  LOG_RETENTION: '1 year',
  PIPELINE_RESERVED_CONCURRENCY: 7,
  WEB_DOMAIN: 'sap-analyzer.example.com',
};

/** The stage-settings synthesis (deploy-settings.test.ts, which also mutates it): what the file says, and nothing wider. */
export const SETTINGS_CHECKS = {
  cognitoSendsThroughSes: (s) => {
    expect(named(s, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs.emailConfiguration).toEqual({
      emailSendingAccount: 'DEVELOPER',
      sourceArn: STAGE_FILE.COGNITO_SES_IDENTITY_ARN,
      fromEmailAddress: STAGE_FILE.COGNITO_FROM_ADDRESS,
    });
  },
  aiSettingsFromTheFile: (s) => {
    for (const name of ['ApiFunction', 'PipelineFunction']) {
      expect(functionEnvironment(s, name)).toMatchObject({ AI_PROVIDER: 'bedrock', AI_PRICE_INPUT_PER_MTOK: '0.5', AI_MAX_CONCURRENT_CALLS: '4' });
    }
  },
  bedrockOnConfiguredModelsOnly: (s) => {
    const bedrock = functionStatements(s, 'PipelineFunction').filter((st) => st.Action.some((a) => a.startsWith('bedrock:')));
    expect(bedrock).toHaveLength(1);
    expect(bedrock[0]!.Action).toEqual(['bedrock:InvokeModel']);
    const resources = bedrock[0]!.Resource;
    // The catalogue the settings panel offers (AI_MODELS merged into the built-in list), each model by its own ARN.
    const catalogue = resolveModels(STAGE_FILE.AI_MODELS).map((m) => m.id);
    expect(resources).toHaveLength(catalogue.length + 1);
    expect(resources).toEqual(
      expect.arrayContaining([
        'arn:aws:bedrock:eu-central-1:123456789012:inference-profile/eu.anthropic.claude-3-5-sonnet-20240620-v1:0',
        'arn:aws:bedrock:*::foundation-model/anthropic.claude-3-5-sonnet-20240620-v1:0',
        'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0',
        'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-opus-20240229-v1:0',
      ]),
    );
    expect(resources.filter((r) => r.endsWith('/*') || r.endsWith(':*') || r === '*')).toEqual([]);
    for (const name of ['ApiFunction', 'ImportFunction', 'ReviewFunction']) expect(actionsOf(functionStatements(s, name)).filter((a) => a.startsWith('bedrock:'))).toEqual([]);
  },
  alarmAddressSubscribed: (s) => {
    const subscription = named(s, 'aws:sns/topicSubscription:TopicSubscription', 'AlarmsEmail');
    expect(subscription.inputs).toMatchObject({ protocol: 'email', endpoint: STAGE_FILE.ALARM_EMAIL, topic: named(s, 'aws:sns/topic:Topic', 'Alarms').state.arn });
  },
  uploadExpiryFromTheFile: (s) => {
    const lifecycle = named(s, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2', 'StorageLifecycle');
    expect(lifecycle.inputs.rules.find((r: { id: string }) => r.id === 'expire-uploads')?.expiration).toEqual({ days: 90 });
  },
  logRetentionFromTheFile: (s) => {
    for (const name of FUNCTIONS) expect(named(s, 'aws:cloudwatch/logGroup:LogGroup', `${name}LogGroup`).inputs.retentionInDays).toBe(365);
  },
  reservedConcurrencyFromTheFile: (s) => {
    expect(fn(s, 'PipelineFunction').inputs.reservedConcurrentExecutions).toBe(7);
  },
  customDomainWithTls12: (s) => {
    const web = distribution(s);
    expect(web.inputs.aliases).toEqual([STAGE_FILE.WEB_DOMAIN]);
    expect(web.inputs.viewerCertificate).toEqual({ acmCertificateArn: STAGE_FILE.WEB_CERTIFICATE_ARN, sslSupportMethod: 'sni-only', minimumProtocolVersion: 'TLSv1.2_2021' });
    expect(functionEnvironment(s, 'ApiFunction').WEB_ORIGIN).toBe(`https://${STAGE_FILE.WEB_DOMAIN}`);
    const storage = named(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const cors = only(ofType(s, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2').filter((c) => c.inputs.bucket === storage));
    expect(cors.inputs.corsRules[0].allowedOrigins).toEqual([`https://${STAGE_FILE.WEB_DOMAIN}`]);
  },
} satisfies Record<string, Check>;

export type SettingsCheckName = keyof typeof SETTINGS_CHECKS;
