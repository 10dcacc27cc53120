import { describe, expect, it } from 'vitest';
import type { Finding } from '@app/core/review/index.ts';
import { baseOrder, buildIndex, FindingsIndex, FindingsIndexBuilder, SEVERITY_RANK, sortById, STATUS_CODES } from './findings-index.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleJob, keep, keptBytes } from './review-jobs.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const f = (id: number, rule: string, severity: Finding['rule']['severity'], user: string, time: string, caseId: string): Finding => ({
  findingId: id.toString(16).padStart(20, '0'),
  kind: rule.startsWith('PAT') ? 'pattern' : 'record',
  rule: { id: rule, title: rule.toLowerCase(), severity },
  user,
  time,
  object: 'SU01',
  terminal: 'T1',
  summary: `${rule} ${user}`,
  source: rule.startsWith('PAT') ? {} : { flag: 'DEBUG_FLAG' },
  evidence: [{ USER: user }],
  caseId,
});

// Grouped by case, as the engine writes findings.ndjson.
const findings = [
  f(1, 'PAT-A', 'critical', 'ALICE', '2026-01-02 10:00:00', 'c1'),
  f(2, 'REC-B', 'high', 'ALICE', '2026-01-01 09:00:00', 'c1'),
  f(3, 'REC-B', 'high', 'ALICE', '2026-01-03 09:00:00', 'c1'),
  f(4, 'REC-B', 'high', 'BOB', '2026-01-01 08:00:00', 'c2'),
  f(5, 'PAT-C', 'medium', 'BOB', '2026-01-01 07:00:00', 'c2'),
];
const bytes = new TextEncoder().encode(findings.map((x) => JSON.stringify(x)).join('\n') + '\n');

