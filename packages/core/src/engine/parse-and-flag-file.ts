import { createCanonicalRecord } from '../flags/canonical-record.ts';
import type { FlagContext } from '../flags/flag-context.ts';
import { createRecordFlagger } from '../flags/flag-record.ts';
import { createFlagResult, FLAG_INDEX } from '../flags/flag-result.ts';
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import { openFile } from '../formats/open-file.ts';
import type { EngineContext, FileStepResult } from './contract.ts';
import { FactsCollector } from './collect-facts.ts';
import { countMask, emptySummary } from './flag-counts.ts';
import { writeFacts } from './facts-codec.ts';
import { factsName } from './names.ts';
import { createRecordExtractor } from './record-extractor.ts';

const VOLUME_BIT = 1 << FLAG_INDEX.CHANGE_VOLUME_FLAG;

/** Growable typed arrays: a few bytes per record instead of an object per record. */
class RecordMarks {
  masks = new Uint16Array(1 << 16);
  userDays = new Int32Array(1 << 16);
  length = 0;
  push(mask: number, userDay: number): void {
    if (this.length === this.masks.length) {
      const m = new Uint16Array(this.length * 2);
      m.set(this.masks);
      this.masks = m;
      const u = new Int32Array(this.length * 2);
      u.set(this.userDays);
      this.userDays = u;
    }
    this.masks[this.length] = mask;
    this.userDays[this.length++] = userDay;
  }
}

/**
 * Step 1 for one file: read, detect, flag each record, keep the compact facts in the workspace
 * (`facts/<index>.bin`, facts-codec.ts) and return this file's own counts (change volume within the file;
 * cross-file effects come with correlation).
 */
export async function parseAndFlagFile(ctx: EngineContext, flagContext: FlagContext, index: number, fileName: string, onProgress?: (records: number) => void): Promise<FileStepResult> {
  const opened = await openFile(ctx.openSource(index), fileName);
  const collector = new FactsCollector(index, opened);
  const flag = createRecordFlagger(flagContext);
  const extract = createRecordExtractor(opened.fileType, opened.canonical, opened.dateOrder);
  const rec = createCanonicalRecord(opened.fileType);
  const out = createFlagResult();
  const marks = new RecordMarks();
  const userDayIds = new Map<string, number>();
  const userDayList: [string, string][] = [];
  let lastUser = '';
  let lastDate = '';
  let lastUserDay = -1;
  for await (const batch of opened.batches()) {
    for (const row of batch) {
      if (opened.fileType === 'TICKETS') {
        collector.addTicket(row, opened.dateOrder);
        marks.push(0, -1);
        continue;
      }
      extract(row, rec);
      flag(rec, out);
      collector.add(rec, out);
      let userDay = -1;
      if (out.isChange && rec.user !== '' && rec.date !== '') {
        if (rec.user === lastUser && rec.date === lastDate) userDay = lastUserDay;
        else {
          const key = ChangeVolumeCounter.key(rec.user, rec.date);
          userDay = userDayIds.get(key) ?? -1;
          if (userDay < 0) {
            userDay = userDayList.length;
            userDayIds.set(key, userDay);
            userDayList.push([rec.user, rec.date]);
          }
          lastUser = rec.user;
          lastDate = rec.date;
          lastUserDay = userDay;
        }
      }
      marks.push(out.mask, userDay);
    }
    onProgress?.(marks.length);
  }
  const facts = collector.finish();
  await writeFacts(ctx.workspace, factsName(index), facts);
  const overLimit = userDayList.map(([u, d]) => collector.volume.excess(u, d) !== undefined);
  const summary = emptySummary();
  for (let i = 0; i < marks.length; i++) {
    const ud = marks.userDays[i]!;
    countMask(summary, ud >= 0 && overLimit[ud] ? marks.masks[i]! | VOLUME_BIT : marks.masks[i]!);
  }
  return { index, fileName, fileType: opened.fileType, records: marks.length, summary };
}
