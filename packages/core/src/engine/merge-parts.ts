import { docKey, type DocColumns, type FileFacts } from '../correlate/facts.ts';
import { CHANGE_VOLUME_LIMIT } from '../flags/change-volume.ts';
import type { AnalysisSummary } from '../model/index.ts';
import type { FlaggedRows } from './flag-rows.ts';

type ListKey = 'debuggerChanges' | 'tableChanges' | 'failedLogons' | 'userAdmin' | 'afterHoursSensitive' | 'tickets';
const LIST_KEYS: readonly ListKey[] = ['debuggerChanges', 'tableChanges', 'failedLogons', 'userAdmin', 'afterHoursSensitive', 'tickets'];
const SM20_FIELDS = ['users', 'times', 'events', 'tcodes', 'flagged'] as const;

/**
 * Joins the results of consecutive parts of one file into what one pass over the whole file
 * gives: lists concatenated in order, first-seen order kept for every keyed collection (volume
 * user-days and their change numbers, item keys, joined CDPOS headers, sensitive items). Parts
 * are added one at a time in file order and can be let go once added, so a large file's facts
 * are held once (merged), not once per part and again merged.
 */
export class FlaggedRowsMerger {
  private merged: FlaggedRows | undefined;
  private parts = 0;
  private readonly documents = new Map<string, string[] | Set<string>>();
  private readonly events = new Map<string, number>();
  private readonly itemKeys = new Map<string, number>();
  private readonly sensitive = new Map<string, string>();
  private readonly userDays = new Map<string, number>();
  private joinedSeen: Map<string, number> | undefined;

  add(part: FlaggedRows): void {
    this.parts++;
    const p = part.facts;
    for (const [key, values] of p.volume.documents) {
      const mine = this.documents.get(key);
      if (mine === undefined) this.documents.set(key, values);
      else {
        const set = Array.isArray(mine) ? new Set(mine) : mine;
        for (const v of values) set.add(v);
        this.documents.set(key, set);
      }
    }
    for (const [key, n] of p.volume.events) this.events.set(key, (this.events.get(key) ?? 0) + n);
    for (const [key, n] of p.itemKeys) this.itemKeys.set(key, (this.itemKeys.get(key) ?? 0) + n);
    for (const [k, v] of p.sensitiveItemKeys) if (!this.sensitive.has(k)) this.sensitive.set(k, v);

    const m = this.merged;
    if (!m) {
      // The first part is ours: extend it in place.
      this.merged = { ...part, facts: { ...p }, summary: structuredClone(part.summary), userDayKeys: [], userDayRecords: [], userDayUnflagged: [] };
      if (p.joined) {
        const d = p.docs;
        this.joinedSeen = new Map();
        for (let i = 0; i < d.changenrs.length; i++) this.joinedSeen.set(docKey(d.classes[i]!, d.ids[i]!, d.changenrs[i]!), i);
      }
    } else {
      const f = m.facts;
      for (const k of LIST_KEYS) append(f[k] as unknown[], p[k] as unknown[]);
      for (const k of SM20_FIELDS) append(f.sm20Changes[k] as unknown[], p.sm20Changes[k] as unknown[]);
      if (this.joinedSeen) this.addJoinedDocs(f.docs, p.docs, this.joinedSeen);
      else for (const k of DOC_FIELDS) append(f.docs[k] as unknown[], p.docs[k] as unknown[]);
      f.records += p.records;
      addSummary(m.summary, part.summary);
    }
    const into = this.merged!;
    part.userDayKeys.forEach((key, i) => {
      let at = this.userDays.get(key);
      if (at === undefined) {
        this.userDays.set(key, (at = into.userDayKeys.length));
        into.userDayKeys.push(key);
        into.userDayRecords.push(0);
        into.userDayUnflagged.push(0);
      }
      into.userDayRecords[at]! += part.userDayRecords[i]!;
      into.userDayUnflagged[at]! += part.userDayUnflagged[i]!;
    });
  }

  /** Joined CDPOS: one header per change document, first seen wins; flagged when any part flagged it. */
  private addJoinedDocs(out: DocColumns, d: DocColumns, seen: Map<string, number>): void {
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

  finish(): FlaggedRows {
    const m = this.merged;
    if (!m) throw new Error('FlaggedRowsMerger: no part was added');
    if (this.parts === 1) return m;
    m.facts.volume = { documents: [...this.documents].map(([k, v]) => [k, Array.isArray(v) ? v : [...v]]), events: [...this.events] };
    m.facts.itemKeys = [...this.itemKeys];
    m.facts.sensitiveItemKeys = [...this.sensitive];
    return m;
  }
}

/** Appends in place (no spread: lists run to millions). */
function append(into: unknown[], from: readonly unknown[]): void {
  for (let i = 0; i < from.length; i++) into.push(from[i]);
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

const DOC_FIELDS = ['classes', 'ids', 'changenrs', 'users', 'dates', 'times', 'tcodes', 'flagged'] as const;

