/**
 * Reading a synthesis the way an AWS reviewer does: IAM statements, environments, headers.
 *
 * The IAM review reads every policy a role can hold, not only the inline ones SST writes:
 * - `inlinePolicies` and `managedPolicyArns` on the role itself,
 * - separate `aws.iam.RolePolicy` resources naming the role (by name, id or ARN),
 * - `aws.iam.RolePolicyAttachment` and `aws.iam.PolicyAttachment` resources attaching a policy to it,
 *   where the policy is either an `aws.iam.Policy` of this synthesis (its document is read) or an
 *   AWS-managed policy: only those in AWS_MANAGED_POLICIES (whose documents are copied here) pass,
 *   any other (AmazonS3FullAccess, AdministratorAccess, …) is refused, since its contents are AWS's.
 * It refuses every action with a wildcard (`*`, `s3:*`, `s3:Get*`, `bedrock:Invoke*`, `?`),
 * every `NotAction`/`NotResource` in an Allow, and every `*` resource except for the actions of
 * STAR_RESOURCE_EXCEPTIONS (docs/deployment.md lists them), and a policy attached to a role the
 * synthesis does not have.
 */
import { named, ofType, type Synthesis } from './synth.ts';
import type { RecordedResource } from './synth-mocks.ts';

export interface Statement {
  Effect: string;
  Action: string[];
  Resource: string[];
  NotAction?: string[];
  NotResource?: string[];
  /** Where the statement comes from, for messages: `inline`, `RolePolicy X`, a managed policy ARN… */
  source: string;
}

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Actions AWS only grants on `*` (they take no resource ARN), with why this app needs them.
 * Anything else on `*` is refused.
 */
export const STAR_RESOURCE_EXCEPTIONS: Record<string, string> = {
  'logs:CreateLogDelivery': 'Step Functions log delivery (AWS documents these on *)',
  'logs:GetLogDelivery': 'Step Functions log delivery',
  'logs:UpdateLogDelivery': 'Step Functions log delivery',
  'logs:DeleteLogDelivery': 'Step Functions log delivery',
  'logs:ListLogDeliveries': 'Step Functions log delivery',
  'logs:PutResourcePolicy': 'Step Functions log delivery',
  'logs:DescribeResourcePolicies': 'Step Functions log delivery',
  'logs:DescribeLogGroups': 'Step Functions log delivery',
  'logs:CreateLogGroup': "AWSLambdaBasicExecutionRole, SST's default for every function (writes its own log group)",
  'logs:CreateLogStream': 'AWSLambdaBasicExecutionRole',
  'logs:PutLogEvents': 'AWSLambdaBasicExecutionRole',
  'xray:PutTraceSegments': 'X-Ray tracing (takes no resource)',
  'xray:PutTelemetryRecords': 'X-Ray tracing (takes no resource)',
  'xray:PutSpans': 'X-Ray tracing (takes no resource)',
  'xray:PutSpansForIndexing': 'X-Ray tracing (takes no resource)',
  'xray:GetSamplingRules': 'X-Ray tracing (takes no resource)',
  'xray:GetSamplingTargets': 'X-Ray tracing (takes no resource)',
  'xray:GetSamplingStatisticSummaries': 'X-Ray tracing (takes no resource)',
};

/** The AWS-managed policies a role may hold, with their documents as AWS publishes them. */
export const AWS_MANAGED_POLICIES: Record<string, string> = {
  'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole': JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' }],
  }),
  'arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess': JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets', 'xray:GetSamplingStatisticSummaries'],
        Resource: ['*'],
      },
    ],
  }),
};

/** The ways a resource can name a role: its name, id or ARN. */
function roleKeys(role: RecordedResource): string[] {
  return [role.state.name, role.id, role.state.arn, role.inputs.name].filter((k): k is string => typeof k === 'string');
}

export function statementsOf(documents: string[], source = 'policy'): Statement[] {
  return documents.flatMap((doc) => {
    const parsed = JSON.parse(doc) as { Statement: Record<string, any> | Record<string, any>[] };
    return (Array.isArray(parsed.Statement) ? parsed.Statement : [parsed.Statement]).map((s) => ({
      Effect: s.Effect,
      Action: asList(s.Action),
      Resource: asList(s.Resource),
      ...(s.NotAction ? { NotAction: asList(s.NotAction) } : {}),
      ...(s.NotResource ? { NotResource: asList(s.NotResource) } : {}),
      source,
    }));
  });
}

export interface RolePolicies {
  statements: Statement[];
  /** Policies that could not be read: an AWS-managed policy not in AWS_MANAGED_POLICIES, an ARN of no policy here. */
  unreadable: string[];
}

function managedPolicy(synthesis: Synthesis, arn: string): { document?: string; unreadable?: string } {
  const own = ofType(synthesis, 'aws:iam/policy:Policy').find((p) => p.state.arn === arn || p.id === arn);
  if (own) return { document: own.inputs.policy };
  if (AWS_MANAGED_POLICIES[arn]) return { document: AWS_MANAGED_POLICIES[arn] };
  return { unreadable: `managed policy ${arn} (not one this review can read)` };
}

