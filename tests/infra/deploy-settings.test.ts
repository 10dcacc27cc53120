/**
 * Stage settings come from committed files (stacks/stages/<stage>.json): they change what they
 * should and nothing else, and `prod` refuses to deploy with a setting missing, naming it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveModels } from '../../packages/core/src/ai/models.ts';
import { actionsOf, functionEnvironment, functionStatements, named } from './review.ts';
import { REPO_ROOT } from './sst-platform.ts';
import { synthesise, type Synthesis } from './synth.ts';

const AI_MODELS = JSON.stringify([{ name: 'Claude EU', id: 'eu.anthropic.claude-3-5-sonnet-20240620-v1:0' }, { name: 'Claude 3.5 Haiku', id: 'anthropic.claude-3-5-haiku-20241022-v1:0' }]);
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/3a958790-8878-4cdc-a396-06d95064cf63';
const SES_IDENTITY = 'arn:aws:ses:eu-central-1:123456789012:identity/example.com';
const committedProd = JSON.parse(readFileSync(join(REPO_ROOT, 'stacks/stages/prod.json'), 'utf8')) as Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'stages-'));
const stages = (prod: Record<string, unknown>) => {
  const d = mkdtempSync(join(dir, 's-'));
  writeFileSync(join(d, 'prod.json'), JSON.stringify(prod));
  return d;
};

let synthesis: Synthesis;
beforeAll(async () => {
  synthesis = await synthesise({
    STAGE_SETTINGS_DIR: stages({
      ...committedProd,
      COGNITO_SES_IDENTITY_ARN: SES_IDENTITY,
      COGNITO_FROM_ADDRESS: 'SAP Security Analyzer <no-reply@example.com>',
      AI_PROVIDER: 'bedrock',
      AI_MODELS,
      AI_PRICE_INPUT_PER_MTOK: '0.5',
      ALARM_EMAIL: 'ops@example.com',
      UPLOAD_EXPIRY_DAYS: 90,
      LOG_RETENTION: '1 year',
      PIPELINE_RESERVED_CONCURRENCY: 7,
      WEB_DOMAIN: 'sap-analyzer.example.com',
      WEB_CERTIFICATE_ARN: CERTIFICATE,
    }),
    // The shell no longer decides: these are ignored.
    AI_PROVIDER: 'openai',
    COGNITO_SES_IDENTITY_ARN: 'arn:aws:ses:eu-central-1:123456789012:identity/shell.example',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('Cognito sends invitations through the configured SES identity', () => {
  const pool = named(synthesis, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs;
  expect(pool.emailConfiguration).toEqual({ emailSendingAccount: 'DEVELOPER', sourceArn: SES_IDENTITY, fromEmailAddress: 'SAP Security Analyzer <no-reply@example.com>' });
});

test("the AI settings reach the API and the pipeline alike, from the stage's file and not the shell", () => {
  for (const fn of ['ApiFunction', 'PipelineFunction']) {
    expect(functionEnvironment(synthesis, fn)).toMatchObject({ AI_PROVIDER: 'bedrock', AI_PRICE_INPUT_PER_MTOK: '0.5', AI_MAX_CONCURRENT_CALLS: '4' });
  }
});

test('Bedrock is allowed on the configured models only: a foundation model in the region, an inference profile with the models it routes to', () => {
  const bedrock = functionStatements(synthesis, 'PipelineFunction').filter((s) => s.Action.includes('bedrock:InvokeModel'));
  expect(bedrock).toHaveLength(1);
  const resources = bedrock[0]!.Resource;
  // The catalogue the settings panel offers (AI_MODELS merged into the built-in list), each model by its own ARN.
  const catalogue = resolveModels(AI_MODELS).map((m) => m.id);
  expect(resources).toHaveLength(catalogue.length + 1);
  expect(resources).toEqual(
    expect.arrayContaining([
      'arn:aws:bedrock:eu-central-1:123456789012:inference-profile/eu.anthropic.claude-3-5-sonnet-20240620-v1:0',
      'arn:aws:bedrock:*::foundation-model/anthropic.claude-3-5-sonnet-20240620-v1:0',
      'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0',
      'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-opus-20240229-v1:0',
    ]),
  );
  expect(resources.filter((r) => r.endsWith('/*') || r.endsWith(':*'))).toEqual([]);
  expect(actionsOf(functionStatements(synthesis, 'ApiFunction')).filter((a) => a.startsWith('bedrock:'))).toEqual([]);
});

test('the alarm address, upload expiry, log retention and reserved concurrency follow the file', () => {
  const subscription = named(synthesis, 'aws:sns/topicSubscription:TopicSubscription', 'AlarmsEmail');
  expect(subscription.inputs).toMatchObject({ protocol: 'email', endpoint: 'ops@example.com', topic: named(synthesis, 'aws:sns/topic:Topic', 'Alarms').state.arn });
  const lifecycle = named(synthesis, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2', 'StorageLifecycle');
  expect(lifecycle.inputs.rules.find((r: { id: string }) => r.id === 'expire-uploads').expiration).toEqual({ days: 90 });
  for (const fn of ['ApiFunction', 'PipelineFunction']) expect(named(synthesis, 'aws:cloudwatch/logGroup:LogGroup', `${fn}LogGroup`).inputs.retentionInDays).toBe(365);
  expect(named(synthesis, 'aws:lambda/function:Function', 'PipelineFunctionFunction').inputs.reservedConcurrentExecutions).toBe(7);
});

test('prod refuses to deploy with a setting missing from its file, naming it', async () => {
  const { AI_PROVIDER: _, ...withoutAi } = committedProd;
  await expect(synthesise({ STAGE_SETTINGS_DIR: stages(withoutAi) })).rejects.toThrow(/prod\.json: missing setting AI_PROVIDER \(/);
  const { UPLOAD_EXPIRY_DAYS: __, ...withoutExpiry } = committedProd;
  await expect(synthesise({ STAGE_SETTINGS_DIR: stages(withoutExpiry) })).rejects.toThrow(/missing setting UPLOAD_EXPIRY_DAYS/);
  await expect(synthesise({ STAGE_SETTINGS_DIR: stages({ ...committedProd, AI_PROVDER: 'bedrock' }) })).rejects.toThrow(/unknown setting AI_PROVDER/);
});

test('a custom domain gets its certificate and TLS 1.2 or newer only, and is the origin the API and the bucket allow', () => {
  const distribution = named(synthesis, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution');
  expect(distribution.inputs.aliases).toEqual(['sap-analyzer.example.com']);
  expect(distribution.inputs.viewerCertificate).toEqual({ acmCertificateArn: CERTIFICATE, sslSupportMethod: 'sni-only', minimumProtocolVersion: 'TLSv1.2_2021' });
  expect(functionEnvironment(synthesis, 'ApiFunction').WEB_ORIGIN).toBe('https://sap-analyzer.example.com');
});
