/**
 * Every assertion fails when its setting is removed: each check of checks.ts (the ones the suites
 * run on the default synthesis) runs here on copies of that synthesis with one setting removed or
 * weakened, and must report it. One synthesis, many copies: the mutations cost milliseconds.
 * A check that has no mutation here fails the last test, so a new check comes with its own.
 */
import { beforeAll } from 'vitest';
import { edgeOriginValue } from '../../packages/functions/src/handlers/edge-origin.ts';
import { CHECKS, type CheckName } from './checks.ts';
import { describeMutations, editStatements, env, fnInputs, grant, type Mutation, remove, res } from './mutation-runner.ts';
import { SYNTH_SECRETS } from './synth-mocks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

const alarm = (s: Synthesis, name: string) => res(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', name);
const pool = (s: Synthesis) => res(s, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs;
const acl = (s: Synthesis, name: string) => res(s, 'aws:wafv2/webAcl:WebAcl', name).inputs;
const edge = (s: Synthesis) => res(s, 'aws:cloudfront/distribution:Distribution', 'ApiEdge').inputs;
const lifecycleRules = (s: Synthesis) => res(s, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2', 'StorageLifecycle').inputs.rules as { id: string; status: string }[];
const gatewayUrl = (s: Synthesis) => `${res(s, 'aws:apigatewayv2/api:Api', 'ApiApi').state.apiEndpoint}/prod`;

const MUTATIONS: Mutation<CheckName>[] = [
  // the app as a whole
  { check: 'functionsOnNode22', what: 'the import function on Node 20', mutate: (s) => void (fnInputs(s, 'ImportFunction').runtime = 'nodejs20.x') },
  { check: 'functionsOnNode22', what: 'a function not bundled', mutate: (s) => void (s.builds = s.builds.filter((b) => b.functionID !== 'ImportFunction')) },
  { check: 'outputs', what: "the api output naming the execute-api address", mutate: (s) => void (s.outputs.api = gatewayUrl(s)) },
  { check: 'outputs', what: 'the app not protected in prod', mutate: (s) => void (s.outputs._protect = false) },

  // alarms and dead letters
  { check: 'alarmsNotifyOneTopic', what: 'an alarm that notifies nobody', mutate: (s) => void (alarm(s, 'AlarmApiErrors').inputs.alarmActions = []) },
  { check: 'alarmsNotifyOneTopic', what: 'an alarm silent on recovery', mutate: (s) => void delete alarm(s, 'AlarmPipelineThrottles').inputs.okActions },
  { check: 'alarmsNotifyOneTopic', what: 'missing data treated as breaching', mutate: (s) => void (alarm(s, 'AlarmExecutionsFailed').inputs.treatMissingData = 'breaching') },
  { check: 'alarmsNotifyOneTopic', what: 'the topic not in the outputs', mutate: (s) => void delete s.outputs.alarmTopic },
  { check: 'alarmsOnPipelineExecutions', what: 'no alarm on timed-out executions', mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmExecutionsTimedOut') },
  { check: 'alarmsOnPipelineExecutions', what: 'the failed-executions alarm on another state machine', mutate: (s) => void (alarm(s, 'AlarmExecutionsFailed').inputs.dimensions = { StateMachineArn: 'arn:aws:states:eu-central-1:123456789012:stateMachine:other' }) },
  { check: 'alarmsOnFunctionErrorsAndThrottles', what: "no alarm on the import function's throttles", mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmImportThrottles') },
  { check: 'alarmsOnFunctionErrorsAndThrottles', what: "no alarm on the API function's errors", mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmApiErrors') },
  { check: 'alarmOnApi5xx', what: 'no alarm on API 5xx', mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmApi5xx') },
  { check: 'alarmOnBedrockThrottles', what: 'no alarm on Bedrock throttling', mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmBedrockThrottles') },
  { check: 'alarmsOnDeadLetterQueues', what: "no alarm on the failed-events queue's depth", mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmFailedEventsQueue') },
  { check: 'alarmsOnDeadLetterQueues', what: "no alarm on the import dead letters' depth", mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmImportDeadLetters') },
  { check: 'alarmsOnDeadLetterQueues', what: "no alarm on the review dead letters' depth", mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmReviewDeadLetters') },
  { check: 'alarmsOnFunctionErrorsAndThrottles', what: "no alarm on the review function's errors", mutate: (s) => remove(s, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmReviewErrors') },
  { check: 'eventTargetDeadLetterQueue', what: 'no dead-letter queue on the EventBridge target', mutate: (s) => void delete res(s, 'aws:cloudwatch/eventTarget:EventTarget', 'PipelineExecutionFailedTarget').inputs.deadLetterConfig },
  { check: 'eventTargetDeadLetterQueue', what: 'EventBridge not allowed to write to the queue', mutate: (s) => remove(s, 'aws:sqs/queuePolicy:QueuePolicy', 'PipelineFailedEventsPolicy') },
  { check: 'eventTargetDeadLetterQueue', what: 'dead letters kept 4 days', mutate: (s) => void (res(s, 'aws:sqs/queue:Queue', 'PipelineFailedEvents').inputs.messageRetentionSeconds = 345_600) },
  { check: 'pipelineOnFailureDestination', what: 'no on-failure destination', mutate: (s) => void delete res(s, 'aws:lambda/functionEventInvokeConfig:FunctionEventInvokeConfig', 'PipelineAsyncFailures').inputs.destinationConfig },
  { check: 'pipelineOnFailureDestination', what: 'the pipeline may not send to the queue', mutate: (s) => editStatements(s, 'PipelineFunctionRole', (st) => void (st.Action = st.Action.filter((a: string) => a !== 'sqs:SendMessage'))) },
  { check: 'pipelineReservedConcurrency', what: 'no reserved concurrency', mutate: (s) => void delete fnInputs(s, 'PipelineFunction').reservedConcurrentExecutions },

  // the pipeline
  { check: 'stageThrottle', what: 'no stage throttle', mutate: (s) => void (res(s, 'aws:apigatewayv2/stage:Stage', 'ApiStage').inputs.defaultRouteSettings = {}) },
  { check: 'stateMachineLogsAndTimeout', what: "users' records in the state machine's logs", mutate: (s) => void (res(s, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline').inputs.loggingConfiguration.includeExecutionData = true) },
  { check: 'stateMachineLogsAndTimeout', what: 'no overall timeout', mutate: (s) => {
    const machine = res(s, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline').inputs;
    const { TimeoutSeconds: _, ...rest } = JSON.parse(machine.definition);
    machine.definition = JSON.stringify(rest);
  } },
  { check: 'failedExecutionsReachPipeline', what: 'timed-out executions not marked failed', mutate: (s) => {
    const rule = res(s, 'aws:cloudwatch/eventRule:EventRule', 'PipelineExecutionFailed').inputs;
    const pattern = JSON.parse(rule.eventPattern);
    pattern.detail.status = ['FAILED'];
    rule.eventPattern = JSON.stringify(pattern);
  } },
  { check: 'failedExecutionsReachPipeline', what: 'the target never retried', mutate: (s) => void (res(s, 'aws:cloudwatch/eventTarget:EventTarget', 'PipelineExecutionFailedTarget').inputs.retryPolicy.maximumRetryAttempts = 0) },
  { check: 'pipelineSizedToOneVcpu', what: 'the pipeline with less than a vCPU', mutate: (s) => void (fnInputs(s, 'PipelineFunction').memorySize = 1024) },
  { check: 'pipelineAllocatorSettings', what: "the pipeline without the allocator's settings", mutate: (s) => void delete env(s, 'PipelineFunction').MALLOC_MMAP_THRESHOLD_ },
  { check: 'sameAiSettingsForApiAndPipeline', what: 'the pipeline told another AI provider than the API', mutate: (s) => void (env(s, 'PipelineFunction').AI_PROVIDER = 'bedrock') },
  { check: 'sameAiSettingsForApiAndPipeline', what: 'no cap on concurrent model calls', mutate: (s) => {
    delete env(s, 'PipelineFunction').AI_MAX_CONCURRENT_CALLS;
    delete env(s, 'ApiFunction').AI_MAX_CONCURRENT_CALLS;
  } },

  // data safety
  { check: 'bucketLifecycle', what: 'uploads never expire', mutate: (s) => {
    const l = res(s, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2', 'StorageLifecycle').inputs;
    l.rules = l.rules.filter((r: { id: string }) => r.id !== 'expire-uploads');
  } },
  { check: 'bucketLifecycle', what: 'the upload expiry disabled', mutate: (s) => void (lifecycleRules(s).find((r) => r.id === 'expire-uploads')!.status = 'Disabled') },
  { check: 'bucketLifecycle', what: 'incomplete uploads kept', mutate: (s) => void (lifecycleRules(s).find((r) => r.id === 'abort-incomplete-uploads')!.status = 'Disabled') },
  { check: 'bucketNeverEmptiedByRemoval', what: 'forceDestroy in prod', mutate: (s) => void (res(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').inputs.forceDestroy = true) },
  { check: 'tableDeletionProtection', what: 'no deletion protection', mutate: (s) => void (res(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.deletionProtectionEnabled = false) },
  { check: 'tableDeletionProtection', what: 'no point-in-time recovery', mutate: (s) => void delete res(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.pointInTimeRecovery },
  { check: 'dataKeyOnBucketAndTable', what: "the bucket on S3's own key", mutate: (s) => void (res(s, 'aws:s3/bucketServerSideEncryptionConfigurationV2:BucketServerSideEncryptionConfigurationV2', 'StorageEncryption').inputs.rules = [{ applyServerSideEncryptionByDefault: { sseAlgorithm: 'AES256' } }]) },
  { check: 'dataKeyOnBucketAndTable', what: "the table on DynamoDB's own key", mutate: (s) => void (res(s, 'aws:dynamodb/table:Table', 'TableTable').inputs.serverSideEncryption = { enabled: false }) },
  { check: 'dataKeyOnBucketAndTable', what: 'the key never rotated', mutate: (s) => void (res(s, 'aws:kms/key:Key', 'DataKey').inputs.enableKeyRotation = false) },
  { check: 'dataKeyOnBucketAndTable', what: 'the key usable on any key', mutate: (s) => editStatements(s, 'ImportFunctionRole', (st) => void (st.Action.some((a: string) => a.startsWith('kms:')) && (st.Resource = ['arn:aws:kms:eu-central-1:123456789012:key/*']))) },

  // functions
  { check: 'functionsOnArm64', what: 'the import function on x86_64', mutate: (s) => void (fnInputs(s, 'ImportFunction').architectures = ['x86_64']) },
  { check: 'jsonLogsKeptThreeMonths', what: 'plain-text logs', mutate: (s) => void (fnInputs(s, 'ApiFunction').loggingConfig.logFormat = 'Text') },
  { check: 'jsonLogsKeptThreeMonths', what: 'logs kept a month', mutate: (s) => void (res(s, 'aws:cloudwatch/logGroup:LogGroup', 'ImportFunctionLogGroup').inputs.retentionInDays = 30) },
  { check: 'xrayTracing', what: 'the API function not traced', mutate: (s) => void delete fnInputs(s, 'ApiFunction').tracingConfig },
  { check: 'xrayTracing', what: 'tracing passive', mutate: (s) => void (fnInputs(s, 'PipelineFunction').tracingConfig = { mode: 'PassThrough' }) },
  { check: 'xrayTracing', what: 'the role may not write traces', mutate: (s) => {
    const role = res(s, 'aws:iam/role:Role', 'ImportFunctionRole').inputs;
    role.managedPolicyArns = role.managedPolicyArns.filter((a: string) => !a.includes('XRay'));
  } },
  { check: 'xrayTracing', what: 'the state machine not traced', mutate: (s) => void (res(s, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline').inputs.tracingConfiguration = { enabled: false }) },
  { check: 'noBuildDateInConfiguration', what: 'the build date in the environment', mutate: (s) => void (env(s, 'ApiFunction').APP_BUILD_DATE = new Date().toISOString()) },
  { check: 'noBuildDateInConfiguration', what: 'the version not the release', mutate: (s) => void (env(s, 'PipelineFunction').APP_VERSION = 'dev') },
  { check: 'noBedrockWithoutProvider', what: 'Bedrock granted with no AI provider', mutate: (s) => grant(s, 'PipelineFunctionRole', { Action: ['bedrock:InvokeModel'], Resource: ['arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0'] }) },

  // origins, the edge, TLS
  { check: 'apiCorsForWebOriginOnly', what: 'the gateway allowing every origin', mutate: (s) => void (res(s, 'aws:apigatewayv2/api:Api', 'ApiApi').inputs.corsConfiguration = { allowOrigins: ['*'] }) },
  { check: 'apiCorsForWebOriginOnly', what: 'the function told another origin', mutate: (s) => void (env(s, 'ApiFunction').WEB_ORIGIN = 'http://url-unavailable-in-dev.mode') },
  { check: 'bucketCorsForWebOriginOnly', what: 'the bucket allowing every origin', mutate: (s) => void (res(s, 'aws:s3/bucketCorsConfigurationV2:BucketCorsConfigurationV2', 'StorageCors').inputs.corsRules[0].allowedOrigins = ['*']) },
  { check: 'cspConnectSources', what: 'the CSP letting the page call the execute-api address', mutate: (s) => {
    const policy = res(s, 'aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy', 'WebSecurityHeaders').inputs.securityHeadersConfig.contentSecurityPolicy;
    policy.contentSecurityPolicy = policy.contentSecurityPolicy.replace("connect-src 'self'", `connect-src 'self' ${res(s, 'aws:apigatewayv2/api:Api', 'ApiApi').state.apiEndpoint}`);
  } },
  { check: 'cspConnectSources', what: 'framing allowed', mutate: (s) => {
    const policy = res(s, 'aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy', 'WebSecurityHeaders').inputs.securityHeadersConfig.contentSecurityPolicy;
    policy.contentSecurityPolicy = policy.contentSecurityPolicy.replace("; frame-ancestors 'none'", '');
  } },
  { check: 'cspConnectSources', what: 'the headers policy not on the site', mutate: (s) => void delete res(s, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution').inputs.defaultCacheBehavior.responseHeadersPolicyId },
  { check: 'defaultCertificateWithoutDomain', what: 'the API edge answering a name its certificate does not cover', mutate: (s) => void (edge(s).aliases = ['api.example.com']) },
  { check: 'defaultCertificateWithoutDomain', what: 'the API edge on a certificate allowing TLS 1.0', mutate: (s) => void (edge(s).viewerCertificate = { acmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x', sslSupportMethod: 'sni-only', minimumProtocolVersion: 'TLSv1' }) },
  { check: 'webPerClientLimit', what: 'no web ACL on the site', mutate: (s) => void delete res(s, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution').inputs.webAclId },
  { check: 'webPerClientLimit', what: 'one bucket for all clients', mutate: (s) => void (acl(s, 'WebEdgeAcl').rules[0].statement.rateBasedStatement.aggregateKeyType = 'CONSTANT') },
  { check: 'webPerClientLimit', what: 'the rate rule only counting', mutate: (s) => void (acl(s, 'WebEdgeAcl').rules[0].action = { count: {} }) },
  { check: 'webPerClientLimit', what: 'the ACL outside us-east-1', mutate: (s) => void (res(s, 'pulumi:providers:aws', 'UsEast1').inputs.region = 'eu-central-1') },
  { check: 'apiPerClientLimit', what: 'no web ACL on the API edge', mutate: (s) => void delete edge(s).webAclId },
  { check: 'apiPerClientLimit', what: "the API edge on the site's ACL (one count for both)", mutate: (s) => void (edge(s).webAclId = res(s, 'aws:wafv2/webAcl:WebAcl', 'WebEdgeAcl').state.arn) },
  { check: 'apiPerClientLimit', what: 'no rate rule in the API ACL', mutate: (s) => void (acl(s, 'ApiEdgeAcl').rules = []) },
  { check: 'apiPerClientLimit', what: 'the API limit 20 times higher', mutate: (s) => void (acl(s, 'ApiEdgeAcl').rules[0].statement.rateBasedStatement.limit = 20_000) },
  { check: 'apiPerClientLimit', what: 'clients keyed by a header they set', mutate: (s) => void (acl(s, 'ApiEdgeAcl').rules[0].statement.rateBasedStatement.aggregateKeyType = 'FORWARDED_IP') },
  { check: 'apiPerClientLimit', what: 'API answers cached at the edge', mutate: (s) => void (edge(s).defaultCacheBehavior.cachePolicyId = '658327ea-f89d-4fab-a63d-7e88639e58f6') },
  { check: 'apiPerClientLimit', what: 'the Host header forwarded (API Gateway answers 403)', mutate: (s) => void (edge(s).defaultCacheBehavior.originRequestPolicyId = '216adef6-5c7f-47e4-b989-5492eafa07d3') },
  { check: 'apiPerClientLimit', what: 'plain HTTP to the gateway', mutate: (s) => void (edge(s).origins[0].customOriginConfig.originProtocolPolicy = 'http-only') },
  { check: 'apiPerClientLimit', what: 'the edge in front of another origin', mutate: (s) => void (edge(s).origins[0].domainName = 'example.com') },
  { check: 'webPerClientLimit', what: 'an allow rule before the rate rule', mutate: (s) => void acl(s, 'WebEdgeAcl').rules.unshift({ name: 'allow-all', priority: 0, action: { allow: {} }, statement: {} }) },
  { check: 'requestAccessLimitAtEdge', what: 'no edge limit on the public form', mutate: (s) => void (acl(s, 'ApiEdgeAcl').rules = acl(s, 'ApiEdgeAcl').rules.filter((r: { name: string }) => r.name !== 'request-access-rate')) },
  { check: 'requestAccessLimitAtEdge', what: 'the form limit on another path', mutate: (s) => void (acl(s, 'ApiEdgeAcl').rules[1].statement.rateBasedStatement.scopeDownStatement.andStatement.statements[1].byteMatchStatement.searchString = '/request-access') },
  { check: 'requestAccessLimitAtEdge', what: "a form limit looser than the app's", mutate: (s) => void (acl(s, 'ApiEdgeAcl').rules[1].statement.rateBasedStatement.limit = 100) },
  { check: 'apiOnlyThroughItsEdge', what: 'CloudFront sending no origin header', mutate: (s) => void delete edge(s).origins[0].customHeaders },
  { check: 'apiOnlyThroughItsEdge', what: 'the app secret itself as the header value', mutate: (s) => void (edge(s).origins[0].customHeaders = [{ name: 'x-origin-verify', value: SYNTH_SECRETS.AppSecret }]) },
  { check: 'apiOnlyThroughItsEdge', what: 'a header value the function does not expect', mutate: (s) => void (edge(s).origins[0].customHeaders = [{ name: 'x-origin-verify', value: edgeOriginValue('another secret') }]) },
  { check: 'apiOnlyThroughItsEdge', what: 'the function not requiring the edge', mutate: (s) => void delete env(s, 'ApiFunction').API_REQUIRE_EDGE },
  { check: 'apiOnlyThroughItsEdge', what: "config.json naming the execute-api address", mutate: (s) => {
    const builder = res(s, 'command:local:Command', 'WebBuilder').inputs.environment;
    builder.APP_BROWSER_CONFIG = JSON.stringify({ ...JSON.parse(builder.APP_BROWSER_CONFIG), apiUrl: gatewayUrl(s) });
  } },
  { check: 'apiOnlyThroughItsEdge', what: "API_URL naming the execute-api address", mutate: (s) => void (env(s, 'ApiFunction').API_URL = gatewayUrl(s)) },

  // sign-in
  { check: 'cognitoUserPool', what: 'self sign-up', mutate: (s) => void (pool(s).adminCreateUserConfig = { allowAdminCreateUserOnly: false }) },
  { check: 'cognitoUserPool', what: 'recovery by SMS', mutate: (s) => void (pool(s).accountRecoverySetting = { recoveryMechanisms: [{ name: 'verified_phone_number', priority: 1 }] }) },
  { check: 'cognitoUserPool', what: 'no MFA', mutate: (s) => void (pool(s).mfaConfiguration = 'OFF') },
  { check: 'cognitoUserPool', what: 'no authenticator apps', mutate: (s) => void (pool(s).softwareTokenMfaConfiguration = { enabled: false }) },
  { check: 'cognitoUserPool', what: 'the pool deletable in prod', mutate: (s) => void (pool(s).deletionProtection = 'INACTIVE') },
  { check: 'cognitoUserPool', what: 'advanced security off', mutate: (s) => void (pool(s).userPoolAddOns = { advancedSecurityMode: 'OFF' }) },
  { check: 'cognitoUserPool', what: '8-character passwords', mutate: (s) => void (pool(s).passwordPolicy.minimumLength = 8) },
  { check: 'cognitoWebClient', what: 'a client secret in a browser app', mutate: (s) => void (res(s, 'aws:cognito/userPoolClient:UserPoolClient', 'WebClient').inputs.generateSecret = true) },
  { check: 'cognitoWebClient', what: 'plain password sign-in', mutate: (s) => void res(s, 'aws:cognito/userPoolClient:UserPoolClient', 'WebClient').inputs.explicitAuthFlows.push('ALLOW_USER_PASSWORD_AUTH') },
  { check: 'cognitoWebClient', what: 'answers that tell whether an account exists', mutate: (s) => void (res(s, 'aws:cognito/userPoolClient:UserPoolClient', 'WebClient').inputs.preventUserExistenceErrors = 'LEGACY') },

  // import jobs
  { check: 'importFunctionTakesJobsFromQueue', what: 'nothing reading the queue', mutate: (s) => remove(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ImportJobsMapping') },
  { check: 'importFunctionTakesJobsFromQueue', what: 'ten jobs per invocation', mutate: (s) => void (res(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ImportJobsMapping').inputs.batchSize = 10) },
  { check: 'importFunctionTakesJobsFromQueue', what: "an import inside API Gateway's 29 s", mutate: (s) => void (fnInputs(s, 'ImportFunction').timeout = 29) },
  { check: 'importQueueRedrive', what: 'a job handed out again while it runs', mutate: (s) => void (res(s, 'aws:sqs/queue:Queue', 'ImportJobsQueue').inputs.visibilityTimeoutSeconds = 30) },
  { check: 'importQueueRedrive', what: 'no dead-letter queue for jobs', mutate: (s) => void delete res(s, 'aws:sqs/queue:Queue', 'ImportJobsQueue').inputs.redrivePolicy },
  { check: 'apiEnqueuesImportJobs', what: 'the API not told the queue', mutate: (s) => void delete env(s, 'ApiFunction').IMPORT_QUEUE_URL },
  { check: 'apiEnqueuesImportJobs', what: 'the API may not send jobs', mutate: (s) => editStatements(s, 'ApiFunctionRole', (st) => void (st.Action = st.Action.filter((a: string) => a !== 'sqs:SendMessage'))) },
  { check: 'importFunctionPermissions', what: 'the import function may delete items', mutate: (s) => grant(s, 'ImportFunctionRole', { Action: ['dynamodb:DeleteItem'], Resource: [res(s, 'aws:dynamodb/table:Table', 'TableTable').state.arn] }) },
  { check: 'importFunctionPermissions', what: 'the import function reading any queue', mutate: (s) => editStatements(s, 'ImportFunctionRole', (st) => void (st.Action.includes('sqs:ReceiveMessage') && (st.Resource = ['arn:aws:sqs:eu-central-1:123456789012:other']))) },

  // review jobs
  { check: 'reviewFunctionTakesJobsFromQueue', what: 'nothing reading the review queue', mutate: (s) => remove(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewJobsMapping') },
  { check: 'reviewFunctionTakesJobsFromQueue', what: 'ten review steps per invocation', mutate: (s) => void (res(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewJobsMapping').inputs.batchSize = 10) },
  { check: 'reviewFunctionTakesJobsFromQueue', what: "a review inside API Gateway's 29 s", mutate: (s) => void (fnInputs(s, 'ReviewFunction').timeout = 29) },
  { check: 'reviewFunctionTakesJobsFromQueue', what: 'the review function with too little memory for an index', mutate: (s) => void (fnInputs(s, 'ReviewFunction').memorySize = 128) },
  { check: 'reviewFunctionTakesJobsFromQueue', what: 'the review function not told its queue (no continuation)', mutate: (s) => void delete env(s, 'ReviewFunction').REVIEW_QUEUE_URL },
  { check: 'reviewFunctionConcurrency', what: 'no reserved concurrency on the review function (exports of every user at once)', mutate: (s) => void delete fnInputs(s, 'ReviewFunction').reservedConcurrentExecutions },
  { check: 'reviewFunctionConcurrency', what: 'the review queue polled without a bound', mutate: (s) => void delete res(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewJobsMapping').inputs.scalingConfig },
  { check: 'reviewFunctionConcurrency', what: 'the pollers asking for more than the function may run', mutate: (s) => void (res(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewDeadLettersMapping').inputs.scalingConfig = { maximumConcurrency: 5 }) },
  { check: 'reviewQueueRedrive', what: 'a review step handed out again while it runs', mutate: (s) => void (res(s, 'aws:sqs/queue:Queue', 'ReviewJobsQueue').inputs.visibilityTimeoutSeconds = 30) },
  { check: 'reviewQueueRedrive', what: 'no dead-letter queue for review jobs', mutate: (s) => void delete res(s, 'aws:sqs/queue:Queue', 'ReviewJobsQueue').inputs.redrivePolicy },
  { check: 'reviewQueueRedrive', what: 'review messages to the dead letters after two (throttled) deliveries', mutate: (s) => void (res(s, 'aws:sqs/queue:Queue', 'ReviewJobsQueue').inputs.redrivePolicy = res(s, 'aws:sqs/queue:Queue', 'ReviewJobsQueue').inputs.redrivePolicy.replace('"maxReceiveCount":5', '"maxReceiveCount":2')) },
  { check: 'reviewQueueRedrive', what: 'review messages kept longer than a queued job is believed', mutate: (s) => void (res(s, 'aws:sqs/queue:Queue', 'ReviewJobsQueue').inputs.messageRetentionSeconds = 4 * 24 * 60 * 60) },
  { check: 'reviewQueueRedrive', what: "the review dead letters' visibility shorter than the function runs", mutate: (s) => void delete res(s, 'aws:sqs/queue:Queue', 'ReviewJobsDeadLetters').inputs.visibilityTimeoutSeconds },
  { check: 'reviewFunctionTakesJobsFromQueue', what: 'nothing reading the review dead letters (their jobs stay queued)', mutate: (s) => remove(s, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ReviewDeadLettersMapping') },
  { check: 'reviewFunctionTakesJobsFromQueue', what: 'the review function not told which records are dead letters', mutate: (s) => void delete env(s, 'ReviewFunction').REVIEW_DEAD_LETTERS_ARN },
  { check: 'reviewFunctionPermissions', what: 'the review function may overwrite the stored findings', mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Resource.some((r: string) => r.endsWith('findings.ndjson')) && st.Action.push('s3:PutObject'))) },
  { check: 'reviewFunctionPermissions', what: 'the review function may write any file of an analysis', mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Resource.some((r: string) => r.endsWith('findings.csv')) && (st.Resource = [st.Resource[0].replace('findings.xlsx', '*')]))) },
  { check: 'reviewFunctionPermissions', what: 'the review function may send to its dead letters', mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Resource.includes(res(s, 'aws:sqs/queue:Queue', 'ReviewJobsDeadLetters').state.arn) && st.Action.push('sqs:SendMessage'))) },
  { check: 'apiEnqueuesReviewJobs', what: 'the API not told the review queue', mutate: (s) => void delete env(s, 'ApiFunction').REVIEW_QUEUE_URL },
  { check: 'apiEnqueuesReviewJobs', what: 'the API may not send review jobs', mutate: (s) => editStatements(s, 'ApiFunctionRole', (st) => void (st.Action = st.Action.filter((a: string) => a !== 'sqs:SendMessage'))) },
  { check: 'apiEnqueuesImportJobs', what: 'the API sending to one more queue', mutate: (s) => grant(s, 'ApiFunctionRole', { Action: ['sqs:SendMessage'], Resource: ['arn:aws:sqs:eu-central-1:123456789012:other'] }) },
  { check: 'reviewFunctionPermissions', what: 'the review function may write every object', mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Action.includes('s3:PutObject') && (st.Resource = [`${res(s, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.arn}/*`]))) },
  { check: 'reviewFunctionPermissions', what: 'the review function may overwrite the index', mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Resource.some((r: string) => r.endsWith('findings-index.bin')) && st.Action.push('s3:PutObject'))) },
  { check: 'reviewFunctionPermissions', what: 'the review function may delete items', mutate: (s) => grant(s, 'ReviewFunctionRole', { Action: ['dynamodb:DeleteItem'], Resource: [res(s, 'aws:dynamodb/table:Table', 'TableTable').state.arn] }) },
  { check: 'reviewFunctionPermissions', what: 'the review function sending to the import queue', mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Action.includes('sqs:SendMessage') && (st.Resource = [res(s, 'aws:sqs/queue:Queue', 'ImportJobsQueue').state.arn]))) },
  { check: 'objectsAndItemsScopedToBucketAndTable', what: "the review function's list in another bucket", mutate: (s) => editStatements(s, 'ReviewFunctionRole', (st) => void (st.Action.includes('s3:PutObject') && (st.Resource = ['arn:aws:s3:::another-bucket/users/*/analyses/*/work/review-jobs/*']))) },

  // IAM and secrets
  { check: 'iamReviewPasses', what: 's3:* on *', mutate: (s) => grant(s, 'ApiFunctionRole', { Action: ['s3:*'], Resource: ['*'] }) },
  { check: 'iamReviewPasses', what: 'a partial wildcard action', mutate: (s) => grant(s, 'PipelineFunctionRole', { Action: ['bedrock:Invoke*'], Resource: ['arn:aws:bedrock:eu-central-1::foundation-model/x'] }) },
  { check: 'iamReviewPasses', what: 'AmazonS3FullAccess attached', mutate: (s) => {
    const role = res(s, 'aws:iam/role:Role', 'PipelineFunctionRole');
    s.resources.push({ type: 'aws:iam/rolePolicyAttachment:RolePolicyAttachment', name: 'MutationAttachment', id: 'mutation', custom: true, inputs: { role: role.state.name, policyArn: 'arn:aws:iam::aws:policy/AmazonS3FullAccess' }, state: {} });
  } },
  { check: 'iamReviewPasses', what: 'a policy on a role the app does not declare', mutate: (s) => {
    s.resources.push({ type: 'aws:iam/rolePolicy:RolePolicy', name: 'MutationPolicy', id: 'mutation', custom: true, inputs: { role: 'someone-elses-role', policy: JSON.stringify({ Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' }] }) }, state: {} });
  } },
  { check: 'apiRolePermissions', what: 'the API may delete users', mutate: (s) => grant(s, 'ApiFunctionRole', { Action: ['cognito-idp:AdminDeleteUser'], Resource: [res(s, 'aws:cognito/userPool:UserPool', 'UserPool').state.arn] }) },
  { check: 'cognitoUserPool', what: 'SMS MFA', mutate: (s) => void (pool(s).smsConfiguration = { externalId: 'x', snsCallerArn: 'arn:aws:iam::123456789012:role/sms' }) },
  { check: 'apiRolePermissions', what: 'the admin check reading users of any pool', mutate: (s) => editStatements(s, 'ApiFunctionRole', (st) => void (st.Action.includes('cognito-idp:AdminGetUser') && (st.Resource = ['*']))) },
  { check: 'apiRolePermissions', what: 'invitations on any user pool', mutate: (s) => editStatements(s, 'ApiFunctionRole', (st) => void (st.Action.includes('cognito-idp:AdminCreateUser') && (st.Resource = ['arn:aws:cognito-idp:eu-central-1:123456789012:userpool/other']))) },
  { check: 'pipelineRolePermissions', what: 'the pipeline may start executions', mutate: (s) => grant(s, 'PipelineFunctionRole', { Action: ['states:StartExecution'], Resource: [res(s, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline').state.arn] }) },
  { check: 'objectsAndItemsScopedToBucketAndTable', what: 'objects of another bucket', mutate: (s) => grant(s, 'PipelineFunctionRole', { Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::another-bucket/*'] }) },
  { check: 'objectsAndItemsScopedToBucketAndTable', what: 'items of another table', mutate: (s) => grant(s, 'ImportFunctionRole', { Action: ['dynamodb:GetItem'], Resource: ['arn:aws:dynamodb:eu-central-1:123456789012:table/other'] }) },
  { check: 'stateMachineRole', what: 'the state machine invoking any function', mutate: (s) => {
    const policy = res(s, 'aws:iam/rolePolicy:RolePolicy', 'PipelineStateMachineInvoke').inputs;
    const doc = JSON.parse(policy.policy);
    doc.Statement[0].Resource = ['arn:aws:lambda:eu-central-1:123456789012:function:other'];
    policy.policy = JSON.stringify(doc);
  } },
  { check: 'stateMachineRole', what: 'a non-log action on *', mutate: (s) => {
    const policy = res(s, 'aws:iam/rolePolicy:RolePolicy', 'PipelineStateMachineInvoke').inputs;
    const doc = JSON.parse(policy.policy);
    doc.Statement.push({ Effect: 'Allow', Action: ['lambda:InvokeFunction'], Resource: ['*'] });
    policy.policy = JSON.stringify(doc);
  } },
  { check: 'noSecretInEnvironment', what: 'the app secret in an environment variable', mutate: (s) => void (env(s, 'PipelineFunction').APP_SECRET = SYNTH_SECRETS.AppSecret) },
  { check: 'noSecretInEnvironment', what: 'the secret under another name', mutate: (s) => void (env(s, 'ImportFunction').SIGNING_KEY = SYNTH_SECRETS.AppSecret) },
  { check: 'appSecretLinkedToApiOnly', what: 'the app secret linked to the pipeline too', mutate: (s) => void (s.builds.find((b) => b.functionID === 'PipelineFunction')!.links.AppSecret = { value: SYNTH_SECRETS.AppSecret }) },
  { check: 'appSecretLinkedToApiOnly', what: 'the API without its secret', mutate: (s) => void delete s.builds.find((b) => b.functionID === 'ApiFunction')!.links.AppSecret },
];

let base: Synthesis;
beforeAll(() => {
  base = defaultSynthesis();
});

describeMutations(CHECKS, MUTATIONS, () => base);
