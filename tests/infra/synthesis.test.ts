/** The whole app synthesises offline, and the figures docs/deployment.md quotes hold (checks in checks.ts). */
import { beforeAll, test } from 'vitest';
import { CHECKS } from './checks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

test('the app synthesises with its four functions bundled for Node 22', () => CHECKS.functionsOnNode22(synthesis));
test("the outputs name the web, the API's edge and the sign-in resources", () => CHECKS.outputs(synthesis));
