/**
 * Issue 27 (DETECTION.md section 3): the rules page states the thresholds of the current detection
 * settings. GET /rules fills the pattern rules' texts from the administrator's settings.
 */
import { describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

let stack: TestStack;
let admin: TestClient;
let user: TestClient;

signedInStack((s) => ({ stack, admin, user } = s), { admin: true });

type Rule = { id: string; summary?: string; reads: string };
const rule = async (id: string) => ((await user.call('GET', '/rules')).json.rules as Rule[]).find((r) => r.id === id)!;

describe('GET /rules with the current detection settings', () => {
  it('states the defaults while nothing was changed', async () => {
    const res = await user.call('GET', '/rules');
    expect(res.json.thresholdsAreDefault).toBe(true);
    expect((await rule('PAT-FAILED-LOGON-BURST')).summary).toBe('5 or more failed logons for one user or from one terminal or address within 10 minutes.');
  });

  it("states an administrator's thresholds: a burst of 3 in 7 minutes, 12 downloads in 30 minutes", async () => {
    const current = (await admin.call('GET', '/detection-thresholds')).json.thresholds;
    const saved = await admin.call('PUT', '/detection-thresholds', { ...current, burst: { count: 3, minutes: 7 }, massDownload: { count: 12, minutes: 30 } });
    expect(saved.status, saved.text).toBe(200);
    const res = await user.call('GET', '/rules');
    expect(res.json.thresholdsAreDefault).toBe(false);
    expect(res.json.thresholds.burst).toEqual({ count: 3, minutes: 7 });
    expect((await rule('PAT-FAILED-LOGON-BURST')).summary).toBe('3 or more failed logons for one user or from one terminal or address within 7 minutes.');
    expect((await rule('PAT-MASS-DOWNLOAD')).summary).toBe('12 or more downloads by one user within 30 minutes.');
    expect((await rule('PAT-MASS-DOWNLOAD')).reads).toContain('12 in 30 minutes');
    expect(JSON.stringify((await user.call('GET', '/rules')).json.rules)).not.toMatch(/\{[a-zA-Z]+(\.[a-zA-Z]+)?\}/);
  });
});
