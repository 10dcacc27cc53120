import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFiles } from '../../engine/analyze-files.ts';
import type { AnalysisReport } from '../../model/index.ts';
import { buildUserTimeline, type TimelineEntry } from '../user-timeline.ts';
import { openTimelineIndex, readTimelinePage, type OpenedTimelineIndex, type RangeReader } from './index-reader.ts';
import { ticketWords } from './index-collector.ts';

const USERS = ['ALICE', 'BOB', 'CAROL', 'J.DOE'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Rows out of time order, over three days, some high-risk; documents with items (one with 60). */
function files() {
  const sm20 = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
  for (let i = 0; i < 240; i++) {
    const day = 16 + (i % 3);
    const tcode = i % 10 === 0 ? 'SE16N' : 'MM03';
    sm20.push(`${day}.11.2026,${pad(8 + ((i * 7) % 10))}:${pad((i * 13) % 60)}:00,100,${USERS[i % 4]},PC0${i % 4},${tcode},SAPMSSY1,AU3,Transaction ${tcode} started.,${tcode},,`);
  }
  const cdhdr = ['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND'];
  const cdpos = ['OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD'];
  for (let d = 0; d < 24; d++) {
    // Document 0 is of an unremarkable class: only its five bank-account items are flagged.
    const cls = d === 0 ? 'ZOBJ' : 'KRED';
    cdhdr.push(`${cls},${String(100000 + d).padStart(10, '0')},${String(5000 + d).padStart(10, '0')},${USERS[d % 4]},202611${16 + (d % 3)},${pad(9 + (d % 8))}3000,XK02,U`);
    const items = d === 0 ? 60 : 2;
    for (let k = 0; k < items; k++) {
      const sensitive = d === 0 ? k >= 55 : k === 1;
      const [table, field] = sensitive ? ['LFBK', 'BANKN'] : d === 0 ? ['ZTAB', 'ZFLD'] : ['LFA1', 'NAME1'];
      cdpos.push(`${cls},${String(100000 + d).padStart(10, '0')},${String(5000 + d).padStart(10, '0')},${table},${k},${field},U,new${k},old${k}`);
    }
  }
  const tickets = ['Number,Title,Description,Request user,Assigned to,Request time,Close time,Status'];
  for (let t = 0; t < 10; t++) tickets.push(`INC${t},Change for ${USERS[(t + 1) % 4]},"Please check, ${t % 2 ? 'j.doe' : 'carol'} approved",${USERS[t % 4]},,2026-11-1${6 + (t % 3)} 0${t % 10}:00:00,2026-11-1${6 + (t % 3)} 17:00:00,Closed`);
  return { sm20, cdhdr, cdpos, tickets };
}

let dir: string;
let report: AnalysisReport;
let index: OpenedTimelineIndex;
let csv: RangeReader;

const rangeOf =
  (path: string): RangeReader =>
  async (start, length) => {
    const f = await open(path);
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await f.read(buf, 0, length, start);
      return buf.subarray(0, bytesRead);
    } finally {
      await f.close();
    }
  };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'timeline-index-'));
  const paths: string[] = [];
  for (const [name, lines] of Object.entries(files())) {
    paths.push(join(dir, `${name}.csv`));
    await writeFile(paths[paths.length - 1]!, `${lines.join('\r\n')}\r\n`);
  }
  report = await analyzeFiles(paths, { outDir: dir, threads: 0 });
  index = await openTimelineIndex(rangeOf(join(dir, 'timeline-index.bin')));
  csv = rangeOf(join(dir, 'results.csv'));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scan = (user: string) => buildUserTimeline(createReadStream(join(dir, 'results.csv')), user, report.suspicious_patterns);
/** The scan shows a document's first 50 items; the index shows its flagged ones first (then the rest in file order). */
const comparable = (e: TimelineEntry) => ((e.itemCount ?? 0) > 50 ? { ...e, items: undefined, flags: undefined } : e);