describe('the findings index', () => {
  const stored = buildIndex(bytes, { flagTotals: { DEBUG_FLAG: 7 } });
  const index = new FindingsIndex(stored);
  const data = index.data;

  it('keeps each line by its byte offsets, finds each id, and counts the record findings per flag', () => {
    for (const [i, x] of findings.entries()) expect(index.indexOf(x.findingId)).toBe(i);
    expect(index.indexOf('0'.repeat(20))).toBeUndefined();
    expect(index.indexOf('f'.repeat(20))).toBeUndefined();
    expect(index.indexOf('x'.repeat(30))).toBeUndefined();
    // Read from a copy placed at an odd offset of a larger buffer, too.
    const odd = new Uint8Array(stored.byteLength + 3);
    odd.set(stored, 3);
    expect(new FindingsIndex(odd.subarray(3)).queryPage({}, 0, 5).matched).toBe(5);
    expect(data.count).toBe(5);
    const text = new TextDecoder().decode(bytes);
    for (let i = 0; i < 5; i++) {
      const ref = index.line(i);
      expect(JSON.parse(text.slice(ref.start, ref.start + ref.length)).findingId).toBe(findings[i]!.findingId);
    }
    expect(data.recordSource).toEqual({ kind: 'all', total: 3, listed: 3, cap: 3 });
    expect(data.recordCoverage.flags).toEqual([{ flag: 'DEBUG_FLAG', total: 7, listed: 3 }]);
  });

  it('answers a filter asked again from what it made, until the review statuses change', () => {
    const own = new FindingsIndex(stored);
    own.applyReviews(1, []);
    const open = own.ordered({ status: 'open' });
    expect(own.ordered({ status: 'open' })).toBe(open);
    expect(own.queryPage({ status: 'open' }, 0, 10).counts).toBe(own.counts());
    expect(open).toHaveLength(5);
    // A review elsewhere: the same filter is made again, with the new statuses.
    own.applyReviews(2, [[findings[1]!.findingId, STATUS_CODES.indexOf('explained')]]);
    expect(own.ordered({ status: 'open' })).toHaveLength(4);
    expect(own.counts()).toMatchObject({ open: 4, reviewed: 1 });
    expect(own.queryPage({ status: 'explained' }, 0, 10).matched).toBe(1);
    const progress = own.caseProgress();
    expect(own.caseProgress()).toBe(progress);
    expect([...progress.subarray(0, 4)]).toEqual([3, 2, 1, 0]);
    own.applyReviews(3, []);
    expect([...own.caseProgress().subarray(0, 4)]).toEqual([3, 3, 0, 0]);
  });

  it('orders open before reviewed before suppressed, then by severity and time, and filters', () => {
    index.applySuppressions([{ suppressionId: 's1', rule: 'REC-B', user: 'bob', reason: 'batch', expiresAt: '2030-01-01T00:00:00Z' }]);
    index.applyReviews(1, [[findings[0]!.findingId, STATUS_CODES.indexOf('escalated')]]);
    const page = index.queryPage({}, 0, 10);
    expect(page.page.map((l) => l.index)).toEqual([1, 2, 4, 0, 3]);
    expect(page.counts).toMatchObject({ total: 5, open: 3, reviewed: 1, suppressed: 1, toReview: 4, criticalOpen: 0 });
    expect(page.applied).toEqual([1]);
    expect(index.queryPage({ caseId: 'c2' }, 0, 10).matched).toBe(2);
    expect(index.queryPage({ user: 'alice', rule: 'REC-B' }, 0, 10).matched).toBe(2);
    expect(index.queryPage({ status: 'suppressed' }, 0, 10).page.map((l) => l.index)).toEqual([3]);
    expect(index.queryPage({ status: 'open' }, 1, 1)).toMatchObject({ matched: 3, nextCursor: '2' });
    expect(index.queryPage({ rule: 'NOPE' }, 0, 10).matched).toBe(0);
    expect(index.targets({ caseId: 'c1' }, 10).targets.map((t) => [t.findingId.slice(-1), t.previousStatus])).toEqual([
      ['2', 'open'],
      ['3', 'open'],
      ['1', 'escalated'],
    ]);
  });

  it('counts each case\'s members, reviewed, open and suppressed', () => {
    const p = index.caseProgress();
    const c1 = data.caseIds.indexOf('c1');
    const c2 = data.caseIds.indexOf('c2');
    expect([...p.slice(c1 * 4, c1 * 4 + 4)]).toEqual([3, 2, 1, 0]);
    expect([...p.slice(c2 * 4, c2 * 4 + 4)]).toEqual([2, 1, 0, 1]);
  });

  it('answers cases and a case\'s member lines in the worker, asking for the index and the reviews it lacks', async () => {
    const key = 'u/a1';
    const cases = { version: 1, settings: {}, cases: [
      { id: 'c1', actor: 'ALICE', actor_kind: 'user', risk_level: 'critical', score: 90, rules: [{ rule: 'PAT-A' }, { rule: 'REC-B' }], reasons: ['x'], findings_offset: 0, findings_count: 3 },
      { id: 'c2', actor: 'BOB', actor_kind: 'user', risk_level: 'medium', score: 20, rules: [{ rule: 'REC-B' }], reasons: ['y'], findings_offset: 3, findings_count: 2 },
    ] };
    const ask = { type: 'cases', key, reviews: { version: 3 }, filter: {}, cursor: 0, limit: 10 } as const;
    expect((await handleJob(ask)).result).toEqual({ retry: 'load' });
    const enc = new TextEncoder();
    await handleJob({ type: 'load', key, index: stored.slice(), cases: enc.encode(JSON.stringify(cases)), suppressions: [] });
    expect((await handleJob(ask)).result).toEqual({ retry: 'reviews' });
    const out = (await handleJob({ ...ask, reviews: { version: 3, entries: [[findings[3]!.findingId, 1], [findings[4]!.findingId, 2]] }, filter: { review: 'open' } })).result as any;
    expect(out.cases.map((c: any) => [c.id, c.progress])).toEqual([['c1', { members: 3, open: 3, reviewed: 0, suppressed: 0 }]]);
    expect(out.counts).toMatchObject({ total: 2, toReview: 1, byRisk: { critical: 1, medium: 1 } });
    const one = (await handleJob({ type: 'case', key, reviews: { version: 3 }, caseId: 'c2', cursor: 1, limit: 5 })).result as any;
    expect(one.members.map((l: any) => l.index)).toEqual([4]);
    expect(one).toMatchObject({ position: 2, cases: 2, nextCursor: null, case: { id: 'c2', members: 2, progress: { reviewed: 2, open: 0 } } });
    // The decisions taken on the case's members, for its header and its review form.
    expect(one.case.progress.decisions).toEqual({ explained: 1, false_positive: 1 });
    expect((await handleJob({ type: 'case', key, reviews: { version: 3 }, caseId: 'nope', cursor: 0, limit: 5 })).result).toEqual({ notFound: true });
  });
});

