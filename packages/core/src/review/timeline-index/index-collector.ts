/**
 * What one report part records for the timeline index while it writes results.csv rows: per row
 * its user, kind, time, byte range in the part's CSV and (change documents) a document key, in
 * growable typed arrays; tickets instead list the words of their user, title and description, of
 * which the index keeps those that are user ids (index-writer.ts).
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import type { DateOrder } from '../../formats/types.ts';
import type { FileType } from '../../model/index.ts';
import { recordTime } from '../record-fields.ts';
import { KIND_ITEM, KIND_TICKETS, RUN_KINDS, timeKey } from './index-format.ts';

/** The collected arrays of one part, as the index writer reads them back. */
export interface CollectedPart {
  count: number;
  /** Upper-case user ids and ticket words; `users` and `pairToken` index it. */
  dict: string[];
  kinds: Uint8Array;
  users: Int32Array;
  times: Uint32Array;
  offsets: Float64Array;
  /** Row byte length; the top bit marks a flagged row. */
  lengths: Uint32Array;
  docs: Float64Array;
  /** Ticket words: entry, and word (top bit: from the ticket's user column). */
  pairEntry: Uint32Array;
  pairToken: Uint32Array;
}

/** Top bit of a ticket word: it comes from the ticket's user column (the word counts as a user). */
export const FROM_USER_COLUMN = 0x8000_0000;

class Grow<T extends Uint8Array | Int32Array | Uint32Array | Float64Array> {
  length = 0;
  constructor(public data: T) {}
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new (this.data.constructor as new (n: number) => T)(this.data.length * 2);
      next.set(this.data as never);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  get view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

/** FNV-1a over a string with a seed: two of them make the 52-bit document key. */
function fnv(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x0100_0193);
  return h >>> 0;
}
const docKeyOf = (text: string): number => fnv(text, 0x811c_9dc5) * 2 ** 20 + (fnv(text, 0x2f1a_77c3) & 0xf_ffff);

const twoDigits = (text: string, at: number) => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
const isWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
const isSeparator = (c: number) => c <= 32 || c === 44 || c === 59 || c === 58 || c === 40 || c === 41 || c === 34 || c === 39 || c === 91 || c === 93 || c === 123 || c === 125 || c === 60 || c === 62 || c === 33 || c === 63;

/**
 * Words of a ticket cell that may be a user id: runs of letters, digits and `_`, and a piece
 * between separators that holds other characters as a whole (J.DOE, D-USER), upper case. The
 * timeline checks each match again with its whole-word rule, so a spare word costs nothing.
 */
export function ticketWords(text: string, out: string[]): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSeparator(text.charCodeAt(i))) i++;
    let end = i;
    while (end < n && !isSeparator(text.charCodeAt(end))) end++;
    let s = i;
    let e = end;
    while (s < e && !isWordCode(text.charCodeAt(s))) s++;
    while (e > s && !isWordCode(text.charCodeAt(e - 1))) e--;
    let mixed = false;
    for (let j = s; j < e; j++) {
      const w = j;
      while (j < e && isWordCode(text.charCodeAt(j))) j++;
      if (j > w && (w !== s || j !== e)) mixed = true;
      if (j > w) add(out, text.slice(w, j).toUpperCase());
    }
    if (mixed) add(out, text.slice(s, e).toUpperCase());
    i = end;
  }
}
const add = (out: string[], word: string) => {
  if (word.length <= 40 && !out.includes(word)) out.push(word);
};

export class TimelineCollector {
  private readonly dict = new Map<string, number>();
  private readonly kinds = new Grow(new Uint8Array(1024));
  private readonly users = new Grow(new Int32Array(1024));
  private readonly times = new Grow(new Uint32Array(1024));
  private readonly offsets = new Grow(new Float64Array(1024));
  private readonly lengths = new Grow(new Uint32Array(1024));
  private readonly docs = new Grow(new Float64Array(1024));
  private readonly pairEntry = new Grow(new Uint32Array(1024));
  private readonly pairToken = new Grow(new Uint32Array(1024));
  private readonly words: string[] = [];
  /** Cell text of a user as the record has it -> dictionary id (most rows repeat a known spelling). */
  private readonly userIds = new Map<string, number>();
  private lastDate = '';
  private lastDay = 0;
  private lastClass = '';
  private lastId = '';
  private lastNr: string | undefined;
  private lastDoc = 0;
  private readonly kind: number;
  /** Ticket cells: user, title, description, request time. */
  private readonly ticketCols: number[];
  dateOrder: DateOrder = 'DMY';

  constructor(private readonly fileType: FileType, canonical: Partial<Record<string, number>>, private readonly joined: boolean) {
    this.kind = RUN_KINDS.indexOf(fileType);
    this.ticketCols = ['USER', 'TITLE', 'DESCRIPTION', 'REQUEST_TIME'].map((c) => canonical[c] ?? -1);
  }

  private id(word: string): number {
    let id = this.dict.get(word);
    if (id === undefined) this.dict.set(word, (id = this.dict.size));
    return id;
  }

