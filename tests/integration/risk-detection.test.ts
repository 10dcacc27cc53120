import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

/** New analyses use the administrators' active lists as they are when the analysis starts. */
describe('the high-risk lists drive detection', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;
  let fileId: string;

  // 80 SM20 rows cycle through 8 events, so each tcode of the fixture appears 10 times.
  const ROWS = 80;
  const PER_TCODE = ROWS / 8;

  async function highRiskTcodeCount(): Promise<number> {
    const id = await startAnalysis(user, [fileId]);
    const result = await waitForAnalysis(user, id);
    expect(result.status).toBe('completed');
    return result.summary.flag_counts.HIGH_RISK_TCODE_FLAG as number;
  }

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
    user = await stack.signIn(stack.user.email, stack.user.password);
    [fileId] = await uploadAll(user, [{ name: 'SM20_lists.csv', bytes: new TextEncoder().encode(sm20Csv(ROWS)) }]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('stops flagging a soft-deleted tcode and starts flagging an added one', async () => {
    const seeded = await highRiskTcodeCount();
    expect(seeded).toBeGreaterThanOrEqual(PER_TCODE);

    expect((await admin.call('DELETE', '/risk-tcodes/SU01')).status).toBe(200);
    expect(await highRiskTcodeCount()).toBe(seeded - PER_TCODE);

    expect((await admin.call('POST', '/risk-tcodes', { tcodeId: 'VA01', category: 'Sales' })).status).toBe(201);
    expect(await highRiskTcodeCount()).toBe(seeded);
  });
});