it('a worker loads an index from its path, keeps indexes up to its memory bound, and forgets the least recently used first', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'review-keep-'));
  try {
    const stored = buildIndex(bytes, { flagTotals: {} });
    const casesFile = { version: 1, settings: {}, cases: [{ id: 'c1', actor: 'ALICE', actor_kind: 'user', risk_level: 'critical', score: 90, rules: [], reasons: ['x'], findings_offset: 0, findings_count: 3 }] };
    await writeFile(join(dir, 'index.bin'), stored);
    await writeFile(join(dir, 'cases.json'), JSON.stringify(casesFile));
    const paths = { index: join(dir, 'index.bin'), cases: join(dir, 'cases.json') };
    const ask = (key: string) => handleJob({ type: 'findings', key, reviews: { version: 0, entries: [] }, filter: {}, cursor: 0, limit: 10 }).then((r) => r.result as any);
    const saved = keep.bytes;
    // Room for two of these indexes, not three.
    keep.bytes = 2 * keptBytes(new FindingsIndex(stored)) + 1;
    try {
      for (const key of ['k/1', 'k/2']) await handleJob({ type: 'load', key, paths, suppressions: [] });
      expect((await ask('k/1')).page).toHaveLength(5);
      expect((await ask('k/2')).page).toHaveLength(5);
      await ask('k/1'); // k/1 used last: k/2 is the one to go
      await handleJob({ type: 'load', key: 'k/3', paths, suppressions: [] });
      expect(await ask('k/2')).toEqual({ retry: 'load' });
      expect((await ask('k/1')).page).toHaveLength(5);
      expect((await ask('k/3')).page).toHaveLength(5);
    } finally {
      keep.bytes = saved;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('lists a filter as the whole list filtered (open, reviewed, suppressed; each by severity, time, id), over many findings', () => {
  const sevs = ['critical', 'high', 'medium', 'low'] as const;
  let seed = 7;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  // A rule has one severity (the index keeps it per rule).
  const many = Array.from({ length: 3000 }, (_, i) => {
    const r = rnd(6);
    return f(i + 1, `R${r}`, sevs[r % 4]!, `U${rnd(7)}`, `2026-01-0${1 + rnd(9)} 10:00:0${rnd(10)}`, `c${rnd(4)}`);
  });
  const idx = new FindingsIndex(buildIndex(new TextEncoder().encode(many.map((x) => JSON.stringify(x)).join('\n')), { flagTotals: {} }));
  idx.applySuppressions([{ suppressionId: 's', rule: 'R1', user: 'u2', reason: 'r', expiresAt: '2030-01-01T00:00:00Z' }]);
  idx.applyReviews(1, many.filter(() => rnd(5) === 0).map((x) => [x.findingId, 1 + rnd(3)] as [string, number]));
  const all = [...idx.ordered({})];
  const matches = (i: number, flt: { severity?: string; user?: string; status?: string }) =>
    (!flt.severity || many[i]!.rule.severity === flt.severity) && (!flt.user || many[i]!.user === flt.user) && (!flt.status || (flt.status === 'open' ? idx.bucket(i) === 0 : STATUS_CODES[idx.status[i]!] === flt.status));
  const filters = [...sevs.map((severity) => ({ severity })), { severity: 'high', user: 'U3' }, { status: 'open' }, { status: 'explained', severity: 'low' }, { user: 'U1' }] as const;
  for (const flt of filters) {
    const want = all.filter((i) => matches(i, flt));
    expect(want.length, JSON.stringify(flt)).toBeGreaterThan(0);
    expect([...idx.ordered(flt)], JSON.stringify(flt)).toEqual(want);
  }
  // Severity, then time: the whole list's open part.
  const open = all.filter((i) => idx.bucket(i) === 0);
  const key = (i: number) => `${SEVERITY_RANK[many[i]!.rule.severity]} ${many[i]!.time} ${many[i]!.findingId}`;
  expect(open.map(key)).toEqual(open.map(key).sort());
});

it('answers a first page by rule, severity and status without the list, as the list would (counts too)', () => {
  const sevs = ['critical', 'high', 'medium', 'low'] as const;
  let seed = 11;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const many = Array.from({ length: 2000 }, (_, i) => {
    const r = rnd(6);
    return f(i + 1, `R${r}`, sevs[r % 4]!, `U${rnd(7)}`, `2026-01-0${1 + rnd(9)} 10:00:0${rnd(10)}`, `c${rnd(4)}`);
  });
  const stored = buildIndex(new TextEncoder().encode(many.map((x) => JSON.stringify(x)).join('\n')), { flagTotals: {} });
  const suppressions = [
    { suppressionId: 's', rule: 'R1', user: 'u2', reason: 'r', expiresAt: '2030-01-01T00:00:00Z' },
    { suppressionId: 't', rule: 'R0', user: 'u5', reason: 'r', expiresAt: '2030-01-01T00:00:00Z' },
  ];
  // Some findings decided twice (the last decision counts), some set back to open.
  const reviews = many.filter(() => rnd(4) === 0).map((x) => [x.findingId, rnd(4)] as [string, number]);
  reviews.push(...reviews.slice(0, 40).map(([id]) => [id, 1 + rnd(3)] as [string, number]));
  const fresh = () => {
    const x = new FindingsIndex(stored);
    x.applySuppressions(suppressions);
    x.applyReviews(1, reviews);
    return x;
  };
  const whole = fresh();
  const statuses = [undefined, 'open', 'explained', 'false_positive', 'escalated', 'suppressed'] as const;
  let checked = 0;
  for (const rule of [undefined, 'R0', 'R1', 'R4', 'R9'])
    for (const severity of [undefined, ...sevs])
      for (const status of statuses)
        for (const [cursor, limit] of [
          [0, 7],
          [5, 50],
          [290, 40],
          [0, 900],
        ] as const) {
          const flt = { rule, severity, status };
          const list = whole.ordered(flt);
          const got = fresh().queryPage(flt, cursor, limit);
          expect({ ids: got.page.map((l) => l.index), matched: got.matched, next: got.nextCursor }, JSON.stringify([flt, cursor])).toEqual({
            ids: [...list.subarray(cursor, cursor + limit)],
            matched: list.length,
            next: cursor + limit < list.length ? String(cursor + limit) : null,
          });
          checked += got.page.length;
        }
  expect(checked).toBeGreaterThan(10_000);
  // The counts, against a pass over every finding.
  const want = { open: 0, reviewed: 0, suppressed: 0, criticalOpen: 0, byStatus: {} as Record<string, number>, bySeverity: {} as Record<string, number> };
  for (let i = 0; i < whole.count; i++) {
    const b = whole.bucket(i);
    want[(['open', 'reviewed', 'suppressed'] as const)[b]!]++;
    if (b === 0 && many[i]!.rule.severity === 'critical') want.criticalOpen++;
    const s = STATUS_CODES[whole.status[i]!]!;
    want.byStatus[s] = (want.byStatus[s] ?? 0) + 1;
    want.bySeverity[many[i]!.rule.severity] = (want.bySeverity[many[i]!.rule.severity] ?? 0) + 1;
  }
  expect(want.reviewed).toBeGreaterThan(100);
  expect(want.suppressed).toBeGreaterThan(10);
  const counts = fresh().counts();
  expect(counts).toMatchObject({ total: 2000, toReview: 2000 - want.suppressed, ...want, byStatus: expect.objectContaining(want.byStatus), bySeverity: expect.objectContaining(want.bySeverity) });
  expect(fresh().queryPage({}, 0, 1).applied).toEqual([[...Array(2000).keys()].filter((i) => whole.suppressedBy[i] === 0).length, [...Array(2000).keys()].filter((i) => whole.suppressedBy[i] === 1).length]);
});

it('sorts ids and the base order without comparing every pair, as a comparison sort does', () => {
  let seed = 5;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const hex = (len: number) => Array.from({ length: len }, () => '0123456789abcdef'[rnd(16)]).join('');
  // Hex ids, some sharing their first 10 or more digits, some equal, some longer.
  const shared = hex(10);
  const ids = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? shared + hex(10) : i % 11 === 0 ? `${shared}${hex(3)}` : hex(20)));
  ids.push(ids[3]!, ids[14]!, `${shared}`);
  const byText = (list: readonly string[]) => Uint32Array.from({ length: list.length }, (_, i) => i).sort((a, b) => (list[a]! < list[b]! ? -1 : list[a]! > list[b]! ? 1 : a - b));
  expect([...sortById(ids)]).toEqual([...byText(ids)]);
  // Other ids sort by their text.
  const other = [...ids.slice(0, 100), 'Z-1', 'a', 'ffffffffffX'];
  expect([...sortById(other)]).toEqual([...byText(other)]);
  const sev = Uint8Array.from(ids, () => rnd(4));
  const timeOf = Uint32Array.from(ids, () => rnd(50));
  const idOrder = sortById(ids);
  const rankById = new Uint32Array(ids.length);
  idOrder.forEach((i, k) => (rankById[i] = k));
  const want = Uint32Array.from({ length: ids.length }, (_, i) => i).sort((a, b) => sev[a]! - sev[b]! || timeOf[a]! - timeOf[b]! || rankById[a]! - rankById[b]!);
  expect([...baseOrder(idOrder, sev, timeOf, 50)]).toEqual([...want]);
});

