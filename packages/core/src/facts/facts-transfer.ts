import type { CollectedFacts } from './collected-facts.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder, type PlainDict, type PlainPacked } from './column-builders.ts';
import { TimeColumnBuilder, type PlainTimes } from './time-column-builder.ts';

/**
 * Collected facts cross threads by structured clone, which is slow for millions of short strings
 * and tuples. Their groups of compact column builders (column-builders.ts) travel as their plain
 * typed arrays and dictionaries and are made builders again on arrival.
 */
const GROUPS = ['logonRows', 'docs', 'afterHoursSensitive', 'tickets', 'itemKeys', 'sensitiveItemKeys', 'sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'securityEvents', 'logons', 'userAdmin'] as const;

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

/**
 * Packed facts, and each packed group, lead with a key of their own (`packed`). V8 gives objects
 * with the same keys in the same order one hidden class: a packed group made with exactly the
 * keys of a live one shared its class, and its plain values made V8 widen the type it had noted
 * for those fields, throwing away the optimised code of the step-1 loop that reads them (in a task
 * worker after its first part, at every step 1). Unpacked, the keys are the live ones again, with
 * builders as values, as in the live objects.
 */
const PACKED = 'packed';

/** The facts with their column groups as plain data; only `unpackFacts` reads it back. */
export function packFacts(f: CollectedFacts): CollectedFacts {
  const groups = Object.fromEntries(GROUPS.map((k) => [k, Object.fromEntries([[PACKED, true], ...Object.entries(f[k]).map(([c, b]) => [c, plainOf(b as Builder)])])]));
  const d = f.volume.documents;
  const volume = { [PACKED]: true, ...f.volume, documents: { [PACKED]: true, ...d, numbers: plainOf(d.numbers) } };
  return { [PACKED]: true, ...f, ...groups, volume } as unknown as CollectedFacts;
}

/** `o` without its `packed` key, each other value through `f`: built with its final values, so it shares a class only with live objects like it. */
function unpacked(o: object, f: (key: string, value: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k !== PACKED) out[k] = f(k, v);
  return out;
}

const IN_GROUPS = new Set<string>(GROUPS);

export function unpackFacts(facts: CollectedFacts): CollectedFacts {
  return unpacked(facts, (k, v) => {
    if (IN_GROUPS.has(k)) return unpacked(v as object, (_, p) => builderOf(p as PlainBuilder));
    if (k !== 'volume') return v;
    return unpacked(v as object, (vk, vv) => (vk === 'documents' ? unpacked(vv as object, (dk, dv) => (dk === 'numbers' ? builderOf(dv as PlainBuilder) : dv)) : vv));
  }) as unknown as CollectedFacts;
}
