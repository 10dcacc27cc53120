import { createCanonicalRecord } from '../flags/canonical-record.ts';
import type { FlagContext } from '../flags/flag-context.ts';
import { createRecordFlagger } from '../flags/flag-record.ts';
import { createFlagResult } from '../flags/flag-result.ts';
import type { AnalysisSummary } from '../model/index.ts';
import { FactsCollector, type CollectedFacts, type FileMeta } from './collect-facts.ts';
import { countMask, emptySummary } from './flag-counts.ts';
import { createRecordExtractor } from './record-extractor.ts';

/**
 * What flagging a run of rows gives: the facts, the counts without CHANGE_VOLUME, and per user-day
 * (ChangeVolumeCounter.key) its change records and how many of them carry no other flag, so
 * CHANGE_VOLUME can be counted once the whole file's volume is known. The facts hold compact column
 * builders: across threads they travel as pack-rows.ts makes them.
 */
export interface FlaggedRows {
  facts: CollectedFacts;
  summary: AnalysisSummary;
  userDayKeys: string[];
  userDayRecords: number[];
  userDayUnflagged: number[];
}

/** Step 1's per-row work over rows in file order: extract, flag, keep facts and counts. */
export async function flagRows(rows: AsyncIterable<string[][]>, meta: FileMeta, index: number, fc: FlagContext, onProgress?: (records: number) => void): Promise<FlaggedRows> {
  const collector = new FactsCollector(index, meta);
  const flag = createRecordFlagger(fc, { reasons: false });
  const extract = createRecordExtractor(meta.fileType, meta.canonical, meta.dateOrder);
  const rec = createCanonicalRecord(meta.fileType);
  const out = createFlagResult();
  const summary = emptySummary();
  // Per user-day id of the volume counter: change records, and those without any other flag.
  const dayRecords: number[] = [];
  const dayUnflagged: number[] = [];
  const tickets = meta.fileType === 'TICKETS';
  let records = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      if (tickets) {
        collector.addTicket(row, meta.dateOrder);
        summary.total_records++;
        continue;
      }
      extract(row, rec);
      flag(rec, out);
      collector.add(rec, out);
      countMask(summary, out.mask);
      if (out.isChange && rec.user !== '' && rec.date !== '') {
        const day = collector.volume.userDayOf(rec.user, rec.date);
        while (dayRecords.length <= day) {
          dayRecords.push(0);
          dayUnflagged.push(0);
        }
        dayRecords[day]!++;
        if (out.mask === 0) dayUnflagged[day]!++;
      }
    }
    records += batch.length;
    onProgress?.(records);
  }
  const userDayKeys: string[] = [];
  const userDayRecords: number[] = [];
  const userDayUnflagged: number[] = [];
  dayRecords.forEach((n, day) => {
    if (n === 0) return;
    userDayKeys.push(collector.volume.keyOf(day));
    userDayRecords.push(n);
    userDayUnflagged.push(dayUnflagged[day]!);
  });
  return { facts: collector.finish(), summary, userDayKeys, userDayRecords, userDayUnflagged };
}