describe('the timeline index written by the report step', () => {
  it('gives every user the same entries as a scan of results.csv, in time order', async () => {
    expect(index.meta.users.map((u) => u[0])).toEqual(expect.arrayContaining(USERS));
    for (const user of [...USERS, 'nobody']) {
      const scanned = await scan(user);
      const page = await readTimelinePage(index, csv, user, { limit: 500 }, report.suspicious_patterns);
      expect(page.entries.map(comparable)).toEqual(scanned.entries.map(comparable));
      expect(page.total).toBe(scanned.entries.length);
      expect(page.nextCursor).toBeNull();
    }
    const alice = await readTimelinePage(index, csv, 'alice', { limit: 500 }, report.suspicious_patterns);
    expect(alice.types).toMatchObject({ SM20: 60, CDHDR: 6 });
    const times = alice.entries.map((e) => e.time);
    expect(times).toEqual([...times].sort());
  });

  it('pages through a user with a cursor, reading only the rows of the page', async () => {
    const all = (await scan('BOB')).entries;
    const seen: TimelineEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await readTimelinePage(index, csv, 'BOB', { limit: 7, cursor }, report.suspicious_patterns);
      expect(page.entries.length).toBeLessThanOrEqual(7);
      expect(page.rowsRead).toBeLessThanOrEqual(7 + page.entries.reduce((n, e) => n + (e.items?.length ?? 0), 0));
      seen.push(...page.entries);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('filters by day and by file type, counting from the directory', async () => {
    const all = (await scan('CAROL')).entries;
    const page = await readTimelinePage(index, csv, 'CAROL', { limit: 500, day: '2026-11-17' }, report.suspicious_patterns);
    expect(page.entries).toEqual(all.filter((e) => e.time.startsWith('2026-11-17')));
    expect(page.matched).toBe(page.entries.length);
    expect(page.days.find((d) => d.day === '2026-11-17')?.count).toBe(page.matched);
    expect(page.days.reduce((n, d) => n + d.count, 0)).toBe(all.length);
    const tickets = await readTimelinePage(index, csv, 'CAROL', { limit: 500, type: 'TICKETS' }, report.suspicious_patterns);
    expect(tickets.entries.map((e) => e.summary)).toEqual(all.filter((e) => e.type === 'TICKETS').map((e) => e.summary));
    expect(tickets.entries.length).toBeGreaterThan(3);
    expect(tickets.entries.every((e) => e.until?.endsWith('17:00:00'))).toBe(true);
    const none = await readTimelinePage(index, csv, 'CAROL', { limit: 500, day: '2025-01-01' }, report.suspicious_patterns);
    expect([none.matched, none.entries.length, none.nextCursor]).toEqual([0, 0, null]);
  });

  it('lists a change document with its items, flagged items first when it has more than 50', async () => {
    const docs = await readTimelinePage(index, csv, 'ALICE', { limit: 500, type: 'CDHDR' }, report.suspicious_patterns);
    expect(docs.entries.map((e) => e.type)).toEqual(new Array(6).fill('CDHDR'));
    const big = docs.entries.find((e) => e.itemCount === 60)!;
    expect(big.items).toHaveLength(50);
    expect(big.items!.filter((i) => i.FNAME === 'BANKN').map((i) => i.TABKEY)).toEqual(['55', '56', '57', '58', '59']);
    expect(big.items!.map((i) => Number(i.TABKEY))).toEqual([...big.items!.map((i) => Number(i.TABKEY))].sort((a, b) => a - b));
    expect(big.flags.map((f) => f.flag)).toContain('SENSITIVE_FIELD_FLAG');
    const small = docs.entries.find((e) => e.itemCount === 2)!;
    expect(small.items!.map((i) => i.FNAME)).toEqual(['NAME1', 'BANKN']);
  });

  it('finds a ticket by a user id with a dot in its text and refuses a foreign cursor', async () => {
    const jdoe = await readTimelinePage(index, csv, 'j.doe', { limit: 500, type: 'TICKETS' }, report.suspicious_patterns);
    const scanned = (await scan('J.DOE')).entries.filter((e) => e.type === 'TICKETS');
    // Named in the title (INC2, INC6), the description (odd numbers) or as the requester (INC3, INC7).
    expect(jdoe.entries.map((e) => e.record.Number).sort()).toEqual(['INC1', 'INC2', 'INC3', 'INC5', 'INC6', 'INC7', 'INC9']);
    expect(jdoe.entries).toEqual(scanned);
    await expect(readTimelinePage(index, csv, 'ALICE', { limit: 5, cursor: '12' }, [])).rejects.toThrow('cursor must be the nextCursor of the previous page');
    const words: string[] = [];
    ticketWords('Please check, j.doe approved (USER_1).', words);
    expect(words).toEqual(['PLEASE', 'CHECK', 'J', 'DOE', 'J.DOE', 'APPROVED', 'USER_1']);
    expect((await readFile(join(dir, 'timeline-index.bin'))).subarray(0, 8).toString()).toBe('SSATLX01');
  });
});
