/** MASS_DOWNLOAD: at least `massDownload.count` downloads (AUY) by one user within `massDownload.minutes`; one pattern per run. */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import type { SecurityEvent } from '../../facts/file-facts.ts';
import { eventsOfKind, K, MINUTE, pattern, type PatternEnv } from './pattern-env.ts';

/** A download (SM20 AUY): every record of the event, no record rule needed. */
export const DOWNLOAD = defineFact({
  kind: 'download',
  about: 'a download (SM20 AUY)',
  events: ['AUY'],
  records: { SM20: { terminal: 'terminal', peer: 'peerAddress', activity: 'recordText' } },
});

function find(env: PatternEnv): void {
  const th = env.thresholds;
  const downloads = new Map<string, SecurityEvent[]>();
  for (const e of eventsOfKind(env, DOWNLOAD.kind)) (downloads.get(e[K.user].toUpperCase()) ?? downloads.set(e[K.user].toUpperCase(), []).get(e[K.user].toUpperCase())!).push(e);
  const window = th.massDownload.minutes * MINUTE;
  const found = [];
  for (const list of downloads.values()) {
    list.sort((a, b) => a[K.epoch] - b[K.epoch]);
    let start = 0;
    let lastEnd = -1;
    for (let end = 0; end < list.length; end++) {
      while (list[end]![K.epoch] - list[start]![K.epoch] > window) start++;
      if (end - start + 1 >= th.massDownload.count && start > lastEnd) {
        while (end + 1 < list.length && list[end + 1]![K.epoch] - list[start]![K.epoch] <= window) end++;
        found.push(pattern('MASS_DOWNLOAD', 'high', list[start]![K.user], list[start]![K.epoch], `${end - start + 1} downloads within ${th.massDownload.minutes} minutes`));
        lastEnd = end;
      }
    }
  }
  env.hits.addPatterns(found);
}

export const MASS_DOWNLOAD = definePattern(
  { name: 'MASS_DOWNLOAD', severity: 'high', title: 'Many downloads by one user', summary: '{massDownload.count} or more downloads by one user within {massDownload.minutes} minutes.', reads: 'SM20 AUY per user ({massDownload.count} in {massDownload.minutes} minutes)', nextSteps: 'Check what was downloaded and whether the data may leave the system.', sentinel: 'SAP - Multiple Files Download', settings: [{ key: 'massDownload', kind: 'numbers', fields: { count: { default: 10, min: 2, max: 100000, label: 'Downloads per mass download', unit: 'downloads', help: 'MASS_DOWNLOAD' }, minutes: { default: 60, min: 1, max: 1440, label: 'Mass download window in minutes', unit: 'minutes' } } }] },
  { find, collects: [DOWNLOAD] },
);