/** Every statement of every policy a role holds, wherever the policy is declared. */
export function rolePolicies(synthesis: Synthesis, role: RecordedResource): RolePolicies {
  const keys = roleKeys(role);
  const statements: Statement[] = [];
  const unreadable: string[] = [];
  const attach = (arn: string, how: string) => {
    const { document, unreadable: why } = managedPolicy(synthesis, arn);
    if (document) statements.push(...statementsOf([document], `${how} ${arn}`));
    else unreadable.push(why!);
  };
  for (const p of role.inputs.inlinePolicies ?? []) if (p.policy) statements.push(...statementsOf([p.policy], `inline ${p.name ?? ''}`.trim()));
  for (const arn of role.inputs.managedPolicyArns ?? []) attach(arn, 'managedPolicyArns');
  for (const p of ofType(synthesis, 'aws:iam/rolePolicy:RolePolicy')) if (keys.includes(p.inputs.role)) statements.push(...statementsOf([p.inputs.policy], `RolePolicy ${p.name}`));
  for (const a of ofType(synthesis, 'aws:iam/rolePolicyAttachment:RolePolicyAttachment')) if (keys.includes(a.inputs.role)) attach(a.inputs.policyArn, `RolePolicyAttachment ${a.name}`);
  for (const a of ofType(synthesis, 'aws:iam/policyAttachment:PolicyAttachment')) if ((a.inputs.roles ?? []).some((r: string) => keys.includes(r))) attach(a.inputs.policyArn, `PolicyAttachment ${a.name}`);
  return { statements, unreadable };
}

/** A wildcard an AWS reviewer rejects: any `*` or `?` in an action, NotAction/NotResource, a `*` resource outside the exceptions. */
export function wildcards(statements: Statement[], allowedStarResources: string[] = Object.keys(STAR_RESOURCE_EXCEPTIONS)): string[] {
  return statements
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) => [
      ...s.Action.filter((a) => /[*?]/.test(a)).map((a) => `action ${a}`),
      ...(s.NotAction ? [`NotAction ${s.NotAction.join(',')}`] : []),
      ...(s.NotResource ? [`NotResource ${s.NotResource.join(',')}`] : []),
      ...(s.Resource.some((r) => r === '*' || r === 'arn:*' || /^arn:[^:]*:[^:]*:\*?:\*?:\*$/.test(r))
        ? s.Action.filter((a) => !allowedStarResources.includes(a)).map((a) => `${a} on *`)
        : []),
    ]);
}

/** Every problem of every role in the synthesis, `role: problem (source)`; empty when the review passes. */
export function iamProblems(synthesis: Synthesis): string[] {
  const roles = ofType(synthesis, 'aws:iam/role:Role');
  const problems = roles.flatMap((role) => {
    const { statements, unreadable } = rolePolicies(synthesis, role);
    return [
      ...unreadable.map((u) => `${role.name}: ${u}`),
      ...statements.flatMap((s) => wildcards([s]).map((w) => `${role.name}: ${w} (${s.source})`)),
    ];
  });
  // A policy attached to a role of no name the synthesis knows escapes the review above.
  const known = roles.flatMap(roleKeys);
  const orphans = [
    ...ofType(synthesis, 'aws:iam/rolePolicy:RolePolicy').filter((p) => !known.includes(p.inputs.role)),
    ...ofType(synthesis, 'aws:iam/rolePolicyAttachment:RolePolicyAttachment').filter((p) => !known.includes(p.inputs.role)),
    ...ofType(synthesis, 'aws:iam/policyAttachment:PolicyAttachment').filter((p) => (p.inputs.roles ?? []).some((r: string) => !known.includes(r)) || (p.inputs.users ?? []).length || (p.inputs.groups ?? []).length),
  ].map((p) => `${p.name}: attached to a role not in this app (${p.inputs.role ?? p.inputs.roles})`);
  return [...problems, ...orphans];
}

/** Every Allow statement of a function's role, from every policy the role holds. */
export function functionStatements(synthesis: Synthesis, functionName: string): Statement[] {
  const role = named(synthesis, 'aws:iam/role:Role', `${functionName}Role`);
  return rolePolicies(synthesis, role).statements.filter((s) => s.Effect === 'Allow');
}

/** The actions a role may take, sorted. */
export function actionsOf(statements: Statement[]): string[] {
  return [...new Set(statements.flatMap((s) => s.Action))].sort();
}

export function functionEnvironment(synthesis: Synthesis, functionName: string): Record<string, string> {
  return named(synthesis, 'aws:lambda/function:Function', `${functionName}Function`).inputs.environment.variables;
}

export function only<T>(items: T[]): T {
  if (items.length !== 1) throw new Error(`Expected exactly one, found ${items.length}`);
  return items[0]!;
}

export { named, ofType };
