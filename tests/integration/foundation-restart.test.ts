/** `npm start` twice on one data folder: users, files and their objects are still there. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SM20_MINI, startTestStack, uploadFile, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: false });
});

afterAll(async () => {
  await stack?.stop();
});

describe('restart with the same data folder', () => {
  it('keeps users, their files and the objects, and the same admin password works', async () => {
    const carol = await stack.createUser('carol@test.local', 'Carol-Pass-123!');
    const upload = await uploadFile(carol, 'kept.csv', SM20_MINI);
    expect(upload.ready.status).toBe(200);
    const secretBefore = stack.services.config.secret;
    const poolBefore = stack.services.config.userPoolId;

    await stack.restart();

    expect(stack.services.config.secret).toBe(secretBefore);
    expect(stack.services.config.userPoolId).toBe(poolBefore);
    const again = await stack.signIn('carol@test.local', 'Carol-Pass-123!');
    expect(again.sub).toBe(carol.sub);
    const files = (await again.call('GET', '/files')).json.files;
    expect(files).toMatchObject([{ fileId: upload.fileId, fileName: 'kept.csv', status: 'ready', size: SM20_MINI.length }]);
    const chunks: Uint8Array[] = [];
    for await (const c of stack.services.blobs.read(upload.key)) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe(SM20_MINI);
    const admin = await stack.signIn(stack.admin.email, stack.admin.password);
    expect(admin.sub).toBeTruthy();
  });
});
