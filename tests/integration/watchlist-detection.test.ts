import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

/**
 * What an administrator keeps drives the next analysis: a privileged user added is flagged and its
 * logon raised, a lower burst threshold turns two failed logons into a burst; removal undoes it.
 */
describe('the watchlists and thresholds drive detection', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;
  let fileId: string;

  // Three weekday records by ZBASIS (a logon and two transaction starts), two by an ordinary user
  // and two failed logons of hers (a burst only when the threshold is 2).
  const SM20 = [
    'Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text',
    '04.11.2026,10:00:00,100,ZBASIS,PC01,,SAPMSYST,AU1,Logon successful (type=A)',
    '04.11.2026,10:01:00,100,ZBASIS,PC01,VA03,SAPMV45A,AU3,Transaction VA03 started',
    '04.11.2026,10:02:00,100,ZBASIS,PC01,ME23N,SAPLMEGUI,AU3,Transaction ME23N started',
    '04.11.2026,10:03:00,100,ALICE,PC02,VA03,SAPMV45A,AU3,Transaction VA03 started',
    '04.11.2026,10:04:00,100,ALICE,PC02,ME23N,SAPLMEGUI,AU3,Transaction ME23N started',
    '04.11.2026,10:05:00,100,ALICE,PC02,,SAPMSYST,AU2,Logon failed (reason = 1, type = A)',
    '04.11.2026,10:06:00,100,ALICE,PC02,,SAPMSYST,AU2,Logon failed (reason = 1, type = A)',
  ].join('\r\n');
  const patternsOf = (result: { suspicious_patterns: { pattern: string; user: string; rule: string }[] }, name: string) =>
    result.suspicious_patterns.filter((p) => p.pattern === name).map((p) => ({ user: p.user, rule: p.rule }));

  async function analyse() {
    const id = await startAnalysis(user, [fileId]);
    const result = await waitForAnalysis(user, id);
    expect(result.status, result.error).toBe('completed');
    const details = await user.call('POST', '/flag-details', { analysisId: id, flagName: 'OTHER' });
    return { result, details: details.json };
  }

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
    user = await stack.signIn(stack.user.email, stack.user.password);
    [fileId] = (await uploadAll(user, [{ name: 'SM20_privileged.csv', bytes: text(SM20 + '\r\n') }])) as [string];
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('flags an added privileged user and a burst under a lower threshold, and stops after removal', async () => {
    const before = await analyse();
    expect(before.details.aggregatedFlags?.privileged_user ?? 0).toBe(0);
    expect(patternsOf(before.result, 'PRIVILEGED_USER_LOGON')).toEqual([]);
    expect(patternsOf(before.result, 'FAILED_LOGON_BURST')).toEqual([]);

    expect((await admin.call('POST', '/watchlists/privileged-users', { id: 'ZBASIS', kind: 'standard', description: 'Basis admin' })).status).toBe(201);
    const thresholds = (await admin.call('GET', '/detection-thresholds')).json.thresholds;
    expect((await admin.call('PUT', '/detection-thresholds', { ...thresholds, burst: { count: 2, minutes: 10 } })).status).toBe(200);
    const flagged = await analyse();
    expect(flagged.details.aggregatedFlags.privileged_user).toBe(3);
    const privileged = flagged.details.records.filter((r: Record<string, string>) => r.OTHER?.includes('privileged_user'));
    expect(new Set(privileged.map((r: Record<string, string>) => r.User))).toEqual(new Set(['ZBASIS']));
    expect(privileged.map((r: Record<string, string>) => r.OTHER)).toContain('privileged_user: Record of privileged standard user ZBASIS');
    // Each sample names the rules that fired on it, which the flag-detail modal looks up.
    for (const r of privileged) expect(r.RULES.split(', ')).toContain('USER-PRIVILEGED');
    expect(patternsOf(flagged.result, 'PRIVILEGED_USER_LOGON')).toEqual([{ user: 'ZBASIS', rule: 'PAT-PRIVILEGED-USER-LOGON' }]);
    expect(patternsOf(flagged.result, 'FAILED_LOGON_BURST')).toEqual([{ user: 'ALICE', rule: 'PAT-FAILED-LOGON-BURST' }]);

    expect((await admin.call('DELETE', '/watchlists/privileged-users/ZBASIS')).status).toBe(200);
    const after = await analyse();
    expect(after.details.aggregatedFlags?.privileged_user ?? 0).toBe(0);
    expect(patternsOf(after.result, 'PRIVILEGED_USER_LOGON')).toEqual([]);
  });

  it("reads timestamps with Z in the user's time zone before business hours apply", async () => {
    // A SIEM export: 18:30 UTC is inside business hours in UTC, 19:30 (after hours) in Berlin.
    const siem = [
      'TimeGenerated,UserName,ClientID,TransactionCode,ABAPProgramName,MessageID,MessageText',
      '2026-11-04T18:30:00Z,ALICE,100,SU01,SAPMSUU0,AU3,Transaction SU01 started',
      '2026-11-04T12:00:00Z,BOB,100,SU01,SAPMSUU0,AU3,Transaction SU01 started',
    ].join('\r\n');
    const [siemFile] = (await uploadAll(user, [{ name: 'sentinel_abap_audit.csv', bytes: text(siem + '\r\n') }])) as [string];
    const timing = async () => {
      const result = await waitForAnalysis(user, await startAnalysis(user, [siemFile]));
      expect(result.status, result.error).toBe('completed');
      return { count: result.summary.flag_counts.CHANGE_TIMING_FLAG as number, timeZone: result.timeZone as string };
    };
    expect(await timing()).toEqual({ count: 0, timeZone: 'UTC' });
    expect((await user.call('PUT', '/preferences/holiday_calendar', { preferences: { country: 'DE', timeZone: 'Europe/Berlin' } })).status).toBe(200);
    expect(await timing()).toEqual({ count: 1, timeZone: 'Europe/Berlin' });
  });
});
