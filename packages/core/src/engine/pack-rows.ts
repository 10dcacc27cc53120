import type { FlaggedRows } from './flag-rows.ts';

/**
 * A part's result crosses threads by structured clone, which is slow for millions of short
 * strings (CDHDR: ~0.5 s per 12 MB part on the receiving thread). Large string columns travel as
 * one joined string and the end offsets (or, with few distinct values, a dictionary and indexes)
 * instead, and are cut back into strings on arrival.
 */
interface PackedStrings {
  joined: string;
  ends: Uint32Array;
}

/** Few distinct values (users, dates, times, codes): each once, and an index per value (shared strings on arrival). */
interface DictStrings {
  dict: string[];
  idx: Uint16Array | Uint32Array;
}

const PACK_FROM = 1024;
const DICT_LIMIT = 4096;

function pack(values: string[]): string[] | PackedStrings | DictStrings {
  if (values.length < PACK_FROM) return values;
  const ids = new Map<string, number>();
  const dict: string[] = [];
  const idx = new Uint16Array(values.length);
  let i = 0;
  for (; i < values.length; i++) {
    const v = values[i]!;
    let id = ids.get(v);
    if (id === undefined) {
      if (dict.length === DICT_LIMIT) break;
      ids.set(v, (id = dict.length));
      dict.push(v);
    }
    idx[i] = id;
  }
  if (i === values.length) return { dict, idx };
  return join(values);
}

function join(values: string[]): PackedStrings {
  const ends = new Uint32Array(values.length);
  let at = 0;
  for (let i = 0; i < values.length; i++) ends[i] = at += values[i]!.length;
  return { joined: values.join(''), ends };
}

function unpack(v: string[] | PackedStrings | DictStrings): string[] {
  if (Array.isArray(v)) return v;
  if ('dict' in v) {
    const out = new Array<string>(v.idx.length);
    for (let i = 0; i < out.length; i++) out[i] = v.dict[v.idx[i]!]!;
    return out;
  }
  const out = new Array<string>(v.ends.length);
  let at = 0;
  for (let i = 0; i < out.length; i++) {
    const end = v.ends[i]!;
    out[i] = v.joined.slice(at, end);
    at = end;
  }
  return out;
}

const DOC_STRINGS = ['classes', 'ids', 'changenrs', 'users', 'dates', 'times', 'tcodes'] as const;
const SM20_STRINGS = ['users', 'events', 'tcodes'] as const;

/** The rows with their large string columns packed (plain data; only `unpackRows` reads it back). */
export function packRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts;
  const docs = { ...f.docs } as Record<string, unknown>;
  for (const k of DOC_STRINGS) docs[k] = pack(f.docs[k]);
  const sm20 = { ...f.sm20Changes } as Record<string, unknown>;
  for (const k of SM20_STRINGS) sm20[k] = pack(f.sm20Changes[k]);
  const lists = f.volume.documents;
  const volume = {
    ...f.volume,
    documents: { keys: lists.map((e) => e[0]), counts: Uint32Array.from(lists, (e) => e[1].length), values: join(lists.flatMap((e) => e[1])) },
  };
  return { ...rows, facts: { ...f, docs, sm20Changes: sm20, volume } as unknown as FlaggedRows['facts'] };
}

export function unpackRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts as unknown as Record<string, Record<string, unknown>>;
  const docs = { ...f.docs! };
  for (const k of DOC_STRINGS) docs[k] = unpack(docs[k] as string[] | PackedStrings | DictStrings);
  const sm20 = { ...f.sm20Changes! };
  for (const k of SM20_STRINGS) sm20[k] = unpack(sm20[k] as string[] | PackedStrings | DictStrings);
  const packed = f.volume!.documents as { keys: string[]; counts: Uint32Array; values: PackedStrings };
  const values = unpack(packed.values);
  let at = 0;
  const documents = packed.keys.map((key, i): [string, string[]] => {
    const n = packed.counts[i]!;
    at += n;
    return [key, values.slice(at - n, at)];
  });
  return { ...rows, facts: { ...rows.facts, docs: docs as unknown as FlaggedRows['facts']['docs'], sm20Changes: sm20 as unknown as FlaggedRows['facts']['sm20Changes'], volume: { ...rows.facts.volume, documents } } };
}
