// HeaderIndex before the compact rewrite (commit 5b1b159): reference for the differential test.
import type { FileFacts } from '../facts/index.ts';

const SEP = '\u0001';

/**
 * Change-document headers by (OBJECTCLAS, OBJECTID, CHANGENR), for CDPOS items to inherit user,
 * date, time and tcode. Keeps only those fields, column by column. Headers are found by their
 * change number (already a string in memory, so no key is built per header) and confirmed on
 * class and object id; the rare change number shared by several objects goes to a second map.
 */
export class HeaderIndex {
  private readonly byNumber = new Map<string, number>();
  private readonly byFullKey = new Map<string, number>();
  private readonly classes: string[] = [];
  private readonly ids: string[] = [];
  readonly users: string[] = [];
  readonly dates: string[] = [];
  readonly times: string[] = [];
  readonly tcodes: string[] = [];
  private count = 0;

  constructor(facts: FileFacts[]) {
    for (const f of facts) {
      if (f.fileType !== 'CDHDR' && !f.joined) continue;
      const d = f.docs;
      for (let i = 0; i < d.changenrs.length; i++) {
        const at = this.users.length;
        this.classes.push(d.classes[i]!);
        this.ids.push(d.ids[i]!);
        this.users.push(d.users[i]!);
        this.dates.push(d.dates[i]!);
        this.times.push(d.times[i]!);
        this.tcodes.push(d.tcodes[i]!);
        const nr = d.changenrs[i]!;
        const first = this.byNumber.get(nr);
        if (first === undefined) {
          this.byNumber.set(nr, at);
          this.count++;
        } else if (this.classes[first] === d.classes[i] && this.ids[first] === d.ids[i]) {
          this.byNumber.set(nr, at); // the same header again: the later row wins
        } else {
          const key = `${d.classes[i]}${SEP}${d.ids[i]}${SEP}${nr}`;
          if (!this.byFullKey.has(key)) this.count++;
          this.byFullKey.set(key, at);
        }
      }
    }
  }

  /** Number of distinct headers. */
  get size(): number {
    return this.count;
  }

  /** Position of the header, or -1. */
  find(objectclas: string, objectid: string, changenr: string): number {
    const at = this.byNumber.get(changenr);
    if (at === undefined) return -1;
    if (this.classes[at] === objectclas && this.ids[at] === objectid) return at;
    return this.byFullKey.get(`${objectclas}${SEP}${objectid}${SEP}${changenr}`) ?? -1;
  }

  /** Position by a docKey() string, or -1. */
  findKey(key: string): number {
    const [cls, id, nr] = key.split(SEP) as [string, string, string];
    return this.find(cls, id, nr);
  }
}
