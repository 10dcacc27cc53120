/** Least privilege and secrets, as synthesised: what each role may do, what each function's environment holds. */
import { beforeAll, describe, expect, test } from 'vitest';
import { actionsOf, functionEnvironment, functionStatements, iamProblems, named, statementsOf, wildcards } from './review.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';
import { SYNTH_SECRETS } from './synth-mocks.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

describe('function roles', () => {
  test('no role of the app holds a wildcard action, a `*` resource outside the documented exceptions, or a policy the review cannot read', () => {
    expect(iamProblems(synthesis)).toEqual([]);
  });

  test('the API may use the bucket, the table, two Cognito calls and starting executions, nothing more', () => {
    const statements = functionStatements(synthesis, 'ApiFunction');
    expect(wildcards(statements)).toEqual([]);
    expect(actionsOf(statements)).toEqual([
      // Invitations; the admin check's "has this administrator TOTP MFA on".
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
      const cognito = statements.find((s) => s.Action.includes(action))!;
      expect(cognito.Resource, action).toEqual([named(synthesis, 'aws:cognito/userPool:UserPool', 'UserPool').state.arn]);
    }
  });

  test('the pipeline may use the bucket, the table and Bedrock models, and never Cognito or Step Functions', () => {
    const statements = functionStatements(synthesis, 'PipelineFunction');
    expect(wildcards(statements)).toEqual([]);
    const actions = actionsOf(statements);
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('states:'))).toEqual([]);
    expect(actions).toContain('s3:PutObjectTagging');
    expect(actions).toContain('dynamodb:UpdateItem');
  });

  test('object access is limited to the storage bucket, item access to the table', () => {
    const bucket = named(synthesis, 'aws:s3/bucketV2:BucketV2', 'StorageBucket').state.bucket as string;
    const tableArn = named(synthesis, 'aws:dynamodb/table:Table', 'TableTable').state.arn as string;
    for (const fn of ['ApiFunction', 'PipelineFunction']) {
      for (const s of functionStatements(synthesis, fn)) {
        if (s.Action.some((a) => a.startsWith('s3:'))) expect(s.Resource).toEqual(s.Action.includes('s3:ListBucket') ? [`arn:aws:s3:::${bucket}`] : [`arn:aws:s3:::${bucket}/*`]);
        if (s.Action.some((a) => a.startsWith('dynamodb:'))) expect(s.Resource).toEqual([tableArn]);
      }
    }
  });

  test('the state machine role invokes only the pipeline function, plus the log-delivery and X-Ray calls AWS documents on *', () => {
    const policy = named(synthesis, 'aws:iam/rolePolicy:RolePolicy', 'PipelineStateMachineInvoke');
    const statements = statementsOf([policy.inputs.policy]);
    const onStar = statements.filter((s) => s.Resource.includes('*'));
    expect(onStar.flatMap((s) => s.Action).every((a) => a.startsWith('logs:') || a.startsWith('xray:'))).toBe(true);
    expect(wildcards(statements)).toEqual([]);
    const invoke = statements.find((s) => s.Action.includes('lambda:InvokeFunction'))!;
    const pipelineArn = named(synthesis, 'aws:lambda/function:Function', 'PipelineFunctionFunction').state.arn;
    expect(invoke.Resource).toEqual([pipelineArn, `${pipelineArn}:*`]);
  });

  test('the review catches a wildcard grant, partial ones included', () => {
    const check = (statement: object) => wildcards(statementsOf([JSON.stringify({ Statement: [statement] })]));
    expect(check({ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::b/*'] })).toEqual(['action s3:*']);
    expect(check({ Effect: 'Allow', Action: ['s3:Get*', 'bedrock:Invoke*', '*'], Resource: ['arn:aws:s3:::b/*'] })).toEqual(['action s3:Get*', 'action bedrock:Invoke*', 'action *']);
    expect(check({ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: '*' })).toEqual(['dynamodb:GetItem on *']);
    expect(check({ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: 'arn:aws:dynamodb:*:*:*' })).toEqual(['dynamodb:GetItem on *']);
    expect(check({ Effect: 'Allow', NotAction: 'iam:*', Resource: 'arn:aws:s3:::b' })).toEqual(['NotAction iam:*']);
    expect(check({ Effect: 'Deny', Action: '*', Resource: '*' })).toEqual([]);
  });
});

describe('secrets', () => {
  test('no function environment holds a secret value', () => {
    for (const fn of ['ApiFunction', 'PipelineFunction']) {
      const env = functionEnvironment(synthesis, fn);
      expect(Object.keys(env)).not.toContain('APP_SECRET');
      expect(Object.values(env)).not.toContain(SYNTH_SECRETS.AppSecret);
    }
  });

  test('the app secret is linked (encrypted into the bundle) to the API only', () => {
    const links = Object.fromEntries(synthesis.builds.map((b) => [b.functionID, Object.keys(b.links).sort()]));
    expect(links).toEqual({ ApiFunction: ['AppSecret'], ImportFunction: [], PipelineFunction: ['AiApiKey'] });
    const api = synthesis.builds.find((b) => b.functionID === 'ApiFunction')!;
    expect(api.links.AppSecret).toMatchObject({ value: SYNTH_SECRETS.AppSecret });
  });
});
