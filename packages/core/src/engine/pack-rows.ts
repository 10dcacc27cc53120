import type { FlaggedRows } from './flag-rows.ts';

/**
 * A part's result crosses threads by structured clone, which is slow for millions of short
 * strings (CDHDR: ~0.5 s per 12 MB part on the receiving thread). Large string columns travel as
 * one joined string and the end offsets instead, and are cut back into strings on arrival.
 */
interface PackedStrings {
  joined: string;
  ends: Uint32Array;
}

const PACK_FROM = 1024;

function pack(values: string[]): string[] | PackedStrings {
  if (values.length < PACK_FROM) return values;
  const ends = new Uint32Array(values.length);
  let at = 0;
  for (let i = 0; i < values.length; i++) ends[i] = at += values[i]!.length;
  return { joined: values.join(''), ends };
}

function unpack(v: string[] | PackedStrings): string[] {
  if (Array.isArray(v)) return v;
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
    documents: { keys: lists.map((e) => e[0]), counts: Uint32Array.from(lists, (e) => e[1].length), values: pack(lists.flatMap((e) => e[1])) },
  };
  return { ...rows, facts: { ...f, docs, sm20Changes: sm20, volume } as unknown as FlaggedRows['facts'] };
}

export function unpackRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts as unknown as Record<string, Record<string, unknown>>;
  const docs = { ...f.docs! };
  for (const k of DOC_STRINGS) docs[k] = unpack(docs[k] as string[] | PackedStrings);
  const sm20 = { ...f.sm20Changes! };
  for (const k of SM20_STRINGS) sm20[k] = unpack(sm20[k] as string[] | PackedStrings);
  const packed = f.volume!.documents as { keys: string[]; counts: Uint32Array; values: string[] | PackedStrings };
  const values = unpack(packed.values);
  let at = 0;
  const documents = packed.keys.map((key, i): [string, string[]] => {
    const n = packed.counts[i]!;
    at += n;
    return [key, values.slice(at - n, at)];
  });
  return { ...rows, facts: { ...rows.facts, docs: docs as unknown as FlaggedRows['facts']['docs'], sm20Changes: sm20 as unknown as FlaggedRows['facts']['sm20Changes'], volume: { ...rows.facts.volume, documents } } };
}
