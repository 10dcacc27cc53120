/**
 * A cap on model calls across all analyses (AI_MAX_CONCURRENT_CALLS): each call holds one of N
 * slot items in the table while it runs. A slot is taken with a conditional put (free, or its
 * lease ran out: a function that died mid-call frees its slot after LEASE_MS), and deleted after
 * the call. A caller that finds every slot taken waits with jitter and tries again.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AiProvider } from '../../adapters/ai/index.ts';
import type { Services } from '../types.ts';

const SLOTS_PK = 'AI#CALL_SLOT';
/** Longer than one model call may take (the Bedrock client's own timeout is shorter). */
const LEASE_MS = 3 * 60_000;
/** How long a call waits for a slot before it goes ahead without one would exceed the step: it fails instead. */
const WAIT_LIMIT_MS = 8 * 60_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function takeSlot(services: Services, slots: number, owner: string): Promise<number | undefined> {
  const now = Date.now();
  for (let i = 0; i < slots; i++) {
    try {
      await services.ddb.send(
        new PutCommand({
          TableName: services.config.tableName,
          Item: { pk: SLOTS_PK, sk: String(i), owner, until: now + LEASE_MS },
          ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return i;
    } catch (e) {
      if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    }
  }
  return undefined;
}

/** Runs `fn` holding one of `slots` slots. */
export async function withCallSlot<T>(services: Services, slots: number, fn: () => Promise<T>, options: { waitLimitMs?: number; random?: () => number } = {}): Promise<T> {
  const owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const started = Date.now();
  const random = options.random ?? Math.random;
  let slot: number | undefined;
  for (let tries = 0; (slot = await takeSlot(services, slots, owner)) === undefined; tries++) {
    if (Date.now() - started > (options.waitLimitMs ?? WAIT_LIMIT_MS)) throw new Error(`Every one of the ${slots} model call slots stayed busy for ${Math.round((Date.now() - started) / 1000)} s`);
    await sleep(Math.min(5000, 250 * 2 ** Math.min(tries, 4)) * (0.5 + random() / 2));
  }
  try {
    return await fn();
  } finally {
    await services.ddb
      .send(new DeleteCommand({ TableName: services.config.tableName, Key: { pk: SLOTS_PK, sk: String(slot) }, ConditionExpression: '#owner = :owner', ExpressionAttributeNames: { '#owner': 'owner' }, ExpressionAttributeValues: { ':owner': owner } }))
      .catch(() => undefined);
  }
}

/** The provider with every call holding a slot, when the deployment caps calls. */
export function cappedProvider(provider: AiProvider, services: Services): AiProvider {
  const slots = services.config.ai.maxConcurrentCalls;
  if (!slots) return provider;
  return { name: provider.name, complete: (request) => withCallSlot(services, slots, () => provider.complete(request)) };
}
