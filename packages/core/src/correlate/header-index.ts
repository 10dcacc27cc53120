import { docKey, type FileFacts } from './facts.ts';

/**
 * Change-document headers by (OBJECTCLAS, OBJECTID, CHANGENR), for CDPOS items to inherit user,
 * date, time and tcode. Keeps only those four fields, column by column, plus one map entry per
 * header (no object per header: a 100 MB CDHDR has over a million).
 */
export class HeaderIndex {
  private readonly positions = new Map<string, number>();
  readonly users: string[] = [];
  readonly dates: string[] = [];
  readonly times: string[] = [];
  readonly tcodes: string[] = [];

  constructor(facts: FileFacts[]) {
    for (const f of facts) {
      if (f.fileType !== 'CDHDR' && !f.joined) continue;
      const d = f.docs;
      for (let i = 0; i < d.changenrs.length; i++) {
        this.positions.set(docKey(d.classes[i]!, d.ids[i]!, d.changenrs[i]!), this.users.length);
        this.users.push(d.users[i]!);
        this.dates.push(d.dates[i]!);
        this.times.push(d.times[i]!);
        this.tcodes.push(d.tcodes[i]!);
      }
    }
  }

  get size(): number {
    return this.positions.size;
  }

  /** Position of the header, or -1. */
  find(key: string): number {
    return this.positions.get(key) ?? -1;
  }
}
