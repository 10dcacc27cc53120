import type { CollectedFacts } from './collect-facts.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder, type PlainDict, type PlainPacked } from '../facts/column-builders.ts';
import { TimeColumnBuilder, type PlainTimes } from '../facts/time-column-builder.ts';
import type { FlaggedRows } from './flag-rows.ts';

/**
 * A part's result crosses threads by structured clone, which is slow for millions of short
 * strings and tuples. Step 1's facts are groups of compact column builders (column-builders.ts):
 * they travel as their plain typed arrays and dictionaries and are made builders again on arrival.
 */
const GROUPS = ['docs', 'afterHoursSensitive', 'tickets', 'itemKeys', 'sensitiveItemKeys', 'sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'securityEvents', 'logons', 'userAdmin'] as const;

type Builder = DictColumnBuilder | PackedColumnBuilder | NumColumnBuilder | TimeColumnBuilder;
type PlainBuilder = { dict: PlainDict } | { packed: PlainPacked } | { times: PlainTimes } | { nums: Float64Array | Uint8Array | Uint32Array };

function plainOf(b: Builder): PlainBuilder {
  if (b instanceof DictColumnBuilder) return { dict: b.toPlain() };
  if (b instanceof PackedColumnBuilder) return { packed: b.toPlain() };
  if (b instanceof TimeColumnBuilder) return { times: b.toPlain() };
  return { nums: b.toPlain() };
}

function builderOf(p: PlainBuilder): Builder {
  if ('dict' in p) return DictColumnBuilder.fromPlain(p.dict);
  if ('packed' in p) return PackedColumnBuilder.fromPlain(p.packed);
  if ('times' in p) return TimeColumnBuilder.fromPlain(p.times);
  return NumColumnBuilder.fromPlain(p.nums);
}

const mapGroup = <A, B>(group: object, f: (v: A) => B): Record<string, B> => Object.fromEntries(Object.entries(group).map(([k, v]) => [k, f(v as A)]));

/** The rows with their column groups as plain data; only `unpackRows` reads it back. */
export function packRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts;
  const groups = Object.fromEntries(GROUPS.map((k) => [k, mapGroup(f[k], plainOf)]));
  const d = f.volume.documents;
  const volume = { ...f.volume, documents: { ...d, numbers: plainOf(d.numbers) } };
  return { ...rows, facts: { ...f, ...groups, volume } as unknown as CollectedFacts };
}

export function unpackRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts as unknown as Record<string, object>;
  const groups = Object.fromEntries(GROUPS.map((k) => [k, mapGroup(f[k]!, builderOf)]));
  const volume = rows.facts.volume;
  const documents = { ...volume.documents, numbers: builderOf(volume.documents.numbers as unknown as PlainBuilder) as PackedColumnBuilder };
  return { ...rows, facts: { ...rows.facts, ...groups, volume: { ...volume, documents } } as unknown as CollectedFacts };
}
