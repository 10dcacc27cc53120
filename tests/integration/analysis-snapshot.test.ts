import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@app/core';
import { readSnapshot } from '@app/functions/pipeline/snapshot.ts';
import type { PipelineInput } from '@app/functions/ports/index.ts';
import { startAnalysis as startAnalysisService } from '@app/functions/services/analyses/start-analysis.ts';
import type { Services } from '@app/functions/services/types.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { uploadAll } from './pipeline-support.ts';

/**
 * An analysis takes the watchlists, thresholds and the user's time zone into its snapshot when it
 * starts (DETECTION.md section 4): later edits by an administrator do not change it.
 */
describe('the analysis snapshot', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;
  let fileId: string;
  const started: PipelineInput[] = [];
  /** The real services, except that the pipeline is not run: the snapshot stays readable. */
  let holding: Services;

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
    user = await stack.signIn(stack.user.email, stack.user.password);
    [fileId] = (await uploadAll(user, [{ name: 'SM20_snapshot.csv', bytes: text(sm20Csv(16)) }])) as [string];
    holding = { ...stack.services, orchestrator: { startAnalysis: async (input) => void started.push(input) } };
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('holds the active watchlists, the thresholds and the time zone, with their versions', async () => {
    expect((await admin.call('POST', '/watchlists/privileged-users', { id: 'ZBASIS', kind: 'standard', description: 'Basis admin' })).status).toBe(201);
    expect((await admin.call('DELETE', '/watchlists/sensitive-profiles/SAP_NEW')).status).toBe(200);
    expect((await admin.call('PUT', '/watchlists/sensitive-programs/RFC_READ_TABLE', { kind: 'report' })).status).toBe(200);
    const thresholds = { ...DEFAULT_THRESHOLDS, changeVolume: 12, massDownload: { count: 4, minutes: 30 } };
    expect((await admin.call('PUT', '/detection-thresholds', thresholds)).status).toBe(200);
    const pref = await user.call('PUT', '/preferences/holiday_calendar', { preferences: { country: 'DE', region: 'BY', timeZone: 'Europe/Berlin' } });
    expect(pref.json.preferences).toEqual({ country: 'DE', region: 'BY', timeZone: 'Europe/Berlin' });

    const { analysisId } = await startAnalysisService(holding, user.sub, { fileIds: [fileId] });
    expect(started.map((s) => s.analysisId)).toEqual([analysisId]);
    const snapshot = await readSnapshot(stack.services, user.sub, analysisId);
    expect(snapshot.lists.privilegedUsers).toContainEqual({ user: 'ZBASIS', kind: 'standard', description: 'Basis admin' });
    expect(snapshot.lists.privilegedUsers).toContainEqual(expect.objectContaining({ user: 'FF_*', kind: 'emergency' }));
    expect(snapshot.lists.sensitiveProfiles.map((p) => p.profile)).toEqual(['SAP_ALL', 'S_A.ADMIN', 'S_A.CUSTOMIZ', 'S_A.DEVELOP', 'S_A.SYSTEM']);
    expect(snapshot.lists.sensitivePrograms.find((p) => p.name === 'RFC_READ_TABLE')?.kind).toBe('report');
    expect(snapshot.settings).toEqual({ holidays: { country: 'DE', region: 'BY' }, timeZone: 'Europe/Berlin', thresholds });

    const versions = (await user.call('GET', `/results/${analysisId}`)).json;
    expect(versions.listVersions).toEqual(snapshot.listVersions);
    expect(versions.timeZone).toBe('Europe/Berlin');
    expect(versions.holidayCalendar).toEqual({ country: 'DE', region: 'BY' });

    // A later edit bumps the version for the next analysis and leaves this snapshot alone.
    expect((await admin.call('DELETE', '/watchlists/privileged-users/ZBASIS')).status).toBe(200);
    const next = await startAnalysisService(holding, user.sub, { fileIds: [fileId] });
    const nextSnapshot = await readSnapshot(stack.services, user.sub, next.analysisId);
    expect(nextSnapshot.lists.privilegedUsers.some((u) => u.user === 'ZBASIS')).toBe(false);
    const [before, after] = [snapshot.listVersions, nextSnapshot.listVersions] as Record<string, string>[];
    expect(Number(after!.privilegedUsers)).toBe(Number(before!.privilegedUsers) + 1);
    expect({ ...after, privilegedUsers: '' }).toEqual({ ...before, privilegedUsers: '' });
    expect((await readSnapshot(stack.services, user.sub, analysisId)).lists.privilegedUsers.some((u) => u.user === 'ZBASIS')).toBe(true);
  });

  it('uses UTC for a user who never chose a time zone, and refuses an unknown one', async () => {
    const fresh = await stack.createUser('fresh@test.local', 'Fresh-Pass-123!');
    const [freshFile] = (await uploadAll(fresh, [{ name: 'SM20_fresh.csv', bytes: text(sm20Csv(8)) }])) as [string];
    const { analysisId } = await startAnalysisService(holding, fresh.sub, { fileIds: [freshFile] });
    const snapshot = await readSnapshot(stack.services, fresh.sub, analysisId);
    expect(snapshot.settings.timeZone).toBe('UTC');
    expect(snapshot.settings.holidays).toEqual({ country: 'US' });
    expect((await fresh.call('PUT', '/preferences/holiday_calendar', { preferences: { country: 'US', timeZone: 'Mars/Base' } })).json.error.message).toContain(
      'timeZone "Mars/Base" is not an IANA time zone',
    );
  });
});