it('builds the same index from the findings as they are written (made in one order, lines in another) as from the file', () => {
  // The report step makes the findings one record at a time and writes them by case: `finding` in
  // the order they were made, `line` in the file's order with the number each was made as.
  const made = [findings[3]!, findings[0]!, findings[4]!, findings[2]!, findings[1]!];
  const builder = new FindingsIndexBuilder();
  for (const x of made) builder.finding(x);
  let offset = 0;
  for (const x of findings) {
    builder.line(made.indexOf(x), offset);
    offset += new TextEncoder().encode(`${JSON.stringify(x)}\n`).byteLength;
  }
  const told = builder.finish(offset, { flagTotals: { DEBUG_FLAG: 7 } });
  expect(offset).toBe(bytes.byteLength);
  // The same answers (its tables may number users, rules and cases in another order).
  const index = new FindingsIndex(told);
  const read = new FindingsIndex(buildIndex(bytes, { flagTotals: { DEBUG_FLAG: 7 } }));
  const answers = (x: FindingsIndex) => ({
    lines: Array.from({ length: x.count }, (_, i) => x.line(i)),
    tables: [x.data.users, x.data.objects, x.data.terminals, x.data.caseIds, x.data.rules.map((r) => r.id)].map((t) => [...t].sort()),
    coverage: [x.data.recordSource, x.data.recordCoverage],
    pages: [{}, { user: 'bob' }, { caseId: 'c1' }, { rule: 'REC-B' }, { severity: 'high' as const }].map((filter) => x.queryPage(filter, 0, 10).page.map((l) => l.findingId)),
  });
  expect(answers(index)).toEqual(answers(read));
  expect(answers(index).pages[0]).toHaveLength(5);
  for (const [i, x] of findings.entries()) expect(index.indexOf(x.findingId)).toBe(i);
  expect(index.queryPage({ caseId: 'c2' }, 0, 10).page.map((l) => l.findingId)).toEqual([findings[3]!.findingId, findings[4]!.findingId]);
  // A finding told but never written is an error, not a shorter index.
  const short = new FindingsIndexBuilder();
  short.finding(findings[0]!);
  expect(() => short.finish(0, { flagTotals: {} })).toThrow('1 findings made but 0 lines written');
});

