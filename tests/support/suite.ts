/** The stack of one integration suite, started and signed in before its tests and stopped after. */
import { afterAll, beforeAll } from 'vitest';
import { startTestStack, type TestClient, type TestStack, type TestStackOptions } from './stack.ts';

export interface SignedInStack {
  stack: TestStack;
  /** The seeded administrator (signed in only when asked: `admin: true`). */
  admin: TestClient;
  /** The seeded user. */
  user: TestClient;
  /** Another user, who must see none of the seeded user's data (signed in only when asked: `stranger: true`). */
  stranger: TestClient;
}

/** The other user of the suites that check ownership. */
export const STRANGER = { email: 'mallory@test.local', password: 'Mallory-Pass-123!' };

/**
 * Registers the suite's hooks (call it at the top of a file or in a describe): before its tests a
 * stack in memory, the seeded user (and with `admin`, the administrator; with `stranger`, a second
 * user) signed in and handed to `set`; after them the stack stopped.
 * @example signedInStack((s) => ({ stack, admin, user } = s), { admin: true });
 */
export function signedInStack(set: (s: SignedInStack) => void, opts: { admin?: boolean; stranger?: boolean; stack?: TestStackOptions } = {}): void {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true, ...opts.stack });
    const none = undefined as unknown as TestClient;
    const [admin, user, stranger] = await Promise.all([
      opts.admin ? stack.signIn(stack.admin.email, stack.admin.password) : none,
      stack.signIn(stack.user.email, stack.user.password),
      opts.stranger ? stack.createUser(STRANGER.email, STRANGER.password) : none,
    ]);
    set({ stack, admin, user, stranger });
  });
  afterAll(async () => {
    await stack?.stop();
  });
}

/** GET that must answer 200: its JSON body (the message names the path and the body otherwise). */
export async function getOk(client: TestClient, path: string): Promise<any> {
  const res = await client.call('GET', path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 500)}`);
  return res.json;
}
