import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts, toCompactFacts } from '../facts/index.ts';
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import { mergeChangeVolume } from './volume-merge.ts';

type Change = [kind: 'doc' | 'event', user: string, date: string, changenr: string];

/** The compact volume facts of one file, as correlation reads them. */
function compactVolume(counter: ChangeVolumeCounter) {
  const raw = decodeFacts<Record<string, unknown>>(Buffer.concat(encodeFacts({ volume: counter.toJSON() })), new Set(), 'compact');
  return toCompactFacts(raw).volume;
}

describe('mergeChangeVolume', () => {
  it('gives the user-days over the limit that merging Set-based counters gives, in the same order', () => {
    const change = fc.tuple(fc.constantFrom<'doc' | 'event'>('doc', 'doc', 'event'), fc.constantFrom('bob', 'BOB', 'eve', 'Mike'), fc.constantFrom('2026-11-01', '2026-11-02'), fc.integer({ min: 0, max: 80 }).map(String));
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 400 }), { minLength: 1, maxLength: 4 }), (files: Change[][]) => {
        const counters = files.map((changes) => {
          const c = new ChangeVolumeCounter();
          for (const [kind, user, date, nr] of changes) {
            if (kind === 'doc') c.addDocument(user, date, nr);
            else c.addEvent(user, date);
          }
          return c;
        });
        const merged = ChangeVolumeCounter.fromJSON(counters[0]!.toJSON());
        for (const c of counters.slice(1)) merged.merge(ChangeVolumeCounter.fromJSON(c.toJSON()));
        expect(mergeChangeVolume(counters.map(compactVolume))).toEqual(merged.overLimitEntries());
      }),
      { numRuns: 150 },
    );
  });

  it('counts a change number two files share once', () => {
    const a = new ChangeVolumeCounter();
    const b = new ChangeVolumeCounter();
    for (let n = 0; n < 60; n++) a.addDocument('BOB', '2026-11-01', String(n));
    for (let n = 30; n < 70; n++) b.addDocument('bob', '2026-11-01', String(n));
    expect(mergeChangeVolume([compactVolume(a), compactVolume(b)])).toEqual([['BOB', '2026-11-01', 70]]);
  });
});
