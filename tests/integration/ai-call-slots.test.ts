/** Model calls across all analyses are capped by slots in the table (AI_MAX_CONCURRENT_CALLS). */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCallSlot } from '@app/functions/services/ai/call-slots.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

describe('model call slots', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('never lets more calls run at once than there are slots, and every call runs', async () => {
    let running = 0;
    let most = 0;
    const call = async (i: number) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 60));
      running--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => withCallSlot(stack.services, 2, () => call(i))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
  });

  it('takes a slot whose holder died (its lease ran out), and gives up after the wait limit when all stay busy', async () => {
    const put = (sk: string, until: number) => stack.services.ddb.send(new PutCommand({ TableName: stack.services.config.tableName, Item: { pk: 'AI#CALL_SLOT', sk, owner: 'gone', until } }));
    await put('0', Date.now() - 1000);
    expect(await withCallSlot(stack.services, 1, async () => 'ran')).toBe('ran');
    await put('0', Date.now() + 60_000);
    await expect(withCallSlot(stack.services, 1, async () => 'never', { waitLimitMs: 300 })).rejects.toThrow(/Every one of the 1 model call slots stayed busy/);
  });
});
