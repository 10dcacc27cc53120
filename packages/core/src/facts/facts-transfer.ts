import type { CollectedFacts } from './collected-facts.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder, type PlainDict, type PlainPacked } from './column-builders.ts';
import { TimeColumnBuilder, type PlainTimes } from './time-column-builder.ts';

/**
 * Collected facts cross threads by structured clone, which is slow for millions of short strings
 * and tuples. Their groups of compact column builders (column-builders.ts) travel as their plain
 * typed arrays and dictionaries and are made builders again on arrival.
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

/** The facts with their column groups as plain data; only `unpackFacts` reads it back. */
export function packFacts(f: CollectedFacts): CollectedFacts {
  const groups = Object.fromEntries(GROUPS.map((k) => [k, mapGroup(f[k], plainOf)]));
  const d = f.volume.documents;
  const volume = { ...f.volume, documents: { ...d, numbers: plainOf(d.numbers) } };
  return { ...f, ...groups, volume } as unknown as CollectedFacts;
}

export function unpackFacts(facts: CollectedFacts): CollectedFacts {
  const f = facts as unknown as Record<string, object>;
  const groups = Object.fromEntries(GROUPS.map((k) => [k, mapGroup(f[k]!, builderOf)]));
  const volume = facts.volume;
  const documents = { ...volume.documents, numbers: builderOf(volume.documents.numbers as unknown as PlainBuilder) as PackedColumnBuilder };
  return { ...facts, ...groups, volume: { ...volume, documents } } as unknown as CollectedFacts;
}
