import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workPrefix } from '@app/functions/services/workspace.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { fixturesOfSize, sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

signedInStack((s) => ({ stack, user: alice } = s));

describe('a file that cannot be read', () => {
  it('fails its analysis with a message naming the file; uploads and other analyses stay', async () => {
    const [goodId] = await uploadAll(alice, [{ name: 'good-sm20.csv', bytes: text(sm20Csv(80)) }]);
    const goodAnalysis = await startAnalysis(alice, [goodId!]);
    expect((await waitForAnalysis(alice, goodAnalysis)).status).toBe('completed');

    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    const [badId] = await uploadAll(alice, [{ name: 'broken-export.csv', bytes: garbage }]);
    const bad = await waitForAnalysis(alice, await startAnalysis(alice, [badId!, goodId!]));
    expect(bad.status).toBe('failed');
    expect(bad.error).toContain('broken-export.csv');
    expect(bad.excelDownloadUrl).toBeUndefined();

    const files = (await alice.call('GET', '/files')).json.files.map((f: any) => f.fileId);
    expect(files).toEqual(expect.arrayContaining([goodId, badId]));
    const other = await alice.call('GET', `/results/${goodAnalysis}`);
    expect(other.json.status).toBe('completed');

    // Retrying with the readable file alone works.
    const retry = await waitForAnalysis(alice, await startAnalysis(alice, [goodId!]));
    expect(retry.status).toBe('completed');
    expect(retry.summary.total_records).toBe(80);
  });

  it('refuses to start with a message naming a file whose object vanished after upload', async () => {
    const [fileId] = await uploadAll(alice, [{ name: 'vanishing.csv', bytes: text(sm20Csv(10)) }]);
    const file = (await alice.call('GET', '/files')).json.files.find((f: any) => f.fileId === fileId);
    await stack.services.blobs.delete(file.key);
    const before = (await alice.call('GET', '/results')).json.analyses.length;
    // POST /analyze measures every file again (the 100 MB rule), so a vanished object is caught there.
    const res = await alice.call('POST', '/analyze', { fileIds: [fileId], analysisType: 'single', correlateFiles: false });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('File "vanishing.csv" is no longer stored; upload it again');
    expect((await alice.call('GET', '/results')).json.analyses).toHaveLength(before);
  });
});

describe('an analysis interrupted by a server restart', () => {
  it('is marked failed on the next start, and starting it again works', async () => {
    const disk = await startTestStack({ inMemory: false });
    try {
      const bob = await disk.signIn(disk.user.email, disk.user.password);
      const [fileId] = await uploadAll(bob, [{ name: 'SM20_restart.csv', bytes: text(fixturesOfSize.sm20(3 * 1024 * 1024)) }]);
      const interrupted = await startAnalysis(bob, [fileId!]);
      const work = join(disk.dataDir, 'blobs', workPrefix(bob.sub, interrupted));
      await waitFor(() => stat(join(work, 'snapshot.json')).then(() => true, () => false));
      await disk.restart();
      const after = await bob.call('GET', `/results/${interrupted}`);
      expect(after.json.status).toBe('failed');
      expect(after.json.error).toContain('interrupted because the server stopped');
      // The interrupted run's work folder is removed on the next start.
      expect(await stat(work).then(() => 'present', (e: NodeJS.ErrnoException) => e.code)).toBe('ENOENT');
      const again = await waitForAnalysis(bob, await startAnalysis(bob, [fileId!]));
      expect(again.status).toBe('completed');
    } finally {
      await disk.stop();
    }
  }, 120_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
