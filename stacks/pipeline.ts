/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The analysis pipeline on AWS: one Lambda for every task (it dispatches on `step`) and a
 * standard Step Functions state machine built from the same JSONPath ASL document the local
 * runner executes. SST's own StepFunctions component emits JSONata, which the local runner
 * cannot run, hence aws.sfn.StateMachine.
 *
 * An execution that fails, times out or is aborted before its MarkFailed task ran would leave the
 * analysis "processing": an EventBridge rule hands those executions to the same Lambda, which
 * marks the analysis failed (packages/functions/src/pipeline/execution-failed.ts).
 *
 * The API function needs `pipelineApiEnvironment` in its environment and
 * `pipelineApiPermissions` in its permissions (stacks/api-function.ts), so import this file before it.
 */
import { join } from 'node:path';
import { MALLOC_ENV } from '../packages/cli/bin/node-flags.js';
import { renderDefinition } from '../packages/functions/src/pipeline/definition.ts';
import { aiApiKey, aiEnvironment, bedrockPermissions } from './ai';
import { runtimeEnvironment } from './auth';
import { functionDefaults } from './function-defaults';
import { settings } from './settings';
import { storagePermissions } from './storage';

/**
 * The reference lists (packages/core/data) ship beside the bundle; core finds them via
 * APP_DATA_DIR. Under `sst dev` the functions run on the developer's machine, where /var/task
 * does not exist: they read the repository's own folder.
 */
export const referenceDataFiles = [{ from: 'packages/core/data', to: 'data' }];
export const referenceDataEnvironment = { APP_DATA_DIR: $dev ? join($cli.paths.root, 'packages/core/data') : '/var/task/data' };

/** Longest an analysis may run; a step's own TimeoutSeconds stays below it. */
export const PIPELINE_TIMEOUT_SECONDS = 4 * 60 * 60;

/**
 * Where an event for a failed execution goes when the pipeline function could not take it after
 * EventBridge's retries (the target's dead-letter queue), and where an asynchronous invocation of
 * the function that failed after Lambda's own retries goes (its on-failure destination). Either
 * way the analysis may still be "processing": the queue's depth raises an alarm (stacks/alarms.ts)
 * and its messages name the execution. Kept 14 days, SQS's longest.
 */
export const failedEventsQueue = new aws.sqs.Queue('PipelineFailedEvents', {
  messageRetentionSeconds: 14 * 24 * 60 * 60,
  sqsManagedSseEnabled: true,
});

/** Most pipeline invocations at once (stage setting), so that busy analyses cannot take the concurrency the API needs. */
export const PIPELINE_RESERVED_CONCURRENCY = Number(settings.PIPELINE_RESERVED_CONCURRENCY);

export const pipelineFunction = new sst.aws.Function('PipelineFunction', {
  ...functionDefaults(),
  handler: 'packages/functions/src/handlers/pipeline.handler',
  // The engine runs on one thread; 1769 MB is where Lambda gives one full vCPU (peak RSS of a
  // 4-file run is under 1 GB, docs/benchmarks.md).
  memory: '1769 MB',
  timeout: '15 minutes',
  link: [aiApiKey],
  environment: {
    ...runtimeEnvironment,
    ...referenceDataEnvironment,
    ...aiEnvironment,
    // The C library's allocator settings the CLI runs the engine with (packages/cli/bin/node-flags.js):
    // freed buffers go back to the system instead of staying in the function's memory.
    ...MALLOC_ENV,
  },
  copyFiles: referenceDataFiles,
  concurrency: { reserved: PIPELINE_RESERVED_CONCURRENCY },
  permissions: [
    // The on-failure destination of its asynchronous invocations (below).
    { actions: ['sqs:SendMessage'], resources: [failedEventsQueue.arn] },
    ...storagePermissions({
      objects: ['GetObject', 'PutObject', 'PutObjectTagging', 'DeleteObject', 'AbortMultipartUpload'],
      list: true,
      items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem', 'BatchWriteItem'],
    }),
    ...bedrockPermissions,
  ],
});

const stateMachineRole = new aws.iam.Role('PipelineStateMachineRole', {
  assumeRolePolicy: JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { Service: 'states.amazonaws.com' }, Action: 'sts:AssumeRole' }],
  }),
});

