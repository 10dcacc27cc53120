import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DetectionThresholds } from '../model/index.ts';
import { DEFAULT_THRESHOLDS } from '../rules/detection-settings.ts';
import { emptyDocColumns, type FailedLogon, type FileFacts, type SecurityEvent } from '../facts/index.ts';
import { LogonWindows } from '../rules/pattern/index.ts';
import { DOWNLOAD } from '../rules/pattern/mass-download.ts';
import { USER_CREATED, USER_UNLOCKED } from '../rules/pattern/user-admin-facts.ts';
import { correlateFacts } from './correlate-facts.ts';

// Correlation keeps only the successful logons inside LogonWindows (engine/correlate/read-logons.ts): the
// patterns must come out exactly as from all logons.

const T0 = 1_763_460_000; // a Tuesday, 10:00 UTC
const user = fc.constantFrom('BOB', 'bob', 'EVE', 'SAPX', 'NEW1', '');
const terminal = fc.constantFrom('PC1', 'PC2', 'KIOSK', '');
const peer = fc.constantFrom('10.0.0.1', '10.0.0.2', '');
// Minutes that fall inside and outside the burst (10), brute-force (30, or 7) and 60-minute windows,
// and on their edges (a burst of minutes 0–4 ends at 240 s; + 30 minutes is 2040 s).
const EDGES = [0, 60, 120, 180, 240, 660, 661, 2040, 2041, 3600, 3601, 3840, 3841];
const epoch = fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 0, max: 80 }).map((k) => k * 60)).map((s) => T0 + s);
const logon = fc.tuple(user, terminal, epoch, peer).map((l): FailedLogon => l);
const adminEvent = fc.tuple(fc.constantFrom(USER_CREATED.kind, USER_UNLOCKED.kind, DOWNLOAD.kind), user, fc.constantFrom('BOB', ' new1 ', 'EVE', ''), terminal, peer, fc.oneof(epoch, fc.constant(Number.NaN))).map(([kind, u, target, term, p, t]): SecurityEvent => [kind, u, target, term, p, t, 'User administration', '']);
const burstThresholds = fc.constantFrom(DEFAULT_THRESHOLDS, { ...DEFAULT_THRESHOLDS, burst: { count: 3, minutes: 5 }, bruteForceMinutes: 7 });

/** The patterns and completions of one SM20 file's facts with these logons. */
function correlate(events: SecurityEvent[], failedLogons: FailedLogon[], logons: FailedLogon[], thresholds: DetectionThresholds) {
  const facts: FileFacts = {
    index: 0, fileName: 'sm20.csv', fileType: 'SM20', columns: [], canonical: {}, joined: false, records: 0,
    volume: { documents: [], events: [] }, sm20Changes: { users: [], times: [], events: [], tcodes: [], flagged: [] },
    debuggerChanges: [], tableChanges: [], failedLogons, securityEvents: events, logons, userAdmin: [], docs: emptyDocColumns(),
    itemKeys: [], sensitiveItemKeys: [], afterHoursSensitive: [], tickets: [],
  };
  const { patterns, completions } = correlateFacts([facts], () => undefined, { thresholds });
  return { patterns, completions };
}

describe('LogonWindows', () => {
  it('the logons inside the windows give the same patterns and completions as all logons', () => {
    fc.assert(
      fc.property(fc.array(logon, { maxLength: 40 }), fc.array(logon, { maxLength: 40 }), fc.array(adminEvent, { maxLength: 6 }), burstThresholds, (failedLogons, logons, events, thresholds) => {
        const windows = new LogonWindows({ events, failedLogons, thresholds });
        const kept = logons.filter(([u, term, t, p]) => windows.wants(u, term, p ?? '', () => t));
        expect(correlate(events, failedLogons, kept, thresholds)).toEqual(correlate(events, failedLogons, logons, thresholds));
        if (windows.isEmpty) expect(kept).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a logon of the burst user within the brute-force minutes after the burst, not one a second later, nor one before', () => {
    const failed = [0, 60, 120, 180, 240].map((s): FailedLogon => ['SAPX', 'PC1', T0 + s, '']);
    const windows = new LogonWindows({ events: [], failedLogons: failed, thresholds: DEFAULT_THRESHOLDS });
    const end = T0 + 240;
    expect(windows.wants('sapx', 'PC9', '', () => end + 30 * 60)).toBe(true);
    expect(windows.wants('SAPX', 'PC9', '', () => end + 30 * 60 + 1)).toBe(false);
    expect(windows.wants('SAPX', 'PC9', '', () => end)).toBe(false);
    expect(windows.wants('EVE', 'PC1', '', () => end + 60)).toBe(false); // one user's burst is no terminal burst
  });

  it("keeps the created or unlocked user's logon from the admin's terminal or address within 60 minutes, and asks for no time otherwise", () => {
    const created: SecurityEvent = [USER_CREATED.kind, 'ADMIN', 'new1', 'PC-A', '10.0.0.9', T0, 'User NEW1 created', ''];
    const windows = new LogonWindows({ events: [created], failedLogons: [], thresholds: DEFAULT_THRESHOLDS });
    expect(windows.wants('NEW1', 'PC-A', '', () => T0 + 3600)).toBe(true);
    expect(windows.wants('New1', 'PC-X', '10.0.0.9', () => T0 + 60)).toBe(true);
    expect(windows.wants('NEW1', 'PC-A', '', () => T0 + 3601)).toBe(false);
    expect(windows.wants('OTHER', 'PC-A', '', () => T0 + 60)).toBe(false);
    const noTime = () => {
      throw new Error('time asked for');
    };
    expect(windows.wants('NEW1', 'PC-X', '10.0.0.8', noTime)).toBe(false);
    expect(new LogonWindows({ events: [[USER_CREATED.kind, 'ADMIN', 'admin', 'PC-A', '', T0, '', '']], failedLogons: [], thresholds: DEFAULT_THRESHOLDS }).isEmpty).toBe(true);
  });
});