it('keeps none of the text the findings it is told were read from (their fields are slices of it)', () => {
  // The report step reads finding lines as slices of 1 MB chunks, their fields as slices of the
  // line: kept as they came, an id per finding held every chunk (the 4 x 100 MB out-of-heap).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const builder = new FindingsIndexBuilder();
  const tell = (count: number) => {
    for (let i = 0; i < count; i++) {
      // 2 MB of text per finding, flat (a search flattens it), its fields slices of it.
      const tail = `\t${(7 + i).toString(16).padStart(20, '0')}\tUSER_WITH_A_LONG_NAME_${i}\t2026-01-01 10:00:${String(i % 60).padStart(2, '0')}\tOBJECT NUMBER ${i} OF MANY\tTERMINAL_NUMBER_${i}\tcase-with-a-long-id-${i}\tDEBUG_FLAG_WITH_A_LONG_NAME_${i}\tRULE-WITH-A-LONG-ID-${i}`;
      const text = `${'x'.repeat(2 << 20)}${tail}`;
      const at = text.indexOf('\t');
      const [id, user, time, object, terminal, caseId, flag, rule] = text.slice(at + 1).split('\t').map((v) => text.slice(text.indexOf(v, at), text.indexOf(v, at) + v.length));
      builder.finding({ findingId: id!, kind: 'record', rule: { id: rule!, title: rule!, severity: 'high' }, user: user!, time: time!, object: object!, terminal: terminal!, caseId: caseId!, source: { flag: flag! } });
    }
  };
  tell(1);
  const before = heap();
  tell(100);
  const grown = heap() - before;
  // 200 MB of text went by; what the index keeps of 100 findings is a few kilobytes.
  expect(grown).toBeLessThan(20 << 20);
  for (let i = 0; i < builder.count; i++) builder.line(i, i);
  const index = new FindingsIndex(builder.finish(builder.count, { flagTotals: {} }));
  const id = (7 + 99).toString(16).padStart(20, '0');
  expect(index.line(index.indexOf(id)!).findingId).toBe(id);
  expect(index.data.users).toContain('USER_WITH_A_LONG_NAME_99');
  expect(index.data.objects).toContain('OBJECT NUMBER 99 OF MANY');
});

