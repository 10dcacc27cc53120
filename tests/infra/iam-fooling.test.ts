/**
 * The IAM review cannot be fooled: a synthesis of the app plus grants hidden the ways a reviewer
 * reading only inline policies would miss (tests/infra/fixtures/iam-fooling.ts), each found.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';
import { iamProblems } from './review.ts';
import { synthesise } from './synth.ts';

let problems: string[];
beforeAll(async () => {
  problems = iamProblems(await synthesise({ SYNTH_FIXTURE: fileURLToPath(new URL('./fixtures/iam-fooling.ts', import.meta.url)) }));
});

test('a separate aws.iam.RolePolicy granting whole services on * is found', () => {
  for (const action of ['s3:*', 'dynamodb:*', 'cognito-idp:*']) {
    expect(problems).toContain(`PipelineFunctionRole: action ${action} (RolePolicy FoolSeparatePolicy)`);
    expect(problems).toContain(`PipelineFunctionRole: ${action} on * (RolePolicy FoolSeparatePolicy)`);
  }
});

test('an AWS-managed policy attached with RolePolicyAttachment is refused', () => {
  expect(problems).toContain('PipelineFunctionRole: managed policy arn:aws:iam::aws:policy/AmazonS3FullAccess (not one this review can read)');
});

test("partial wildcards in an app's own managed policy are found", () => {
  for (const action of ['s3:Get*', 'bedrock:Invoke*', 'dynamodb:?etItem']) {
    expect(problems).toContain(`ApiFunctionRole: action ${action} (RolePolicyAttachment FoolPartialAttachment arn:aws:iam:eu-central-1:123456789012:foolpartialwildcards)`);
  }
});

test('NotAction in a role policy naming the role by ARN is found', () => {
  expect(problems).toContain('ApiFunctionRole: NotAction iam:CreateUser (RolePolicy FoolNotAction)');
});

test('an AWS-managed policy attached with PolicyAttachment is refused', () => {
  expect(problems).toContain('ApiFunctionRole: managed policy arn:aws:iam::aws:policy/AdministratorAccess (not one this review can read)');
});

test("another role's managedPolicyArns and inline grants on * are found", () => {
  expect(problems).toContain('FoolRole: managed policy arn:aws:iam::aws:policy/AmazonDynamoDBFullAccess (not one this review can read)');
  expect(problems).toContain('FoolRole: dynamodb:GetItem on * (inline inline)');
});

test('a role policy on a role the app does not declare is reported', () => {
  expect(problems).toContain('FoolUnknownRole: attached to a role not in this app (some-other-role)');
});

test("every problem is one of the fixture's grants: the app itself passes", () => {
  expect(problems.filter((p) => !/Fool|AmazonS3FullAccess|AdministratorAccess/.test(p))).toEqual([]);
});
