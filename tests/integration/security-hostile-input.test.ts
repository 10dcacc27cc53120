/**
 * Issue 13, item 3: a small workbook that expands to gigabytes must fail on its own, quickly,
 * and leave other users' analyses running in their normal time; results are capped too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbook } from '@app/core/formats/fixtures/workbook-bytes.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

const HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>Event</t></is></c><c r="B1" t="inlineStr"><is><t>User</t></is></c><c r="C1" t="inlineStr"><is><t>Message Text</t></is></c></row>';

let stack: TestStack;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, env: { ANALYSIS_MAX_OUTPUT_BYTES: String(2_000_000) } });
  alice = await stack.signIn(stack.user.email, stack.user.password);
  bob = await stack.signIn(stack.admin.email, stack.admin.password);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('hostile workbooks', () => {
  it("fails a sheet of whitespace at the row limit while another user's analysis completes", async () => {
    // 200 MB of whitespace after one row: about 200 KB compressed.
    const hostile = workbook({ 'xl/worksheets/sheet1.xml': `${HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>AU1</t></is></c></row>${' '.repeat(200 * 1024 * 1024)}` });
    expect(hostile.length).toBeLessThan(1024 * 1024);
    const [hostileId] = await uploadAll(alice, [{ name: 'hostile.xlsx', bytes: hostile }]);
    const [smallId] = await uploadAll(bob, [{ name: 'small-sm20.csv', bytes: text(sm20Csv(500)) }]);
    const started = Date.now();
    const attack = await startAnalysis(alice, [hostileId!]);
    const small = await startAnalysis(bob, [smallId!]);

    const done = await waitForAnalysis(bob, small);
    expect(done.error ?? null).toBeNull();
    expect(done.status).toBe('completed');
    expect(done.summary.total_records).toBe(500);
    const failed = await waitForAnalysis(alice, attack);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('hostile.xlsx: a row of the worksheet xl/worksheets/sheet1.xml holds more than 67,108,864 characters');
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 90_000);

  it('fails an analysis whose results pass the output limit, naming the limit', async () => {
    const [fileId] = await uploadAll(alice, [{ name: 'large-sm20.csv', bytes: text(sm20Csv(30_000)) }]);
    const failed = await waitForAnalysis(alice, await startAnalysis(alice, [fileId!]));
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('the results of this analysis come to more than 2,000,000 bytes (the limit for one analysis)');
  }, 60_000);
});