/** Errors and aborted executions, without the execution data (users' records). */
const stateMachineLogs = new aws.cloudwatch.LogGroup('PipelineStateMachineLogs', {
  name: `/aws/vendedlogs/states/${$app.name}-${$app.stage}-pipeline`,
  retentionInDays: 90,
});

new aws.iam.RolePolicy('PipelineStateMachineInvoke', {
  role: stateMachineRole.id,
  policy: $jsonStringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['lambda:InvokeFunction'],
        Resource: [pipelineFunction.arn, $interpolate`${pipelineFunction.arn}:*`],
      },
      {
        // Log delivery for Step Functions is configured through these, which take no resource (AWS's documented policy).
        Effect: 'Allow',
        Action: ['logs:CreateLogDelivery', 'logs:GetLogDelivery', 'logs:UpdateLogDelivery', 'logs:DeleteLogDelivery', 'logs:ListLogDeliveries', 'logs:PutResourcePolicy', 'logs:DescribeResourcePolicies', 'logs:DescribeLogGroups'],
        Resource: ['*'],
      },
      {
        // X-Ray tracing of executions (these take no resource).
        Effect: 'Allow',
        Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets'],
        Resource: ['*'],
      },
    ],
  }),
});

/** The shared ASL document with the deployment's limits: an overall timeout. */
export function deployedDefinition(functionArn: string): string {
  return JSON.stringify({ ...JSON.parse(renderDefinition(functionArn)), TimeoutSeconds: PIPELINE_TIMEOUT_SECONDS });
}

export const stateMachine = new aws.sfn.StateMachine('AnalysisPipeline', {
  type: 'STANDARD',
  roleArn: stateMachineRole.arn,
  definition: pipelineFunction.arn.apply(deployedDefinition),
  loggingConfiguration: {
    level: 'ERROR',
    includeExecutionData: false,
    logDestination: $interpolate`${stateMachineLogs.arn}:*`,
  },
  tracingConfiguration: { enabled: true },
});

/** Executions that ended without MarkFailed having run (timeout, abort, MarkFailed itself failing). */
const failedExecutions = new aws.cloudwatch.EventRule('PipelineExecutionFailed', {
  description: 'Marks an analysis failed when its execution fails, times out or is aborted',
  eventPattern: $jsonStringify({
    source: ['aws.states'],
    'detail-type': ['Step Functions Execution Status Change'],
    detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [stateMachine.arn] },
  }),
});

new aws.cloudwatch.EventTarget('PipelineExecutionFailedTarget', {
  rule: failedExecutions.name,
  arn: pipelineFunction.arn,
  retryPolicy: { maximumEventAgeInSeconds: 24 * 60 * 60, maximumRetryAttempts: 20 },
  deadLetterConfig: { arn: failedEventsQueue.arn },
});

/** EventBridge may put the events of this rule only into the queue. */
new aws.sqs.QueuePolicy('PipelineFailedEventsPolicy', {
  queueUrl: failedEventsQueue.url,
  policy: $jsonStringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Service: 'events.amazonaws.com' },
        Action: 'sqs:SendMessage',
        Resource: failedEventsQueue.arn,
        Condition: { ArnEquals: { 'aws:SourceArn': failedExecutions.arn } },
      },
    ],
  }),
});

/** Asynchronous invocations (EventBridge's) that still fail after Lambda's two retries land in the queue too. */
new aws.lambda.FunctionEventInvokeConfig('PipelineAsyncFailures', {
  functionName: pipelineFunction.name,
  maximumRetryAttempts: 2,
  maximumEventAgeInSeconds: 6 * 60 * 60,
  destinationConfig: { onFailure: { destination: failedEventsQueue.arn } },
});

new aws.lambda.Permission('PipelineExecutionFailedInvoke', {
  action: 'lambda:InvokeFunction',
  function: pipelineFunction.name,
  principal: 'events.amazonaws.com',
  sourceArn: failedExecutions.arn,
});

/** For the API function (stacks/api-function.ts): where and how to start executions. */
export const pipelineApiEnvironment = { STATE_MACHINE_ARN: stateMachine.arn };
export const pipelineApiPermissions = [{ actions: ['states:StartExecution'], resources: [stateMachine.arn] }];
