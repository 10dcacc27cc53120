/** Least privilege and secrets, as synthesised: what each role may do, what each function's environment holds (checks in checks.ts). */
import { beforeAll, describe, expect, test } from 'vitest';
import { CHECKS } from './checks.ts';
import { statementsOf, wildcards } from './review.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

describe('function roles', () => {
  test('no role of the app holds a wildcard action, a `*` resource outside the documented exceptions, or a policy the review cannot read', () => CHECKS.iamReviewPasses(synthesis));
  test('the API may use the bucket, the table, one Cognito call, starting executions and queueing import jobs, nothing more', () => CHECKS.apiRolePermissions(synthesis));
  test('the pipeline may use the bucket, the table and Bedrock models, and never Cognito or Step Functions', () => CHECKS.pipelineRolePermissions(synthesis));
  test('object access is limited to the storage bucket, item access to the table', () => CHECKS.objectsAndItemsScopedToBucketAndTable(synthesis));
  test('the state machine role invokes only the pipeline function, plus the log-delivery and X-Ray calls AWS documents on *', () => CHECKS.stateMachineRole(synthesis));

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
  test('no function environment holds a secret value', () => CHECKS.noSecretInEnvironment(synthesis));
  test('the app secret is linked (encrypted into the bundle) to the API only', () => CHECKS.appSecretLinkedToApiOnly(synthesis));
});
