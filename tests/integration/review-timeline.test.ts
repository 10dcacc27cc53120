/** A user's timeline across the files of an analysis (issue 17), on the real local stack. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { cdhdrCsv, cdposCsv, sm20Csv, text, ticketsCsv } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;
let mallory: TestClient;
let analysisId: string;

signedInStack((s) => ({ stack, user: alice, stranger: mallory } = s), { stranger: true, stack: { quietErrors: true } });
beforeAll(async () => {
  analysisId = await analysedFiles(alice, [
    { name: 'sm20.csv', bytes: text(sm20Csv(200)) },
    { name: 'cdhdr.csv', bytes: text(cdhdrCsv(40)) },
    { name: 'cdpos.csv', bytes: text(cdposCsv(40)) },
    { name: 'tickets.csv', bytes: text(ticketsCsv(8)) },
  ]);
}, 90_000);

const timeline = async (query: string, client = alice) => client.call('GET', `/results/${analysisId}/timeline?${query}`);

describe('the timeline of one user', () => {
  it('lists the user’s records of every file in time order, change documents with their items, flags and patterns marked', async () => {
    const res = await timeline('user=alice&limit=500');
    expect(res.status, res.text).toBe(200);
    const t = res.json;
    // Read from the index the report step wrote: only the page's rows (and its documents' items), not the whole CSV.
    expect(t).toMatchObject({ user: 'ALICE', truncated: false, source: 'index', nextCursor: null });
    expect(t.scannedRecords).toBe(t.entries.filter((e: any) => e.type !== 'PATTERN').length + t.entries.reduce((n: number, e: any) => n + (e.items?.length ?? 0), 0));
    expect(Object.keys(t.types).sort()).toEqual(['CDHDR', 'PATTERN', 'SM20', 'TICKETS']);
    // SM20: every fourth row is ALICE's; CDHDR: every fourth header; tickets naming ALICE.
    expect(t.types.SM20).toBe(50);
    expect(t.types.CDHDR).toBe(10);
    expect(t.types.TICKETS).toBe(2);
    const times = t.entries.map((e: any) => e.time);
    expect(times).toEqual([...times].sort());
    expect(times.every((x: string) => /^2026-11-\d\d \d\d:\d\d:\d\d$/.test(x))).toBe(true);
    const doc = t.entries.find((e: any) => e.type === 'CDHDR');
    expect(doc.itemCount).toBe(2);
    expect(doc.items.map((i: any) => i.FNAME).sort()).toEqual(['DMBTR', 'NAME1']);
    expect(doc.record.USERNAME).toBe('ALICE');
    // The record shows the file's own cells, not the normalised copies results.csv carries beside them.
    expect(Object.keys(doc.record).filter((k) => k.endsWith(' (canonical)'))).toEqual([]);
    expect(doc.items[0].FNAME).toBeTruthy();
    expect(Object.keys(doc.items[0]).filter((k) => k.endsWith(' (canonical)'))).toEqual([]);
    const ticket = t.entries.find((e: any) => e.type === 'TICKETS');
    expect(ticket.summary).toMatch(/^Ticket 1000[48]: Change request [48] \(Closed\)$/);
    expect(ticket.until).toMatch(/ 17:00:00$/);
    expect(t.entries.some((e: any) => e.type === 'SM20' && e.flags.some((f: any) => f.flag === 'HIGH_RISK_TCODE_FLAG'))).toBe(true);
    const pattern = t.entries.find((e: any) => e.type === 'PATTERN');
    expect(pattern.patterns[0]).toMatch(/^PAT-/);
    expect(t.entries.some((e: any) => e.type !== 'PATTERN' && e.time === pattern.time && e.patterns.includes(pattern.patterns[0]))).toBe(true);
    expect(t.entries.every((e: any) => e.type !== 'SM20' || e.record.User === 'ALICE')).toBe(true);
  });

  it('pages and filters by day and file type from the index', async () => {
    const all = (await timeline('user=ALICE&limit=500')).json;
    expect(all.source).toBe('index');
    const first = (await timeline('user=ALICE&limit=10')).json;
    expect(first.entries).toEqual(all.entries.slice(0, 10));
    const second = (await timeline(`user=ALICE&limit=10&cursor=${first.nextCursor}`)).json;
    expect(second.entries).toEqual(all.entries.slice(10, 20));
    const day = all.days[0].day;
    const ofDay = (await timeline(`user=ALICE&day=${day}&limit=500`)).json;
    expect(ofDay.matched).toBe(all.days[0].count);
    expect(ofDay.entries.every((e: any) => e.time.startsWith(day))).toBe(true);
    expect(ofDay.entries).toEqual(all.entries.filter((e: any) => e.time.startsWith(day)));
    const docs = (await timeline('user=ALICE&type=CDHDR&limit=500')).json;
    expect(docs.entries.map((e: any) => e.type)).toEqual(new Array(10).fill('CDHDR'));
  });

  it('refuses bad queries and is a 404 for another user', async () => {
    expect((await timeline('limit=5')).json.error.message).toBe('Invalid request: user is required');
    expect((await timeline('user=ALICE&day=yesterday')).status).toBe(400);
    expect((await timeline('user=ALICE&type=XLSX')).status).toBe(400);
    const foreign = await timeline('user=ALICE&cursor=12');
    expect([foreign.status, foreign.json.error.message]).toEqual([400, 'Invalid request: cursor: cursor must be the nextCursor of the previous page']);
    const other = await timeline('user=ALICE', mallory);
    expect(other.status).toBe(404);
    expect(other.text).not.toContain('ALICE');
  });
});

describe('an analysis written before the timeline index', () => {
  it('is scanned once and kept, paging across the kept chunks in order, without gaps or repeats', async () => {
    const busy = await analysedFiles(alice, [{ name: 'busy.csv', bytes: text(sm20Csv(4400)) }]);
    const indexed = (await alice.call('GET', `/results/${busy}/timeline?user=ALICE&limit=500`)).json;
    expect(indexed).toMatchObject({ source: 'index', total: 1100 });
    // As an analysis from before the report step wrote the index.
    await stack.services.blobs.delete(`users/${alice.sub}/analyses/${busy}/timeline-index.bin`);
    const get = async (cursor: string) => (await alice.call('GET', `/results/${busy}/timeline?user=ALICE&limit=500&cursor=${cursor}`)).json;
    const pages = [await get('0'), await get('500'), await get('1000')];
    expect(pages.map((p) => p.cached)).toEqual([false, true, true]);
    expect(pages.map((p) => p.source)).toEqual(['scan', 'scan', 'scan']);
    expect(pages[0].entries).toEqual(indexed.entries);
    expect(pages[0].total).toBe(1100);
    const entries = pages.flatMap((p) => p.entries);
    expect(entries).toHaveLength(1100);
    expect(pages[2].nextCursor).toBeNull();
    const keys = entries.map((e: any) => `${e.time} ${e.record.Time} ${e.record['Terminal Name']} ${e.summary}`);
    expect(new Set(keys).size).toBe(1100);
    const times = entries.map((e: any) => e.time);
    expect(times).toEqual([...times].sort());
    // The same entries as one uncached read would give: the first page again, now from the chunks.
    expect((await get('0')).entries).toEqual(pages[0].entries);
  }, 60_000);
});

