/**
 * Issue 27: an analysis of ticket files alone is No data (DETECTION.md section 2), and the API says
 * why in words (risk_label), in the result and in the history list, never "No records were found".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

signedInStack((s) => ({ stack, user: alice } = s));

const fixture = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'core', 'src', 'engine', 'fixtures', name))) });

describe('tickets-only analysis', () => {
  it('is No data, and its label says tickets alone and what to upload', async () => {
    const ids = await uploadAll(alice, [fixture('tickets.csv')]);
    const analysisId = await startAnalysis(alice, ids);
    const result = await waitForAnalysis(alice, analysisId, 90_000);
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
    expect(result.risk).toBe('No data');
    expect(result.summary.total_records).toBeGreaterThan(0);
    expect(result.risk_label).toBe('No data — tickets alone: upload SM20 or change documents to analyse');
    expect(result.no_data_reason).toContain('no SM20 or change-document records were given');
    const listed = ((await alice.call('GET', '/results')).json.analyses as { analysisId: string; risk_label: string }[]).find((a) => a.analysisId === analysisId);
    expect(listed?.risk_label).toBe('No data — tickets alone: upload SM20 or change documents to analyse');
  });

  it('an analysis with SM20 records keeps its risk in the usual words', async () => {
    const ids = await uploadAll(alice, [fixture('sm20.csv')]);
    const result = await waitForAnalysis(alice, await startAnalysis(alice, ids), 90_000);
    expect(result.status).toBe('completed');
    expect(result.risk_label).toMatch(/^(Critical Risk|High Risk|Medium Risk|Low Risk|Clean) - /);
    // Why, with the share of flagged records kept visible (a critical case raises the level above the share's).
    expect(result.risk_reason).toMatch(/% of records flagged/);
    expect(result.risk_by_share).toMatch(/^(High|Medium|Low|Clean)$/);
  });
});
