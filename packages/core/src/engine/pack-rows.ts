import type { CollectedDocs } from './collect-facts.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder, type PlainDict, type PlainPacked } from './column-builders.ts';
import type { FlaggedRows } from './flag-rows.ts';

/**
 * A part's result crosses threads by structured clone, which is slow for millions of short
 * strings and tuples. Step 1's facts are compact column builders (column-builders.ts): they
 * travel as their plain typed arrays and dictionaries and are made builders again on arrival.
 * The small lists (SM20 debugger, table, user-admin events and failed logons) travel as they are.
 */
const DOC_DICTS = ['classes', 'users', 'dates', 'times', 'tcodes'] as const;
const DOC_PACKED = ['ids', 'changenrs'] as const;

/** The compact columns of collected facts as plain typed arrays (column-builders.ts toPlain). */
function plainDocs(d: CollectedDocs): Record<string, unknown> {
  const out: Record<string, unknown> = { flagged: d.flagged.toPlain() };
  for (const k of DOC_DICTS) out[k] = d[k].toPlain();
  for (const k of DOC_PACKED) out[k] = d[k].toPlain();
  return out;
}

function docsOfPlain(p: Record<string, unknown>): CollectedDocs {
  const out: Record<string, unknown> = { flagged: NumColumnBuilder.fromPlain(p.flagged as Uint8Array) };
  for (const k of DOC_DICTS) out[k] = DictColumnBuilder.fromPlain(p[k] as PlainDict);
  for (const k of DOC_PACKED) out[k] = PackedColumnBuilder.fromPlain(p[k] as PlainPacked);
  return out as unknown as CollectedDocs;
}

/** The rows with their large columns as plain data (strings packed, builders as typed arrays); only `unpackRows` reads it back. */
export function packRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts;
  const a = f.afterHoursSensitive;
  const afterHoursSensitive = { users: a.users.toPlain(), times: a.times.toPlain(), docRows: a.docRows.toPlain(), activities: a.activities.toPlain() };
  const c = f.sm20Changes;
  const sm20 = { users: c.users.toPlain(), times: c.times.toPlain(), events: c.events.toPlain(), tcodes: c.tcodes.toPlain(), flagged: c.flagged.toPlain() };
  const d = f.volume.documents;
  const volume = { ...f.volume, documents: { keys: d.keys, lens: d.lens, numbers: d.numbers.toPlain() } };
  const itemKeys = { keys: f.itemKeys.keys.toPlain(), counts: f.itemKeys.counts.toPlain() };
  const sensitiveItemKeys = { keys: f.sensitiveItemKeys.keys.toPlain(), details: f.sensitiveItemKeys.details.toPlain() };
  const t = f.tickets;
  const tickets = { ids: t.ids.toPlain(), userCounts: t.userCounts.toPlain(), users: t.users.toPlain(), texts: t.texts.toPlain(), starts: t.starts.toPlain(), ends: t.ends.toPlain() };
  return { ...rows, facts: { ...f, docs: plainDocs(f.docs), afterHoursSensitive, tickets, itemKeys, sensitiveItemKeys, sm20Changes: sm20, volume } as unknown as FlaggedRows['facts'] };
}

export function unpackRows(rows: FlaggedRows): FlaggedRows {
  const f = rows.facts as unknown as Record<string, Record<string, unknown>>;
  const c = f.sm20Changes!;
  const sm20 = {
    users: DictColumnBuilder.fromPlain(c.users as PlainDict),
    times: NumColumnBuilder.fromPlain(c.times as Float64Array),
    events: DictColumnBuilder.fromPlain(c.events as PlainDict),
    tcodes: DictColumnBuilder.fromPlain(c.tcodes as PlainDict),
    flagged: NumColumnBuilder.fromPlain(c.flagged as Uint8Array),
  };
  const a = f.afterHoursSensitive!;
  const afterHoursSensitive = {
    users: DictColumnBuilder.fromPlain(a.users as PlainDict),
    times: NumColumnBuilder.fromPlain(a.times as Float64Array),
    docRows: NumColumnBuilder.fromPlain(a.docRows as Uint32Array),
    activities: PackedColumnBuilder.fromPlain(a.activities as PlainPacked),
  };
  const itemKeys = { keys: PackedColumnBuilder.fromPlain(f.itemKeys!.keys as PlainPacked), counts: NumColumnBuilder.fromPlain(f.itemKeys!.counts as Uint32Array) };
  const s = f.sensitiveItemKeys!;
  const sensitiveItemKeys = { keys: PackedColumnBuilder.fromPlain(s.keys as PlainPacked), details: PackedColumnBuilder.fromPlain(s.details as PlainPacked) };
  const t = f.tickets!;
  const tickets = {
    ids: PackedColumnBuilder.fromPlain(t.ids as PlainPacked),
    userCounts: NumColumnBuilder.fromPlain(t.userCounts as Uint32Array),
    users: DictColumnBuilder.fromPlain(t.users as PlainDict),
    texts: PackedColumnBuilder.fromPlain(t.texts as PlainPacked),
    starts: NumColumnBuilder.fromPlain(t.starts as Float64Array),
    ends: NumColumnBuilder.fromPlain(t.ends as Float64Array),
  };
  const packed = f.volume!.documents as { keys: string[]; lens: Uint32Array; numbers: PlainPacked };
  const documents = { keys: packed.keys, lens: packed.lens, numbers: PackedColumnBuilder.fromPlain(packed.numbers) };
  return {
    ...rows,
    facts: { ...rows.facts, docs: docsOfPlain(f.docs!), afterHoursSensitive, tickets, itemKeys, sensitiveItemKeys, sm20Changes: sm20 as unknown as FlaggedRows['facts']['sm20Changes'], volume: { ...rows.facts.volume, documents } },
  };
}
