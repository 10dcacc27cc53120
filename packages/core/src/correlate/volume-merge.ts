import { CHANGE_VOLUME_LIMIT } from '../flags/change-volume.ts';
import type { CompactFacts } from '../facts/index.ts';

/**
 * The change-volume counts over all files (ChangeVolumeCounter.merge semantics) without a Set
 * of change numbers per user-day: each file's change numbers are already distinct per user-day,
 * so a user-day's count is its list length when one file has it; only a user-day that several
 * files share and whose lists together exceed the limit is de-duplicated, one at a time.
 * Returns [user, date, count] of every user-day over the limit, in ChangeVolumeCounter's order.
 */
export function mergeChangeVolume(files: readonly CompactFacts['volume'][], limit = CHANGE_VOLUME_LIMIT): [string, string, number][] {
  // User-day key -> id, in first-seen order (the order of ChangeVolumeCounter's maps).
  const docIds = new Map<string, number>();
  const docTotal: number[] = [];
  const docFiles: number[] = [];
  // Where each file's list of a key starts in its flat column, per key: [file, from, length][] (only for shared keys).
  const segments = new Map<number, [number, number, number][]>();
  const firstSegment: [number, number, number][] = [];
  files.forEach((v, f) => {
    let at = 0;
    for (let i = 0; i < v.docKeys.length; i++) {
      const len = v.docNumbers.lens[i]!;
      const key = v.docKeys.get(i);
      let id = docIds.get(key);
      if (id === undefined) {
        docIds.set(key, (id = docTotal.length));
        docTotal.push(len);
        docFiles.push(1);
        firstSegment.push([f, at, len]);
      } else {
        docTotal[id]! += len;
        docFiles[id]!++;
        let list = segments.get(id);
        if (!list) segments.set(id, (list = [firstSegment[id]!]));
        list.push([f, at, len]);
      }
      at += len;
    }
  });
  const overLimit = new Map<string, Map<string, number>>();
  const note = (key: string, n: number) => {
    if (n <= limit) return;
    const [u, d] = key.split('\u0000') as [string, string];
    let days = overLimit.get(u);
    if (!days) overLimit.set(u, (days = new Map()));
    days.set(d, Math.max(days.get(d) ?? 0, n));
  };
  for (const [key, id] of docIds) {
    let n = docTotal[id]!;
    if (docFiles[id]! > 1 && n > limit) {
      const distinct = new Set<string>();
      for (const [f, from, len] of segments.get(id)!) {
        const flat = files[f]!.docNumbers.flat;
        for (let k = from; k < from + len; k++) distinct.add(flat.get(k));
      }
      n = distinct.size;
    }
    note(key, n);
  }
  const events = new Map<string, number>();
  for (const v of files) for (let i = 0; i < v.eventKeys.length; i++) events.set(v.eventKeys.get(i), (events.get(v.eventKeys.get(i)) ?? 0) + v.eventCounts[i]!);
  for (const [key, n] of events) note(key, n);
  const out: [string, string, number][] = [];
  for (const [user, days] of overLimit) for (const [date, n] of days) out.push([user, date, n]);
  return out;
}
