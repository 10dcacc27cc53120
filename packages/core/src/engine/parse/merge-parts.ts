import { docKey, NO_DOC, PackedColumnBuilder, type CollectedDocs, type CollectedFacts, type DocumentLists } from '../../facts/index.ts';
import { CHANGE_VOLUME_LIMIT } from '../../flags/change-volume.ts';
import type { AnalysisSummary } from '../../model/index.ts';

/** SM20's column groups of the facts: appended part after part. */
const SM20_GROUPS = ['logonRows', 'sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'securityEvents', 'logons', 'userAdmin'] as const;
import type { FlaggedRows } from './flag-rows.ts';


/**
 * Joins the results of consecutive parts of one file into what one pass over the whole file
 * gives: lists concatenated in order, first-seen order kept for every keyed collection (volume
 * user-days and their change numbers, item keys, joined CDPOS headers, sensitive items). Parts
 * are added one at a time in file order and can be let go once added, so a large file's facts
 * are held once (merged), not once per part and again merged.
 */
export class FlaggedRowsMerger {
  /** `expectedParts`: how many parts will be added (equal byte ranges): the first part's columns get room for all at once. */
  constructor(private readonly expectedParts = 1) {}

  private merged: FlaggedRows | undefined;
  private parts = 0;
  // Volume's change numbers: every part's numbers appended to one packed column; per user-day key
  // its first range there, and only when a later part repeats the key, an index list and a Set.
  private readonly numbers = new PackedColumnBuilder();
  private readonly docKeyIds = new Map<string, number>();
  private readonly docKeys: string[] = [];
  private readonly docStart: number[] = [];
  private readonly docLen: number[] = [];
  private readonly docList: (number[] | undefined)[] = [];
  private readonly docSeen: (Set<string> | undefined)[] = [];
  private readonly events = new Map<string, number>();
  private readonly userDays = new Map<string, number>();
  private joinedSeen: Map<string, number> | undefined;

  add(part: FlaggedRows): void {
    this.parts++;
    const p = part.facts;
    this.addDocuments(p.volume.documents);
    for (const [key, n] of p.volume.events) this.events.set(key, (this.events.get(key) ?? 0) + n);

    const m = this.merged;
    if (!m) {
      // The first part is ours: extend it in place.
      this.merged = { ...part, facts: { ...p }, summary: structuredClone(part.summary), userDayKeys: [], userDayRecords: [], userDayUnflagged: [] };
      if (this.expectedParts > 1) reserveColumns(p, this.expectedParts * 1.05);
      if (p.joined) {
        const d = p.docs;
        this.joinedSeen = new Map();
        for (let i = 0; i < d.changenrs.length; i++) this.joinedSeen.set(docKey(d.classes.get(i), d.ids.get(i), d.changenrs.get(i)), i);
      }
    } else {
      const f = m.facts;
      for (const k of SM20_GROUPS) appendColumns(f[k], p[k]);
      appendActivities(f, p);
      appendColumns(f.itemKeys, p.itemKeys);
      appendColumns(f.sensitiveItemKeys, p.sensitiveItemKeys);
      if (this.joinedSeen) this.addJoinedDocs(f.docs, p.docs, this.joinedSeen);
      else appendColumns(f.docs, p.docs);
      f.records += p.records;
      addSummary(m.summary, part.summary);
      if (part.joinedLines) m.joinedLines = (m.joinedLines ?? 0) + part.joinedLines;
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

  /** Change numbers per user-day, each once in first-seen order (as one pass's ChangeVolumeCounter keeps them). */
  private addDocuments(d: DocumentLists): void {
    const numbers = this.numbers;
    let at = numbers.length;
    numbers.append(d.numbers);
    for (let i = 0; i < d.keys.length; at += d.lens[i]!, i++) {
      const key = d.keys[i]!;
      const n = d.lens[i]!;
      const id = this.docKeyIds.get(key);
      if (id === undefined) {
        this.docKeyIds.set(key, this.docKeys.length);
        this.docKeys.push(key);
        this.docStart.push(at);
        this.docLen.push(n);
        this.docList.push(undefined);
        this.docSeen.push(undefined);
        continue;
      }
      let list = this.docList[id];
      if (!list) {
        list = [];
        for (let k = 0; k < this.docLen[id]!; k++) list.push(this.docStart[id]! + k);
        this.docList[id] = list;
      }
      const seen = (this.docSeen[id] ??= new Set(list.map((j) => numbers.get(j))));
      for (let k = at; k < at + n; k++) {
        const v = numbers.get(k);
        if (seen.has(v)) continue;
        seen.add(v);
        list.push(k);
      }
    }
  }

  private mergedDocuments(): DocumentLists {
    const out: DocumentLists = { keys: this.docKeys, lens: new Uint32Array(this.docKeys.length), numbers: new PackedColumnBuilder() };
    for (let id = 0; id < this.docKeys.length; id++) {
      const list = this.docList[id];
      if (list) for (const j of list) out.numbers.pushFrom(this.numbers, j);
      else for (let j = this.docStart[id]!, end = j + this.docLen[id]!; j < end; j++) out.numbers.pushFrom(this.numbers, j);
      out.lens[id] = list ? list.length : this.docLen[id]!;
    }
    return out;
  }

  /** Joined CDPOS: one header per change document, first seen wins; flagged when any part flagged it. */
  private addJoinedDocs(out: CollectedDocs, d: CollectedDocs, seen: Map<string, number>): void {
    for (let i = 0; i < d.changenrs.length; i++) {
      const key = docKey(d.classes.get(i), d.ids.get(i), d.changenrs.get(i));
      const at = seen.get(key);
      if (at !== undefined) {
        if (d.flagged.get(i)) out.flagged.set(at, 1);
        continue;
      }
      seen.set(key, out.changenrs.length);
      for (const f of DOC_STRING_FIELDS) out[f].push(d[f].get(i));
      out.flagged.push(d.flagged.get(i));
    }
  }

  finish(): FlaggedRows {
    const m = this.merged;
    if (!m) throw new Error('FlaggedRowsMerger: no part was added');
    if (this.parts === 1) return m;
    m.facts.volume = { documents: this.mergedDocuments(), events: [...this.events] };
    return m;
  }
}

/** The file's own counts: CHANGE_VOLUME added for every change record of a user-day over the limit. */
export function summaryWithVolume(rows: FlaggedRows, limit = CHANGE_VOLUME_LIMIT): AnalysisSummary {
  const counts = new Map<string, number>();
  const note = (key: string, n: number) => {
    if (n > limit) counts.set(key, n);
  };
  const documents = rows.facts.volume.documents;
  for (let i = 0; i < documents.keys.length; i++) note(documents.keys[i]!, documents.lens[i]!);
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

const DOC_STRING_FIELDS = ['classes', 'ids', 'changenrs', 'users', 'dates', 'times', 'tcodes'] as const;

/** Appends every column builder of a group (docs, SM20 changes) to the same-named one. */
function appendColumns<G extends object>(into: G, from: G): void {
  for (const [name, builder] of Object.entries(into)) (builder as { append(other: unknown): void }).append((from as Record<string, unknown>)[name]);
}

/** Room in every column builder of the facts for `factor` times their present rows and bytes. */
function reserveColumns(f: CollectedFacts, factor: number): void {
  const groups: object[] = [f.docs, f.afterHoursSensitive, f.tickets, f.itemKeys, f.sensitiveItemKeys, ...SM20_GROUPS.map((k) => f[k])];
  for (const g of groups) for (const b of Object.values(g)) (b as { reserve(factor: number): void }).reserve(factor);
}

/** afterHoursSensitive and tickets (column builders). */
function appendActivities(into: CollectedFacts, from: CollectedFacts): void {
  const a = into.afterHoursSensitive;
  const b = from.afterHoursSensitive;
  a.users.append(b.users);
  a.times.append(b.times);
  // Docs rows are numbered in the merged docs: this part's come after those merged so far (docs are appended after this).
  const offset = into.docs.changenrs.length;
  for (let i = 0; i < b.docRows.length; i++) {
    const r = b.docRows.get(i);
    a.docRows.push(r === NO_DOC ? r : r + offset);
  }
  a.activities.append(b.activities);
  appendColumns(into.tickets, from.tickets);
}

