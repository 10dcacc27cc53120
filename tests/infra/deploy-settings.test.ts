/** Deploy-time settings change what they should and nothing else. */
import { beforeAll, expect, test } from 'vitest';
import { actionsOf, functionEnvironment, functionStatements, named } from './review.ts';
import { synthesise, type Synthesis } from './synth.ts';

const SES_IDENTITY = 'arn:aws:ses:eu-central-1:123456789012:identity/example.com';
let synthesis: Synthesis;
beforeAll(async () => {
  synthesis = await synthesise({
    COGNITO_SES_IDENTITY_ARN: SES_IDENTITY,
    COGNITO_FROM_ADDRESS: 'SAP Security Analyzer <no-reply@example.com>',
    AI_PROVIDER: 'openai',
    AI_BASE_URL: 'https://llm.example.com/v1',
    AI_MODELS: '[{"id":"m1"}]',
    AI_PRICE_INPUT_PER_MTOK: '0.5',
  });
});

test('Cognito sends invitations through the configured SES identity', () => {
  const pool = named(synthesis, 'aws:cognito/userPool:UserPool', 'UserPoolUserPool').inputs;
  expect(pool.emailConfiguration).toEqual({ emailSendingAccount: 'DEVELOPER', sourceArn: SES_IDENTITY, fromEmailAddress: 'SAP Security Analyzer <no-reply@example.com>' });
});

test('the AI settings reach the API and the pipeline alike', () => {
  for (const fn of ['ApiFunction', 'PipelineFunction']) {
    expect(functionEnvironment(synthesis, fn)).toMatchObject({ AI_PROVIDER: 'openai', AI_BASE_URL: 'https://llm.example.com/v1', AI_MODELS: '[{"id":"m1"}]', AI_PRICE_INPUT_PER_MTOK: '0.5' });
  }
});

test('Bedrock stays allowed whatever provider the deploy chose, on models and inference profiles only', () => {
  const bedrock = functionStatements(synthesis, 'PipelineFunction').filter((s) => s.Action.includes('bedrock:InvokeModel'));
  expect(bedrock.map((s) => s.Resource)).toEqual([['arn:aws:bedrock:*::foundation-model/*', 'arn:aws:bedrock:*:123456789012:inference-profile/*']]);
  expect(actionsOf(functionStatements(synthesis, 'ApiFunction')).filter((a) => a.startsWith('bedrock:'))).toEqual([]);
});
