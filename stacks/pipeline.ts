/// <reference path="../.sst/platform/config.d.ts" />
/**
 * The analysis pipeline on AWS: one Lambda for every task (it dispatches on `step`) and a
 * standard Step Functions state machine built from the same JSONPath ASL document the local
 * runner executes. SST's own StepFunctions component emits JSONata, which the local runner
 * cannot run, hence aws.sfn.StateMachine.
 *
 * The API function needs `pipelineApiEnvironment` in its environment and
 * `pipelineApiPermissions` in its permissions (stacks/api.ts), so import this file before it.
 */
import { renderDefinition } from '../packages/functions/src/pipeline/definition.ts';
import { runtimeEnvironment } from './auth';
import { bucket, table } from './storage';

/** The reference lists (packages/core/data) ship beside the bundle; core finds them via APP_DATA_DIR. */
export const referenceDataFiles = [{ from: 'packages/core/data', to: 'data' }];
export const referenceDataEnvironment = { APP_DATA_DIR: '/var/task/data' };

/** AI annotation runs here (AnnotateBatch), so it gets the deploy's AI settings as the API does. */
const AI_SETTINGS = ['AI_PROVIDER', 'AI_BASE_URL', 'AI_MODEL', 'AI_MODELS', 'AI_BATCH_SIZE', 'AI_MAX_RECORDS', 'AI_PRICE_INPUT_PER_MTOK', 'AI_PRICE_OUTPUT_PER_MTOK'];
const aiEnvironment: Record<string, string> = Object.fromEntries(
  AI_SETTINGS.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
);

export const pipelineFunction = new sst.aws.Function('PipelineFunction', {
  handler: 'packages/functions/src/handlers/pipeline.handler',
  runtime: 'nodejs22.x',
  // Lambda CPU scales with memory; parsing a 100 MB export is CPU-bound.
  memory: '3008 MB',
  timeout: '15 minutes',
  link: [bucket, table],
  // The same settings as the API (config/index.ts reads them all), plus the AI ones.
  environment: {
    ...runtimeEnvironment,
    ...referenceDataEnvironment,
    ...aiEnvironment,
  },
  copyFiles: referenceDataFiles,
  // Bedrock's Converse API is authorised by bedrock:InvokeModel.
  permissions: aiEnvironment.AI_PROVIDER === 'bedrock' ? [{ actions: ['bedrock:InvokeModel'], resources: ['*'] }] : [],
});

const stateMachineRole = new aws.iam.Role('PipelineStateMachineRole', {
  assumeRolePolicy: JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { Service: 'states.amazonaws.com' }, Action: 'sts:AssumeRole' }],
  }),
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
    ],
  }),
});

export const stateMachine = new aws.sfn.StateMachine('AnalysisPipeline', {
  type: 'STANDARD',
  roleArn: stateMachineRole.arn,
  definition: pipelineFunction.arn.apply((arn) => renderDefinition(arn)),
});

/** For the API function (stacks/api.ts): where and how to start executions. */
export const pipelineApiEnvironment = { STATE_MACHINE_ARN: stateMachine.arn };
export const pipelineApiPermissions = [{ actions: ['states:StartExecution'], resources: [stateMachine.arn] }];