it('an analysis without findings has an empty index that answers every query', () => {
  const empty = new FindingsIndex(buildIndex(new Uint8Array(0), { flagTotals: {} }));
  expect(empty.queryPage({}, 0, 10)).toMatchObject({ matched: 0, nextCursor: null, counts: { total: 0 } });
  expect(empty.indexOf('a'.repeat(20))).toBeUndefined();
  expect(empty.caseProgress()).toHaveLength(0);
});

describe('the review pool', () => {
  it('serves users in turn: a second user waits for at most one job of the first', async () => {
    const { ReviewPool } = await import('./review-pool.ts');
    const pool = new ReviewPool(1);
    try {
      const big = new TextEncoder().encode(Array.from({ length: 20_000 }, (_, i) => JSON.stringify(f(i + 1, 'REC-B', 'high', `U${i % 50}`, '2026-01-01 00:00:00', `c${i % 50}`))).join('\n'));
      const report = new TextEncoder().encode('{}');
      const done: string[] = [];
      const job = (user: string, tag: string) => pool.run(user, { type: 'build-index', ndjson: big.slice(), report: report.slice() }).then(() => void done.push(tag));
      const a = [job('a', 'a1'), job('a', 'a2'), job('a', 'a3'), job('a', 'a4')];
      const b = job('b', 'b1');
      await Promise.all([...a, b]);
      expect(done.indexOf('b1')).toBeLessThanOrEqual(1);
      expect(done.filter((t) => t.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4']);
      // More than MAX_WAITING_PER_USER waiting is refused, with a message.
      const many = Array.from({ length: 20 }, () => pool.run('c', { type: 'build-index', ndjson: new Uint8Array(0), report: report.slice() }).then(() => 'ok', (e: Error) => e.message));
      const answers = await Promise.all(many);
      expect(answers.filter((x) => x !== 'ok').length).toBe(20 - 1 - 16);
      expect(answers.find((x) => x !== 'ok')).toContain('too many review requests waiting');
    } finally {
      await pool.close();
    }
  }, 60_000);
});