  /** One row written at `offset` (in this part's CSV) with `length` bytes. */
  add(row: string[], rec: CanonicalRecord, flagged: boolean, offset: number, length: number): void {
    let kind = this.kind;
    let user = -1;
    let time: number;
    let doc = 0;
    if (this.fileType === 'TICKETS') {
      const [u, title, description, request] = this.ticketCols as [number, number, number, number];
      const at = recordTime(request >= 0 ? row[request] : undefined, undefined, this.dateOrder);
      time = timeKey(at.slice(0, 10), at.slice(11));
      const entry = this.kinds.length;
      const words = this.words;
      words.length = 0;
      if (u >= 0 && row[u]) ticketWords(row[u]!, words);
      const fromUser = words.length;
      if (title >= 0 && row[title]) ticketWords(row[title]!, words);
      if (description >= 0 && row[description]) ticketWords(row[description]!, words);
      if (words.length === 0) return;
      words.forEach((w, i) => {
        this.pairEntry.push(entry);
        this.pairToken.push(this.id(w) | (i < fromUser ? FROM_USER_COLUMN : 0));
      });
      kind = KIND_TICKETS;
    } else {
      let id = this.userIds.get(rec.user);
      if (id === undefined) {
        const name = rec.user.trim().toUpperCase();
        id = name === '' ? -1 : this.id(name);
        this.userIds.set(rec.user, id);
      }
      if (id < 0) return;
      user = id;
      time = this.timeOf(rec.date, rec.time);
      // A CDPOS row is an entry of its own when its export names the user; otherwise an item of its header.
      if (this.fileType === 'CDPOS' && !this.joined) kind = KIND_ITEM;
      if (this.fileType === 'CDHDR' || kind === KIND_ITEM) {
        // Items of one document come together: its key is computed once.
        if (rec.changenr !== this.lastNr || rec.objectid !== this.lastId || rec.objectclas !== this.lastClass) {
          this.lastClass = rec.objectclas;
          this.lastId = rec.objectid;
          this.lastNr = rec.changenr;
          this.lastDoc = docKeyOf(`${rec.objectclas}\u0001${rec.objectid}\u0001${rec.changenr}`);
        }
        doc = this.lastDoc;
      }
    }
    this.kinds.push(kind);
    this.users.push(user);
    this.times.push(time);
    this.offsets.push(offset);
    this.lengths.push((length & 0x7fff_ffff) | (flagged ? 0x8000_0000 : 0));
    this.docs.push(doc);
  }

  /** timeKey of an ISO date and time, the day's part computed once per date. */
  private timeOf(date: string, time: string): number {
    if (date !== this.lastDate) {
      this.lastDate = date;
      this.lastDay = timeKey(date, '00:00:00');
    }
    if (this.lastDay === 0) return 0;
    if (time.length < 8) return time === '' ? this.lastDay : timeKey(date, time);
    return this.lastDay + twoDigits(time, 0) * 3600 + twoDigits(time, 3) * 60 + twoDigits(time, 6);
  }

  toPart(): CollectedPart {
    return {
      count: this.kinds.length,
      dict: [...this.dict.keys()],
      kinds: this.kinds.view,
      users: this.users.view,
      times: this.times.view,
      offsets: this.offsets.view,
      lengths: this.lengths.view,
      docs: this.docs.view,
      pairEntry: this.pairEntry.view,
      pairToken: this.pairToken.view,
    };
  }
}

const ARRAYS = ['offsets', 'docs', 'times', 'lengths', 'users', 'pairEntry', 'pairToken', 'kinds'] as const;

/** The part as bytes for the workspace: u32 length of a JSON head, the head, then the arrays 8-aligned. */
export function encodePart(part: CollectedPart): Uint8Array[] {
  const head = new TextEncoder().encode(JSON.stringify({ count: part.count, pairs: part.pairEntry.length, dict: part.dict }));
  const chunks: Uint8Array[] = [];
  const prefix = new Uint8Array(4);
  new DataView(prefix.buffer).setUint32(0, head.length, true);
  chunks.push(prefix, head);
  let at = 4 + head.length;
  for (const name of ARRAYS) {
    const pad = (8 - (at % 8)) % 8;
    if (pad) chunks.push(new Uint8Array(pad));
    const a = part[name];
    chunks.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    at += pad + a.byteLength;
  }
  return chunks;
}

export function decodePart(bytes: Uint8Array): CollectedPart {
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const headLength = new DataView(buf.buffer, buf.byteOffset).getUint32(0, true);
  const head = JSON.parse(new TextDecoder().decode(buf.subarray(4, 4 + headLength))) as { count: number; pairs: number; dict: string[] };
  let at = 4 + headLength;
  const take = <T>(Ctor: { new (b: ArrayBuffer, o: number, n: number): T; BYTES_PER_ELEMENT: number }, n: number): T => {
    at += (8 - (at % 8)) % 8;
    const out = new Ctor(buf.buffer as ArrayBuffer, buf.byteOffset + at, n);
    at += n * Ctor.BYTES_PER_ELEMENT;
    return out;
  };
  const n = head.count;
  return {
    count: n,
    dict: head.dict,
    offsets: take(Float64Array, n),
    docs: take(Float64Array, n),
    times: take(Uint32Array, n),
    lengths: take(Uint32Array, n),
    users: take(Int32Array, n),
    pairEntry: take(Uint32Array, head.pairs),
    pairToken: take(Uint32Array, head.pairs),
    kinds: take(Uint8Array, n),
  };
}
