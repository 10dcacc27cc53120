import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

/** A privileged user an administrator adds is flagged by the next analysis, and no longer once removed. */
describe('the privileged-users watchlist drives detection', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;
  let fileId: string;

  // Three weekday records by ZBASIS (a logon and two transaction starts) and two by an ordinary user.
  const SM20 = [
    'Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text',
    '04.11.2026,10:00:00,100,ZBASIS,PC01,,SAPMSYST,AU1,Logon successful (type=A)',
    '04.11.2026,10:01:00,100,ZBASIS,PC01,VA03,SAPMV45A,AU3,Transaction VA03 started',
    '04.11.2026,10:02:00,100,ZBASIS,PC01,ME23N,SAPLMEGUI,AU3,Transaction ME23N started',
    '04.11.2026,10:03:00,100,ALICE,PC02,VA03,SAPMV45A,AU3,Transaction VA03 started',
    '04.11.2026,10:04:00,100,ALICE,PC02,ME23N,SAPLMEGUI,AU3,Transaction ME23N started',
  ].join('\r\n');

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

  it('flags the records of an added privileged user and names the user, then stops after removal', async () => {
    const before = await analyse();
    expect(before.details.aggregatedFlags?.privileged_user ?? 0).toBe(0);

    expect((await admin.call('POST', '/watchlists/privileged-users', { id: 'ZBASIS', kind: 'standard', description: 'Basis admin' })).status).toBe(201);
    const flagged = await analyse();
    expect(flagged.details.aggregatedFlags.privileged_user).toBe(3);
    const users = flagged.details.records.map((r: Record<string, string>) => r.USER ?? r.User);
    expect(new Set(users)).toEqual(new Set(['ZBASIS']));
    expect(flagged.details.records.map((r: Record<string, string>) => r.OTHER)).toContain('privileged_user: Record of privileged standard user ZBASIS');
    expect((await admin.call('DELETE', '/watchlists/privileged-users/ZBASIS')).status).toBe(200);
    expect((await analyse()).details.aggregatedFlags?.privileged_user ?? 0).toBe(0);
  });
});
