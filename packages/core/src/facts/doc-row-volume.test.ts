import { describe, expect, it } from 'vitest';
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import { PackedColumnBuilder } from './column-builders.ts';
import { DocRowVolume } from './doc-row-volume.ts';
import { seededRandom } from '../formats/fixtures/seeded-random.ts';


describe('change numbers per user-day as docs rows', () => {
  it('gives exactly the lists ChangeVolumeCounter gives (order, repeats, numbers out of order, non-ASCII)', () => {
    for (const seed of [1, 2, 3]) {
      const r = seededRandom(seed);
      const counter = new ChangeVolumeCounter();
      const ids = new ChangeVolumeCounter(); // user-day ids only, as the collector keeps them
      const numbers = new PackedColumnBuilder();
      const rows = new DocRowVolume(numbers);
      let next = 1000;
      for (let i = 0; i < 5000; i++) {
        const user = `U${Math.floor(r() * 7)}`;
        const date = `2026-10-0${1 + Math.floor(r() * 3)}`;
        // Mostly growing numbers, some repeated right away, some from earlier, a few non-ASCII.
        const x = r();
        const nr = x < 0.1 ? `${next}` : x < 0.2 ? `${Math.floor(r() * next)}` : x < 0.22 ? `Ä${Math.floor(r() * 50)}` : `${++next}`;
        numbers.push(nr);
        counter.addDocument(user, date, nr);
        rows.add(ids.userDayOf(user, date), numbers.length - 1);
      }
      const lists = rows.toLists((day) => ids.keyOf(day));
      const flat = lists.numbers.column();
      let at = 0;
      const got = lists.keys.map((key, i): [string, string[]] => [key, Array.from({ length: lists.lens[i]! }, () => flat.get(at++))]);
      expect(got).toEqual(counter.toJSON().documents);
    }
  });
});
