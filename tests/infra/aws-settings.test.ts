/** What an AWS reviewer checks beyond IAM: throttling, the pipeline's failure handling, bucket rules, origins, sign-in. */
import { beforeAll, describe, expect, test } from 'vitest';
import { functionEnvironment, functionStatements, named, ofType, only } from './review.ts';
import { REGION } from './synth-mocks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

test('the HTTP API is throttled', () => {
  const stage = named(synthesis, 'aws:apigatewayv2/stage:Stage', 'ApiStage');
  expect(stage.inputs.defaultRouteSettings).toMatchObject({ throttlingRateLimit: 50, throttlingBurstLimit: 100 });
});

describe('the analysis pipeline', () => {
  test('the state machine logs errors without execution data and stops an analysis after 4 hours', () => {
    const machine = named(synthesis, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline');
    const logs = named(synthesis, 'aws:cloudwatch/logGroup:LogGroup', 'PipelineStateMachineLogs');
    expect(machine.inputs.loggingConfiguration).toEqual({ level: 'ERROR', includeExecutionData: false, logDestination: `${logs.state.arn}:*` });
    expect(logs.inputs.retentionInDays).toBe(90);
    const definition = JSON.parse(machine.inputs.definition);
    expect(definition.TimeoutSeconds).toBe(14_400);
    expect(definition.States.MarkFailed.Type).toBe('Task');
  });

  test('an execution that fails, times out or is aborted reaches the pipeline function, which marks the analysis failed', () => {
    const rule = named(synthesis, 'aws:cloudwatch/eventRule:EventRule', 'PipelineExecutionFailed');
    const machine = named(synthesis, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline');
    expect(JSON.parse(rule.inputs.eventPattern)).toEqual({
      source: ['aws.states'],
      'detail-type': ['Step Functions Execution Status Change'],
      detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [machine.state.arn] },
    });
    const pipeline = named(synthesis, 'aws:lambda/function:Function', 'PipelineFunctionFunction');
    const target = named(synthesis, 'aws:cloudwatch/eventTarget:EventTarget', 'PipelineExecutionFailedTarget');
    expect(target.inputs.arn).toBe(pipeline.state.arn);
    expect(target.inputs.retryPolicy.maximumRetryAttempts).toBeGreaterThan(0);
    const permission = named(synthesis, 'aws:lambda/permission:Permission', 'PipelineExecutionFailedInvoke');
    expect(permission.inputs).toMatchObject({ principal: 'events.amazonaws.com', sourceArn: rule.state.arn, action: 'lambda:InvokeFunction' });
  });

  test('the pipeline function is sized to the one vCPU its engine thread uses', () => {
    const pipeline = named(synthesis, 'aws:lambda/function:Function', 'PipelineFunctionFunction');
    expect(pipeline.inputs.memorySize).toBe(1769);
    expect(pipeline.inputs.timeout).toBe(900);
  });

  test('API and pipeline see the same AI settings', () => {
    const env = (fn: string) => named(synthesis, 'aws:lambda/function:Function', `${fn}Function`).inputs.environment.variables as Record<string, string>;
    const ai = (vars: Record<string, string>) => Object.fromEntries(Object.entries(vars).filter(([k]) => k.startsWith('AI_')));
    expect(ai(env('ApiFunction'))).toEqual(ai(env('PipelineFunction')));
  });
});

test('the bucket aborts stale multipart uploads and expires work leftovers and risk exports', () => {
  const lifecycle = only(ofType(synthesis, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2'));
  const rules = Object.fromEntries(lifecycle.inputs.rules.map((r: { id: string }) => [r.id, r]));
  expect(rules['abort-incomplete-uploads']).toMatchObject({ status: 'Enabled', abortIncompleteMultipartUpload: { daysAfterInitiation: 1 } });
  expect(rules['expire-work-leftovers']).toMatchObject({ status: 'Enabled', filter: { tag: { key: 'lifecycle', value: 'work' } }, expiration: { days: 7 } });
  expect(rules['expire-risk-exports']).toMatchObject({ status: 'Enabled', filter: { prefix: 'admin/exports/' }, expiration: { days: 1 } });
  expect(rules['expire-list-imports']).toMatchObject({ status: 'Enabled', filter: { prefix: 'admin/imports/' }, expiration: { days: 1 } });
  // Uploaded SAP files (tagged by the presigned form) expire after the stage's UPLOAD_EXPIRY_DAYS: 30 in prod.json.
  expect(rules['expire-uploads']).toMatchObject({ status: 'Enabled', filter: { tag: { key: 'lifecycle', value: 'upload' } }, expiration: { days: 30 } });
  expect(lifecycle.inputs.bucket).toBe(named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket);
});

describe('origins', () => {
  test("the API allows the web's origin only: no gateway CORS (never `*`), the function told the distribution's URL", () => {
    const gateway = named(synthesis, 'aws:apigatewayv2/api:Api', 'ApiApi').inputs;
    const cors = gateway.corsConfiguration ?? {};
    expect(cors.allowOrigins ?? []).not.toContain('*');
    expect(cors).toEqual({});
    const distribution = named(synthesis, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution');
    expect(functionEnvironment(synthesis, 'ApiFunction').WEB_ORIGIN).toBe(`https://${distribution.state.domainName}`);
  });

  test('the storage bucket accepts browser requests from the web origin only', () => {
    const storage = named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const cors = ofType(synthesis, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2').filter((c) => c.inputs.bucket === storage);
    const distribution = named(synthesis, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution');
    expect(only(cors).inputs.corsRules).toEqual([
      { allowedOrigins: [`https://${distribution.state.domainName}`], allowedMethods: ['GET', 'POST', 'HEAD'], allowedHeaders: ['content-type'], exposeHeaders: ['ETag'], maxAgeSeconds: 3000 },
    ]);
  });

  test('the CSP lets the browser connect to the API, Cognito and the bucket, and no other AWS host', () => {
    const policy = named(synthesis, 'aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy', 'WebSecurityHeaders');
    const csp: string = policy.inputs.securityHeadersConfig.contentSecurityPolicy.contentSecurityPolicy;
    const connect = /connect-src ([^;]+)/.exec(csp)![1]!.split(' ');
    const apiEndpoint = named(synthesis, 'aws:apigatewayv2/api:Api', 'ApiApi').state.apiEndpoint;
    const bucket = named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state;
    expect(connect).toEqual(["'self'", apiEndpoint, `https://cognito-idp.${REGION}.amazonaws.com`, `https://${bucket.bucketRegionalDomainName}`]);
    expect(csp).not.toContain('*');
    expect(csp).toContain("frame-ancestors 'none'");
    const distribution = named(synthesis, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution');
    expect(distribution.inputs.defaultCacheBehavior.responseHeadersPolicyId).toBe(policy.state.id ?? 'websecurityheaders-id');
  });
});

test('Cognito: invitation only, e-mail recovery, optional TOTP, protected in prod, strong passwords', () => {
  const pool = named(synthesis, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs;
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
  const client = named(synthesis, 'aws:cognito/userPoolClient:UserPoolClient', 'WebClient').inputs;
  expect(client.generateSecret).toBe(false);
  expect(client.explicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
});

describe('data safety in production', () => {
  test('the bucket is never emptied by a removal, the table cannot be deleted', () => {
    expect(named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').inputs.forceDestroy).toBe(false);
    expect(named(synthesis, 'aws:dynamodb/table:Table', 'TableTable').inputs.deletionProtectionEnabled).toBe(true);
  });

  test('bucket and table are encrypted with a customer-managed key that rotates, which the functions may use only through S3 and DynamoDB', () => {
    const key = named(synthesis, 'aws:kms/key:Key', 'DataKey');
    expect(key.inputs).toMatchObject({ enableKeyRotation: true, deletionWindowInDays: 30 });
    const storage = named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket;
    const encryption = named(synthesis, 'aws:s3/bucketServerSideEncryptionConfigurationV2:BucketServerSideEncryptionConfigurationV2', 'StorageEncryption');
    expect(encryption.inputs).toEqual({ bucket: storage, rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: 'aws:kms', kmsMasterKeyId: key.state.arn }, bucketKeyEnabled: true }] });
    expect(named(synthesis, 'aws:dynamodb/table:Table', 'TableTable').inputs.serverSideEncryption).toEqual({ enabled: true, kmsKeyArn: key.state.arn });
    for (const fn of ['ApiFunction', 'PipelineFunction']) {
      const kms = functionStatements(synthesis, fn).filter((s) => s.Action.some((a) => a.startsWith('kms:')));
      expect(kms.map((s) => s.Resource)).toEqual([[key.state.arn]]);
    }
  });
});

describe('functions', () => {
  test('arm64, JSON logs kept as the stage says (3 months in prod), X-Ray tracing on functions and state machine', () => {
    for (const fn of ['ApiFunction', 'PipelineFunction']) {
      const inputs = named(synthesis, 'aws:lambda/function:Function', `${fn}Function`).inputs;
      expect(inputs.architectures).toEqual(['arm64']);
      expect(inputs.loggingConfig.logFormat).toBe('JSON');
      expect(inputs.tracingConfig).toEqual({ mode: 'Active' });
      expect(named(synthesis, 'aws:cloudwatch/logGroup:LogGroup', `${fn}LogGroup`).inputs.retentionInDays).toBe(90);
      expect(named(synthesis, 'aws:iam/role:Role', `${fn}Role`).inputs.managedPolicyArns).toContain('arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess');
    }
    expect(named(synthesis, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline').inputs.tracingConfiguration).toEqual({ enabled: true });
  });

  test("the build date is not in a function's configuration (it changed both functions on every deploy); the version is the release's", () => {
    for (const fn of ['ApiFunction', 'PipelineFunction']) {
      const env = functionEnvironment(synthesis, fn);
      expect(Object.keys(env)).not.toContain('APP_BUILD_DATE');
      expect(Object.values(env)).not.toContain(new Date().toISOString().slice(0, 10));
      expect(env.APP_VERSION).toBe('2.0.0');
    }
  });

  test('prod.json sets no AI provider: no role may call a Bedrock model', () => {
    for (const fn of ['ApiFunction', 'PipelineFunction']) expect(functionStatements(synthesis, fn).filter((s) => s.Action.some((a) => a.startsWith('bedrock:')))).toEqual([]);
  });
});

test("without a custom domain the distribution uses CloudFront's own certificate", () => {
  const distribution = named(synthesis, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution');
  expect(distribution.inputs.viewerCertificate).toEqual({ cloudfrontDefaultCertificate: true });
  expect(distribution.inputs.aliases).toEqual([]);
});

test('a per-client limit at the edge: a WAF rate rule per address on the distribution, created in us-east-1', () => {
  const acl = named(synthesis, 'aws:wafv2/webAcl:WebAcl', 'WebEdgeAcl');
  expect(acl.inputs).toMatchObject({ scope: 'CLOUDFRONT', defaultAction: { allow: {} } });
  expect(acl.inputs.rules).toEqual([
    expect.objectContaining({ name: 'per-client-rate', action: { block: {} }, statement: { rateBasedStatement: { limit: 1000, aggregateKeyType: 'IP', evaluationWindowSec: 300 } } }),
  ]);
  const provider = named(synthesis, 'pulumi:providers:aws', 'UsEast1');
  expect(provider.inputs.region).toBe('us-east-1');
  const distribution = named(synthesis, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution');
  expect(distribution.inputs.webAclId).toBe(acl.state.arn);
});
