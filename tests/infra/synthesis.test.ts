/** The whole app synthesises offline, and the figures docs/deployment.md quotes hold. */
import { beforeAll, expect, test } from 'vitest';
import { defaultSynthesis, ofType, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

test('the app synthesises with its three functions bundled for Node 22', () => {
  expect(synthesis.builds.map((b) => b.functionID).sort()).toEqual(['ApiFunction', 'ImportFunction', 'PipelineFunction']);
  for (const b of synthesis.builds) {
    expect(b.runtime).toBe('nodejs22.x');
    expect(b.bundleBytes).toBeGreaterThan(100_000);
  }
  expect(ofType(synthesis, 'aws:lambda/function:Function').map((f) => f.inputs.runtime)).toEqual(['nodejs22.x', 'nodejs22.x', 'nodejs22.x']);
});

test('the outputs name the web, API and sign-in resources', () => {
  expect(synthesis.outputs.api).toBe('https://apiapi.execute-api.eu-central-1.amazonaws.com/prod');
  expect(Object.keys(synthesis.outputs).sort()).toEqual(['_protect', 'alarmTopic', 'api', 'bucket', 'table', 'userPoolClientId', 'userPoolId', 'web']);
  expect(synthesis.outputs._protect).toBe(true);
});
