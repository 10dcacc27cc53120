/**
 * Stage settings come from committed files (stacks/stages/<stage>.json): they change what they
 * should and nothing else, and `prod` refuses to deploy with a setting missing, naming it. Each
 * check (checks.ts SETTINGS_CHECKS) is also run on mutated copies of this synthesis.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS_CHECKS, type SettingsCheckName, STAGE_FILE } from './checks.ts';
import { describeMutations, editStatements, env, fnInputs, grant, type Mutation, res } from './mutation-runner.ts';
import { REPO_ROOT } from './sst-platform.ts';
import { synthesise, type Synthesis } from './synth.ts';

const committedProd = JSON.parse(readFileSync(join(REPO_ROOT, 'stacks/stages/prod.json'), 'utf8')) as Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'stages-'));
/** A folder of stage files with `settings` as `<stage>.json`. */
const stages = (settings: Record<string, unknown>, stage = 'prod') => {
  const d = mkdtempSync(join(dir, 's-'));
  writeFileSync(join(d, `${stage}.json`), JSON.stringify(settings));
  return d;
};

let synthesis: Synthesis;
beforeAll(async () => {
  synthesis = await synthesise({
    STAGE_SETTINGS_DIR: stages({ ...committedProd, ...STAGE_FILE }),
    // The shell no longer decides: these are ignored.
    AI_PROVIDER: 'openai',
    COGNITO_SES_IDENTITY_ARN: 'arn:aws:ses:eu-central-1:123456789012:identity/shell.example',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('Cognito sends invitations through the configured SES identity', () => SETTINGS_CHECKS.cognitoSendsThroughSes(synthesis));
test("the AI settings reach the API and the pipeline alike, from the stage's file and not the shell", () => SETTINGS_CHECKS.aiSettingsFromTheFile(synthesis));
test('Bedrock is allowed on the configured models only: a foundation model in the region, an inference profile with the models it routes to', () => SETTINGS_CHECKS.bedrockOnConfiguredModelsOnly(synthesis));
test('the alarm address is subscribed to the topic', () => SETTINGS_CHECKS.alarmAddressSubscribed(synthesis));
test('uploads expire as the file says', () => SETTINGS_CHECKS.uploadExpiryFromTheFile(synthesis));
test('logs are kept as the file says', () => SETTINGS_CHECKS.logRetentionFromTheFile(synthesis));
test('the pipeline reserves the concurrency the file says', () => SETTINGS_CHECKS.reservedConcurrencyFromTheFile(synthesis));
test('a custom domain gets its certificate and TLS 1.2 or newer only, and is the origin the API and the bucket allow', () => SETTINGS_CHECKS.customDomainWithTls12(synthesis));

/** A stage whose file lacks settings is refused, naming each: prod must name them all. */
async function expectRefusesMissingSettings(stage: string) {
  const { AI_PROVIDER: _, ...withoutAi } = committedProd;
  // Dev mode: the settings are read before anything is bundled, and a synthesis that is not refused ends sooner.
  const run = (settings: Record<string, unknown>) => synthesise({ STAGE_SETTINGS_DIR: stages(settings, stage), SYNTH_STAGE: stage, SYNTH_DEV: '1' });
  await expect(run(withoutAi)).rejects.toThrow(new RegExp(`${stage}\\.json: missing setting AI_PROVIDER \\(`));
  const { UPLOAD_EXPIRY_DAYS: __, ...withoutExpiry } = committedProd;
  await expect(run(withoutExpiry)).rejects.toThrow(/missing setting UPLOAD_EXPIRY_DAYS/);
}

describe('missing and unknown settings', () => {
  test('prod refuses to deploy with a setting missing from its file, naming it', () => expectRefusesMissingSettings('prod'));

  test('the refusal check fails for a stage that does not refuse (a personal stage takes the defaults)', async () => {
    await expect(expectRefusesMissingSettings('alice')).rejects.toThrow(/promise resolved .* instead of rejecting/);
  });

  test('an unknown setting is refused, naming it', async () => {
    await expect(synthesise({ STAGE_SETTINGS_DIR: stages({ ...committedProd, AI_PROVDER: 'bedrock' }), SYNTH_DEV: '1' })).rejects.toThrow(/unknown setting AI_PROVDER/);
  });
});

const SETTINGS_MUTATIONS: Mutation<SettingsCheckName>[] = [
  { check: 'cognitoSendsThroughSes', what: "Cognito's own sender despite the file", mutate: (s) => void (res(s, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs.emailConfiguration = { emailSendingAccount: 'COGNITO_DEFAULT' }) },
  { check: 'aiSettingsFromTheFile', what: "the shell's AI provider", mutate: (s) => void (env(s, 'PipelineFunction').AI_PROVIDER = 'openai') },
  { check: 'aiSettingsFromTheFile', what: 'the API without the price', mutate: (s) => void delete env(s, 'ApiFunction').AI_PRICE_INPUT_PER_MTOK },
  { check: 'bedrockOnConfiguredModelsOnly', what: 'every foundation model of the region', mutate: (s) => editStatements(s, 'PipelineFunctionRole', (st) => void (st.Action.includes('bedrock:InvokeModel') && st.Resource.push('arn:aws:bedrock:eu-central-1::foundation-model/*'))) },
  { check: 'bedrockOnConfiguredModelsOnly', what: 'a model outside the catalogue', mutate: (s) => editStatements(s, 'PipelineFunctionRole', (st) => void (st.Action.includes('bedrock:InvokeModel') && st.Resource.push('arn:aws:bedrock:eu-central-1::foundation-model/meta.llama3-70b-instruct-v1:0'))) },
  { check: 'bedrockOnConfiguredModelsOnly', what: 'streaming and other Bedrock calls too', mutate: (s) => editStatements(s, 'PipelineFunctionRole', (st) => void (st.Action.includes('bedrock:InvokeModel') && st.Action.push('bedrock:InvokeModelWithResponseStream'))) },
  { check: 'bedrockOnConfiguredModelsOnly', what: 'Bedrock for the API function', mutate: (s) => grant(s, 'ApiFunctionRole', { Action: ['bedrock:InvokeModel'], Resource: ['arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0'] }) },
  { check: 'bedrockOnConfiguredModelsOnly', what: 'a second Bedrock grant on *', mutate: (s) => grant(s, 'PipelineFunctionRole', { Action: ['bedrock:InvokeModel'], Resource: ['*'] }) },
  { check: 'alarmAddressSubscribed', what: 'no subscription', mutate: (s) => void (s.resources = s.resources.filter((r) => !r.name.startsWith('AlarmsEmail'))) },
  { check: 'uploadExpiryFromTheFile', what: "the default's expiry", mutate: (s) => void (res(s, 'aws:s3/bucketLifecycleConfigurationV2:BucketLifecycleConfigurationV2', 'StorageLifecycle').inputs.rules.find((r: { id: string }) => r.id === 'expire-uploads').expiration = { days: 30 }) },
  { check: 'logRetentionFromTheFile', what: "the default's retention on the import function", mutate: (s) => void (res(s, 'aws:cloudwatch/logGroup:LogGroup', 'ImportFunctionLogGroup').inputs.retentionInDays = 30) },
  { check: 'reservedConcurrencyFromTheFile', what: "the default's reserved concurrency", mutate: (s) => void (fnInputs(s, 'PipelineFunction').reservedConcurrentExecutions = 20) },
  { check: 'customDomainWithTls12', what: 'TLS 1.0 allowed on the custom domain', mutate: (s) => void (res(s, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution').inputs.viewerCertificate.minimumProtocolVersion = 'TLSv1') },
  { check: 'customDomainWithTls12', what: 'a dedicated-IP certificate', mutate: (s) => void (res(s, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution').inputs.viewerCertificate.sslSupportMethod = 'vip') },
  { check: 'customDomainWithTls12', what: 'the domain not answered', mutate: (s) => void (res(s, 'aws:cloudfront/distribution:Distribution', 'WebCdnDistribution').inputs.aliases = []) },
  { check: 'customDomainWithTls12', what: 'the API allowing the CloudFront name instead of the domain', mutate: (s) => void (env(s, 'ApiFunction').WEB_ORIGIN = 'https://webcdndistribution.cloudfront.net') },
];

describe('each settings check fails when its setting is removed', () => {
  describeMutations(SETTINGS_CHECKS, SETTINGS_MUTATIONS, () => synthesis);
});
