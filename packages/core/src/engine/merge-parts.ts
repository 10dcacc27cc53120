import { docKey, type DocColumns, type FileFacts } from '../correlate/facts.ts';
import { CHANGE_VOLUME_LIMIT } from '../flags/change-volume.ts';
import type { AnalysisSummary } from '../model/index.ts';
import type { FlaggedRows } from './flag-rows.ts';

/**
 * Joins the results of consecutive parts of one file into what one pass over the whole file
 * gives: lists concatenated in order, first-seen order kept for every keyed collection (volume
 * user-days and their change numbers, item keys, joined CDPOS headers, sensitive items).
 */
export function mergeFlaggedRows(parts: FlaggedRows[]): FlaggedRows {
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  const facts: FileFacts = { ...first.facts, records: 0, volume: { documents: [], events: [] } };
  const list = <K extends 'debuggerChanges' | 'tableChanges' | 'failedLogons' | 'userAdmin' | 'afterHoursSensitive' | 'tickets'>(k: K) =>
    concat(parts.map((p) => p.facts[k] as unknown[])) as FileFacts[K];
  facts.debuggerChanges = list('debuggerChanges');
  facts.tableChanges = list('tableChanges');
  facts.failedLogons = list('failedLogons');
  facts.userAdmin = list('userAdmin');
  facts.afterHoursSensitive = list('afterHoursSensitive');
  facts.tickets = list('tickets');
  const sm = parts.map((p) => p.facts.sm20Changes);
  facts.sm20Changes = {
    users: concat(sm.map((c) => c.users)),
    times: concat(sm.map((c) => c.times)),
    events: concat(sm.map((c) => c.events)),
    tcodes: concat(sm.map((c) => c.tcodes)),
    flagged: concat(sm.map((c) => c.flagged)),
  };
  facts.docs = first.facts.joined ? mergeJoinedDocs(parts.map((p) => p.facts.docs)) : concatDocs(parts.map((p) => p.facts.docs));
  for (const p of parts) facts.records += p.facts.records;
  facts.volume = {
    documents: mergeLists(parts.map((p) => p.facts.volume.documents)),
    events: mergeCounts(parts.map((p) => p.facts.volume.events)),
  };
  facts.itemKeys = mergeCounts(parts.map((p) => p.facts.itemKeys));
  const sensitive = new Map<string, string>();
  for (const p of parts) for (const [k, v] of p.facts.sensitiveItemKeys) if (!sensitive.has(k)) sensitive.set(k, v);
  facts.sensitiveItemKeys = [...sensitive];

  const summary = structuredClone(first.summary);
  const ids = new Map<string, number>();
  const userDayKeys: string[] = [];
  const userDayRecords: number[] = [];
  const userDayUnflagged: number[] = [];
  for (const p of parts) {
    if (p !== first) addSummary(summary, p.summary);
    p.userDayKeys.forEach((key, i) => {
      let at = ids.get(key);
      if (at === undefined) {
        ids.set(key, (at = userDayKeys.length));
        userDayKeys.push(key);
        userDayRecords.push(0);
        userDayUnflagged.push(0);
      }
      userDayRecords[at]! += p.userDayRecords[i]!;
      userDayUnflagged[at]! += p.userDayUnflagged[i]!;
    });
  }
  return { facts, summary, userDayKeys, userDayRecords, userDayUnflagged };
}

/** The file's own counts: CHANGE_VOLUME added for every change record of a user-day over the limit. */
export function summaryWithVolume(rows: FlaggedRows): AnalysisSummary {
  const counts = new Map<string, number>();
  const note = (key: string, n: number) => {
    if (n > CHANGE_VOLUME_LIMIT) counts.set(key, n);
  };
  for (const [key, list] of rows.facts.volume.documents) note(key, list.length);
  for (const [key, n] of rows.facts.volume.events) note(key, n);
  const summary = structuredClone(rows.summary);
  if (counts.size === 0) return summary;
  rows.userDayKeys.forEach((key, i) => {
    if (!counts.has(key)) return;
    summary.flagged_records += rows.userDayUnflagged[i]!;
    summary.flag_counts.CHANGE_VOLUME_FLAG += rows.userDayRecords[i]!;
  });
  return summary;
}

function addSummary(into: AnalysisSummary, add: AnalysisSummary): void {
  into.total_records += add.total_records;
  into.flagged_records += add.flagged_records;
  for (const k of Object.keys(into.flag_counts) as (keyof AnalysisSummary['flag_counts'])[]) into.flag_counts[k] += add.flag_counts[k];
}

function concat<T>(lists: T[][]): T[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? [];
  return ([] as T[]).concat(...nonEmpty);
}

const DOC_FIELDS = ['classes', 'ids', 'changenrs', 'users', 'dates', 'times', 'tcodes', 'flagged'] as const;

function concatDocs(docs: DocColumns[]): DocColumns {
  const out = {} as Record<(typeof DOC_FIELDS)[number], unknown[]>;
  for (const f of DOC_FIELDS) out[f] = concat(docs.map((d) => d[f] as unknown[]));
  return out as unknown as DocColumns;
}

/** Joined CDPOS: one header per change document, first seen wins; flagged when any part flagged it. */
function mergeJoinedDocs(docs: DocColumns[]): DocColumns {
  const out = docs[0]!; // parts are ours: extend the first in place
  const seen = new Map<string, number>();
  for (let i = 0; i < out.changenrs.length; i++) seen.set(docKey(out.classes[i]!, out.ids[i]!, out.changenrs[i]!), i);
  for (const d of docs.slice(1)) {
    for (let i = 0; i < d.changenrs.length; i++) {
      const key = docKey(d.classes[i]!, d.ids[i]!, d.changenrs[i]!);
      const at = seen.get(key);
      if (at !== undefined) {
        if (d.flagged[i]) out.flagged[at] = 1;
        continue;
      }
      seen.set(key, out.changenrs.length);
      for (const f of DOC_FIELDS) (out[f] as unknown[]).push(d[f][i]);
    }
  }
  return out;
}

/** [key, distinct values in first-seen order] lists merged as one Map<key, Set> fed in order would give. */
function mergeLists(lists: [string, string[]][][]): [string, string[]][] {
  const merged = new Map<string, string[] | Set<string>>();
  for (const list of lists) {
    for (const [key, values] of list) {
      const mine = merged.get(key);
      if (mine === undefined) merged.set(key, values);
      else {
        const set = Array.isArray(mine) ? new Set(mine) : mine;
        for (const v of values) set.add(v);
        merged.set(key, set);
      }
    }
  }
  return [...merged].map(([k, v]) => [k, Array.isArray(v) ? v : [...v]]);
}

/** [key, count] lists summed, keys in first-seen order. */
function mergeCounts(lists: [string, number][][]): [string, number][] {
  if (lists.filter((l) => l.length > 0).length <= 1) return lists.find((l) => l.length > 0) ?? [];
  const merged = new Map<string, number>();
  for (const list of lists) for (const [key, n] of list) merged.set(key, (merged.get(key) ?? 0) + n);
  return [...merged];
}
