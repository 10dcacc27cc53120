import type { DocumentLists } from './collected-facts.ts';
import { PackedColumnBuilder } from './column-builders.ts';

/**
 * ChangeVolumeCounter's change-number lists (flags/change-volume.ts) kept as rows of the docs'
 * change-number column instead of a string per change document: the same lists, in the same
 * order, with the same duplicates removed, without holding 1.67 M strings for a 100 MB CDHDR file.
 */
export class DocRowVolume {
  private readonly lists: (number[] | undefined)[] = [];
  private readonly order: number[] = [];

  constructor(private readonly numbers: PackedColumnBuilder) {}

  /** A change document (row `row` of the change-number column) of user-day `day`. */
  add(day: number, row: number): void {
    const list = this.lists[day];
    if (list === undefined) {
      this.lists[day] = [row];
      this.order.push(day);
    } else if (!this.numbers.sameAt(list[list.length - 1]!, this.numbers, row)) list.push(row);
  }

  /** As ChangeVolumeCounter.toJSON().documents: user-days in first-document order, each number once in first-seen order. */
  toLists(keyOf: (day: number) => string): DocumentLists {
    const out: DocumentLists = { keys: [], lens: new Uint32Array(this.order.length), numbers: new PackedColumnBuilder() };
    this.order.forEach((day, i) => {
      let list = this.lists[day]!;
      if (list.length > 1) {
        const values = list.map((r) => this.numbers.get(r));
        let increasing = true; // the usual case (change numbers grow with time): distinct without a Set
        for (let k = 1; k < values.length && increasing; k++) increasing = values[k]! > values[k - 1]!;
        if (!increasing) {
          const seen = new Set<string>();
          const distinct: number[] = [];
          values.forEach((v, k) => {
            if (seen.has(v)) return;
            seen.add(v);
            distinct.push(list[k]!);
          });
          list = distinct;
        }
      }
      out.keys.push(keyOf(day));
      out.lens[i] = list.length;
      for (const r of list) out.numbers.pushFrom(this.numbers, r);
    });
    return out;
  }
}
