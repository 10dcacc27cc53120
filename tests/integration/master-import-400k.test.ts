/**
 * The 400,000-row TSTCT list of docs/risk-management.md imports to the end on the local stack:
 * uploaded, read and checked by the API, written by the import job (the same code the import
 * queue's function runs on AWS) across the list's partitions with batch writes, its progress
 * readable while it runs, then the final counts and the audit entry.
 */
import { describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

const ROWS = 400_000;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The i-th code: 26 × 26 two-letter prefixes, as a real system spreads its names. */
const code = (i: number) => `${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26) % 26]}${i}`;

/** A TSTCT export of 400,000 codes. */
function tstct(): string {
  const lines = ['TCODE,SPRSL,TTEXT'];
  for (let i = 0; i < ROWS; i++) lines.push(`${code(i)},E,T ${i}`);
  return `${lines.join('\n')}\n`;
}

describe('a 400,000-row master-list import', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;
  signedInStack((s) => ({ stack, admin, user } = s), { admin: true });

  it('runs as a job that reports its progress and finishes with every entry written and one audit entry', async () => {
    const target = await admin.call('POST', '/imports/upload', { fileName: 'TSTCT.csv' });
    const put = await fetch(target.json.uploadUrl, { method: 'PUT', headers: { 'content-type': target.json.contentType }, body: tstct() });
    expect(put.status).toBeLessThan(300);

    const started = Date.now();
    const res = await admin.call('POST', '/master-import', { type: 'tcodes', key: target.json.key });
    // The request answers once the file is read and checked, not when the entries are written.
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'queued', total: ROWS, written: 0, rejectedRows: 0, errors: [] });

    const seen: number[] = [];
    let job = res.json;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 500));
      job = (await admin.call('GET', `/master-import/jobs/${job.jobId}`)).json;
      if (job.status === 'running') seen.push(job.written);
    }
    const ms = Date.now() - started;
    expect(job).toMatchObject({ status: 'done', total: ROWS, written: ROWS, rejectedRows: 0 });
    // Progress was readable part-way.
    expect(seen.some((n) => n > 0 && n < ROWS)).toBe(true);
    console.log(`400,000 entries imported in ${(ms / 1000).toFixed(1)} s on the local stack; progress read ${seen.length} times`);

    const audit = await admin.call('GET', '/risk-audit-log?itemId=TSTCT%20import');
    expect(audit.json.auditLog).toHaveLength(1);
    expect(audit.json.auditLog[0]).toMatchObject({ action: 'IMPORT', itemType: 'master_tcode', newValue: { imported: ROWS, rejectedRows: 0, format: 'csv' } });

    // Searches read the one partition of their prefix; counts visit every partition.
    expect((await user.call('GET', `/master-tcodes/search?q=${code(399_999)}`)).json.results).toEqual([{ tcodeId: code(399_999), description: 'T 399999' }]);
    expect((await user.call('GET', `/master-tcodes/search?q=${code(123_456)}`)).json.results).toEqual([{ tcodeId: code(123_456), description: 'T 123456' }]);
    const info = await user.call('GET', '/system-info');
    expect(info.json.masterTcodes).toBeGreaterThanOrEqual(ROWS);
  }, 900_000);
});
