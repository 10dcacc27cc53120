/**
 * Answers for Pulumi's mocks: what AWS would return for the resources and data sources the stacks
 * use (ids, ARNs, endpoints), in one fixed account and region, and IAM policy documents rendered
 * from their statements as aws.iam.getPolicyDocument does.
 */
import type { MockCallArgs, MockResourceArgs } from '@pulumi/pulumi/runtime/mocks';

export const ACCOUNT = '123456789012';
export const REGION = 'eu-central-1';
export const SYNTH_STAGE = process.env.SYNTH_STAGE ?? 'prod';
/** What `sst secret set` would have stored for the stage. */
export const SYNTH_SECRETS = { AppSecret: 'synthesised-app-secret-0123456789' };

export interface RecordedResource {
  type: string;
  name: string;
  /** The physical id the mock gave it (what `resource.id` resolves to). */
  id: string;
  custom: boolean;
  inputs: Record<string, any>;
  state: Record<string, any>;
  /** A component's registered outputs (synth-child.ts records them). */
  outputs?: Record<string, any>;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9-]/g, '-');

/** Outputs AWS computes, by resource type. */
function computedState(type: string, name: string, inputs: Record<string, any>): Record<string, any> {
  const id = slug(name);
  switch (type) {
    case 'aws:s3/bucketV2:BucketV2':
      return { bucket: inputs.bucket ?? id, bucketDomainName: `${inputs.bucket ?? id}.s3.amazonaws.com`, bucketRegionalDomainName: `${inputs.bucket ?? id}.s3.${REGION}.amazonaws.com`, arn: `arn:aws:s3:::${inputs.bucket ?? id}` };
    case 'aws:dynamodb/table:Table':
      return { arn: `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${inputs.name ?? id}`, streamArn: `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${inputs.name ?? id}/stream/1` };
    case 'aws:apigatewayv2/api:Api':
      return { apiEndpoint: `https://${id}.execute-api.${REGION}.amazonaws.com`, executionArn: `arn:aws:execute-api:${REGION}:${ACCOUNT}:${id}` };
    case 'aws:cognito/userPool:UserPool':
      return { arn: `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${REGION}_synth`, endpoint: `cognito-idp.${REGION}.amazonaws.com/${REGION}_synth` };
    case 'aws:lambda/function:Function':
      return { invokeArn: `arn:aws:apigateway:${REGION}:lambda:path/2015-03-31/functions/arn:aws:lambda:${REGION}:${ACCOUNT}:function:${inputs.name ?? id}/invocations`, qualifiedArn: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${inputs.name ?? id}:1` };
    case 'aws:cloudfront/distribution:Distribution':
      return { domainName: `${id}.cloudfront.net`, hostedZoneId: 'Z2FDTNDATAQYW2' };
    case 'aws:sfn/stateMachine:StateMachine':
      return { arn: `arn:aws:states:${REGION}:${ACCOUNT}:stateMachine:${inputs.name ?? id}` };
    case 'aws:sqs/queue:Queue':
      return { arn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${inputs.name ?? id}`, url: `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${inputs.name ?? id}`, name: inputs.name ?? id };
    case 'aws:sns/topic:Topic':
      return { arn: `arn:aws:sns:${REGION}:${ACCOUNT}:${inputs.name ?? id}` };
    case 'aws:kms/key:Key':
      return { arn: `arn:aws:kms:${REGION}:${ACCOUNT}:key/${id}`, keyId: `${id}-key-id` };
    case 'random:index/randomBytes:RandomBytes':
      return { base64: Buffer.alloc(inputs.length ?? 32, 7).toString('base64'), hex: Buffer.alloc(inputs.length ?? 32, 7).toString('hex') };
    default:
      return {};
  }
}

export function answerResource(args: MockResourceArgs): { id: string; state: Record<string, any> } {
  const id = `${slug(args.name)}-id`;
  const service = args.type.split(':')[1]?.split('/')[0] ?? 'unknown';
  return {
    id,
    state: {
      arn: `arn:aws:${service}:${REGION}:${ACCOUNT}:${slug(args.name)}`,
      name: args.inputs.name ?? slug(args.name),
      ...args.inputs,
      ...computedState(args.type, args.name, args.inputs),
    },
  };
}

interface PolicyStatementArgs {
  sid?: string;
  effect?: string;
  actions?: string[];
  notActions?: string[];
  resources?: string[];
  principals?: { type: string; identifiers: string[] }[];
  conditions?: { test: string; variable: string; values: string[] }[];
}

/** aws.iam.getPolicyDocument: the JSON document its statements describe. */
export function renderPolicyDocument(statements: PolicyStatementArgs[] = []): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: statements.map((s) => ({
      ...(s.sid ? { Sid: s.sid } : {}),
      Effect: s.effect ?? 'Allow',
      ...(s.actions ? { Action: s.actions } : {}),
      ...(s.notActions ? { NotAction: s.notActions } : {}),
      ...(s.resources ? { Resource: s.resources } : {}),
      ...(s.principals ? { Principal: Object.fromEntries(s.principals.map((p) => [p.type, p.identifiers])) } : {}),
      ...(s.conditions ? { Condition: Object.fromEntries(s.conditions.map((c) => [c.test, { [c.variable]: c.values }])) } : {}),
    })),
  });
}

export function answerCall(args: MockCallArgs): Record<string, any> {
  switch (args.token) {
    case 'aws:index/getRegion:getRegion':
      return { id: REGION, name: REGION, region: REGION, endpoint: `ec2.${REGION}.amazonaws.com` };
    case 'aws:index/getCallerIdentity:getCallerIdentity':
      return { id: ACCOUNT, accountId: ACCOUNT, arn: `arn:aws:iam::${ACCOUNT}:user/synth`, userId: 'synth' };
    case 'aws:index/getPartition:getPartition':
      return { id: 'aws', partition: 'aws', dnsSuffix: 'amazonaws.com', reverseDnsPrefix: 'com.amazonaws' };
    case 'aws:iam/getPolicyDocument:getPolicyDocument':
      return { ...args.inputs, id: 'policy', json: renderPolicyDocument(args.inputs.statements) };
    case 'aws:cloudfront/getCachePolicy:getCachePolicy':
      return { id: `${args.inputs.name}-id`, name: args.inputs.name };
    case 'aws:cloudfront/getOriginRequestPolicy:getOriginRequestPolicy':
      return { id: `${args.inputs.name}-id`, name: args.inputs.name };
    default:
      return { id: `${args.token}-id`, ...args.inputs };
  }
}
