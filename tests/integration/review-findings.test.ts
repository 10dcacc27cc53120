/**
 * Review of findings on the real local stack (issue 17): stable findings, triage round trip
 * with its audit trail, bulk triage, filters and pages, validation, and deletion with the
 * analysis.
 */
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FINDINGS_COLUMNS } from '@app/core/review/index.ts';
import { readXlsxSheets } from '@app/core/report/read-xlsx-sheets.ts';
import { exportLimits } from '@app/functions/services/review/findings-export.ts';
import { artifactKeys } from '@app/functions/services/review/finding-store.ts';
import { answerWithin } from '@app/functions/services/review/triage.ts';
import { exportThreads, exportThreadUse, holdExportThread } from '@app/functions/services/review/export-jobs.ts';
import { JOB_STALLED_MS, jobClock } from '@app/functions/services/review/review-apply.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

// The streamed export must never run on the server's thread: here (the test's and the server's
// thread) it fails; only the export's own worker thread, which loads its modules itself, has it.
vi.mock('@app/functions/services/review/stream-export.ts', async (original) => ({
  ...(await original<typeof import('@app/functions/services/review/stream-export.ts')>()),
  streamFindingsExport: () => Promise.reject(new Error('the streamed findings export ran on the calling thread')),
}));

let stack: TestStack;
let alice: TestClient;
let analysisId: string;

let mallory: TestClient;
signedInStack((s) => ({ stack, user: alice, stranger: mallory } = s), { stranger: true });
beforeAll(async () => {
  analysisId = await analysedFiles(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(120)) }]);
}, 60_000);

const findingsOf = async (query = '') => {
  const res = await alice.call('GET', `/results/${analysisId}/findings${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
};

describe('findings of an analysis', () => {
  it('lists the high-severity records with rule, user, time, object and summary, open and unreviewed', async () => {
    const list = await findingsOf('?limit=200');
    expect(list.counts.total).toBeGreaterThan(5);
    expect(list.counts).toMatchObject({ open: list.counts.total, reviewed: 0, suppressed: 0, toReview: list.counts.total });
    // Every flagged record of high severity is a finding, not only the report's 10 samples per flag.
    expect(list.recordCoverage.perFlagCap).toBeNull();
    expect(list.recordSource).toMatchObject({ kind: 'all' });
    expect(list.recordSource.listed).toBe(list.recordSource.total);
    const records = list.findings.filter((f: any) => f.kind === 'record');
    // A record with two high-severity flags is two findings.
    expect(records.length).toBeGreaterThanOrEqual(list.recordSource.total);
    expect(list.recordSource.total).toBeGreaterThan(10);
    expect(list.recordCoverage.flags.some((c: any) => c.listed > 10)).toBe(true);
    const su01 = list.findings.find((f: any) => f.object === 'SU01');
    expect(su01).toMatchObject({ kind: 'record', user: 'ALICE', terminal: expect.stringMatching(/^TERM\d$/), rule: { severity: 'high' } });
    expect(su01.time).toMatch(/^2026-11-02 \d\d:\d\d:\d\d$/);
    expect(su01.summary).toContain('SU01');
    expect(su01.review).toEqual({ status: 'open', comment: '', ticket: '', reviewer: null, reviewedAt: null, suppressionId: null });
    // Every rule the list names is in `rules`, and the suppression snapshot was taken at start (none yet).
    expect(list.rules.map((r: any) => r.id)).toContain(su01.rule.id);
    expect(list.suppressionSnapshot).toMatchObject({ applied: [] });
  });

  it('keeps the same ids when computed again', async () => {
    const a = (await findingsOf('?limit=200')).findings.map((f: any) => f.findingId).sort();
    const b = (await findingsOf('?limit=200')).findings.map((f: any) => f.findingId).sort();
    expect(b).toEqual(a);
    expect(new Set(a).size).toBe(a.length);
  });

  it('pages with a cursor and filters by rule, severity and user', async () => {
    const all = await findingsOf('?limit=200');
    const first = await findingsOf('?limit=3');
    expect(first.findings).toHaveLength(3);
    expect(first.nextCursor).toBe('3');
    const second = await findingsOf(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.findings.map((f: any) => f.findingId)).toEqual(all.findings.slice(3, 6).map((f: any) => f.findingId));
    const rule = all.findings[0].rule.id;
    const byRule = await findingsOf(`?rule=${rule}&limit=200`);
    expect(byRule.matched).toBe(all.findings.filter((f: any) => f.rule.id === rule).length);
    expect(byRule.findings.every((f: any) => f.rule.id === rule)).toBe(true);
    const byUser = await findingsOf('?user=carol&limit=200');
    expect(byUser.matched).toBeGreaterThan(0);
    expect(byUser.findings.every((f: any) => f.user === 'CAROL')).toBe(true);
    expect((await findingsOf('?severity=low')).matched).toBe(0);
  });

  it('refuses bad query values with a clear message', async () => {
    const res = await alice.call('GET', `/results/${analysisId}/findings?severity=urgent`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^Invalid request: severity/);
    expect((await alice.call('GET', `/results/${analysisId}/findings?limit=5000`)).status).toBe(400);
  });
});

describe('triage', () => {
  it('round-trips a review and keeps every change in the audit trail', async () => {
    const [target] = (await findingsOf('?limit=1')).findings;
    const path = `/results/${analysisId}/findings/${target.findingId}`;
    const first = await alice.call('PUT', `${path}/review`, { status: 'explained', comment: 'Quarterly user admin, approved', ticket: 'CHG-1001' });
    expect(first.status, first.text).toBe(200);
    expect(first.json.finding.review).toMatchObject({ status: 'explained', comment: 'Quarterly user admin, approved', ticket: 'CHG-1001', reviewer: alice.email });
    const second = await alice.call('PUT', `${path}/review`, { status: 'escalated', comment: 'Second approver missing' });
    expect(second.status).toBe(200);

    const detail = await alice.call('GET', path);
    expect(detail.status).toBe(200);
    expect(detail.json.finding.review).toMatchObject({ status: 'escalated', comment: 'Second approver missing', ticket: '' });
    expect(detail.json.trail.map((t: any) => [t.previousStatus, t.status, t.ticket, t.reviewer])).toEqual([
      ['open', 'explained', 'CHG-1001', alice.email],
      ['explained', 'escalated', '', alice.email],
    ]);
    expect(detail.json.evidence).toHaveLength(1);
    expect(detail.json.evidence[0].SOURCE_FILE).toBe('sm20.csv');

    const list = await findingsOf();
    expect(list.counts).toMatchObject({ reviewed: 1, open: list.counts.total - 1, byStatus: { escalated: 1, explained: 0 } });
    expect((await findingsOf('?status=escalated')).findings.map((f: any) => f.findingId)).toEqual([target.findingId]);
  });

  it('applies a bulk action to the selected findings, one trail entry each', async () => {
    const open = (await findingsOf('?status=open&limit=4')).findings.map((f: any) => f.findingId);
    expect(open).toHaveLength(4);
    const res = await alice.call('PUT', `/results/${analysisId}/findings/review`, { findingIds: open, status: 'false_positive', comment: 'Test client, no production data' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.updated).toBe(4);
    const fp = await findingsOf('?status=false_positive&limit=200');
    expect(fp.findings.map((f: any) => f.findingId).sort()).toEqual([...open].sort());
    expect(fp.counts.reviewed).toBe(5);
    for (const id of open) {
      const trail = (await alice.call('GET', `/results/${analysisId}/findings/${id}`)).json.trail;
      expect(trail.map((t: any) => t.status)).toEqual(['false_positive']);
    }
  });

  it('changes nothing when one selected finding does not exist', async () => {
    const before = await findingsOf('?limit=200');
    const [id] = (await findingsOf('?status=open&limit=1')).findings.map((f: any) => f.findingId);
    const res = await alice.call('PUT', `/results/${analysisId}/findings/review`, { findingIds: [id, '0123456789abcdef0123'], status: 'escalated' });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('1 of the selected findings were not found in this analysis');
    expect((await findingsOf('?limit=200')).counts).toEqual(before.counts);
  });

  it('validates the review body', async () => {
    const [f] = (await findingsOf('?status=open&limit=1')).findings;
    const put = (body: unknown) => alice.call('PUT', `/results/${analysisId}/findings/${f.findingId}/review`, body);
    const noComment = await put({ status: 'explained' });
    expect(noComment.status).toBe(400);
    expect(noComment.json.error.message).toBe('Invalid request: comment: comment is required when a finding is marked explained or false_positive');
    expect((await put({ status: 'closed' })).json.error.message).toMatch(/^Invalid request: status/);
    const suppressEscalated = await put({ status: 'escalated', suppress: { expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10) } });
    expect(suppressEscalated.json.error.message).toContain('suppress is only allowed when status is explained');
    const past = await put({ status: 'explained', comment: 'x', suppress: { expiresAt: '2020-01-01' } });
    expect(past.json.error.message).toContain('expiresAt must be in the future');
    expect((await put({ status: 'open', ticket: 'x'.repeat(101) })).status).toBe(400);
    expect((await alice.call('GET', `/results/${analysisId}/findings/${f.findingId}`)).json.trail).toEqual([]);
    expect((await alice.call('PUT', `/results/${analysisId}/findings/0123456789abcdef0123/review`, { status: 'escalated' })).status).toBe(404);
  });
});

describe('the findings workbook', () => {
  /** The download's link: at once (200), or (an export job) the job's once done, polled as the web app does. */
  const linkOf = async (res: { status: number; json: any; text: string }) => {
    expect([200, 202], res.text).toContain(res.status);
    if ('downloadUrl' in res.json) return res.json;
    let answer = res.json;
    expect(answer.job).toMatchObject({ kind: 'export' });
    while (answer.job.state === 'queued' || answer.job.state === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      const next = await alice.call('GET', `/results/${analysisId}/review-jobs/${answer.job.jobId}`);
      expect(next.status, next.text).toBe(200);
      answer = next.json;
    }
    expect(answer.job.state, answer.job.message).toBe('done');
    return answer.download;
  };
  const download = async (format: string) => {
    const res = await alice.call('POST', `/results/${analysisId}/findings/export`, { format });
    const meta = await linkOf(res);
    expect(meta.fileName).toBe(`sap-findings-${analysisId.slice(0, 8)}.${format}`);
    const file = await fetch(meta.downloadUrl);
    expect(file.status).toBe(200);
    return { meta, bytes: new Uint8Array(await file.arrayBuffer()) };
  };

  it('has one row per finding with its review, and an evidence sheet per reviewed finding', async () => {
    const [f] = (await findingsOf('?status=open&limit=1')).findings;
    // A comment that a spreadsheet would run as a formula stays text.
    expect((await alice.call('PUT', `/results/${analysisId}/findings/${f.findingId}/review`, { status: 'escalated', comment: '=HYPERLINK("http://x")', ticket: 'INC-9' })).status).toBe(200);
    const list = await findingsOf('?limit=200');
    const { meta, bytes } = await download('xlsx');
    expect(meta.findings).toBe(list.counts.total);
    const sheets = readXlsxSheets(bytes);
    const findingsSheet = sheets.find((s) => s.name === 'Findings')!;
    expect(findingsSheet.rows[0]).toEqual([...FINDINGS_COLUMNS, 'Evidence sheet']);
    expect(findingsSheet.rows).toHaveLength(list.counts.total + 1);
    const row = findingsSheet.rows.find((r) => r[0] === f.findingId)!;
    expect(row.slice(1, 14)).toEqual([f.rule.id, f.rule.title, f.rule.severity, f.user, f.time, f.object, f.summary, 'escalated', '=HYPERLINK("http://x")', 'INC-9', alice.email, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), '']);
    // Written like results.xlsx: the time and the review time as Excel date-times, widths from the content.
    expect(findingsSheet.xml).toMatch(/<c r="F2" s="8"><v>\d+(\.\d+)?<\/v><\/c>/);
    expect(findingsSheet.xml).toMatch(/<c r="M\d+" s="8"><v>\d+\.\d+<\/v><\/c>/);
    expect(new Set([...findingsSheet.xml.matchAll(/<col [^>]*width="(\d+)"/g)].map((m) => m[1])).size).toBeGreaterThan(3);
    expect(findingsSheet.xml).toMatch(/<c r="J\d+" t="inlineStr" s="3"><is><t>=HYPERLINK/);
    // Six reviewed findings (one escalated earlier, four false positives, this one): six evidence sheets.
    const evidenceNames = findingsSheet.rows.slice(1).map((r) => r[14] ?? '').filter(Boolean);
    expect(evidenceNames).toHaveLength(list.counts.reviewed);
    const evidence = sheets.find((s) => s.name === row[14])!;
    expect(evidence.rows[0]).toContain('SOURCE_FILE');
    expect(evidence.rows[1]![evidence.rows[0]!.indexOf('SOURCE_FILE')]).toBe('sm20.csv');
    expect(sheets.find((s) => s.name === 'About')!.rows).toContainEqual(['Reviewed', `${list.counts.reviewed} of ${list.counts.toReview}`]);
  });

  it('comes as CSV too, formula-safe', async () => {
    const { bytes } = await download('csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // Excel on Windows reads it as UTF-8
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe(FINDINGS_COLUMNS.join(','));
    expect(lines).toHaveLength((await findingsOf()).counts.total + 1);
    expect(lines.find((l) => l.includes('INC-9'))).toContain(`"'=HYPERLINK(""http://x"")",INC-9`);
    expect((await alice.call('GET', `/results/${analysisId}/findings/export?format=pdf`)).status).toBe(400);
  });

  it('continues on further sheets past the rows of a worksheet, every finding once', async () => {
    const list = await findingsOf('?limit=200');
    const total = list.counts.total;
    const saved = exportLimits.sheetRows;
    // Fifteen findings and the header a sheet (the About sheet's rows fit in one).
    exportLimits.sheetRows = 16;
    try {
      const { meta, bytes } = await download('xlsx');
      expect(meta.findings).toBe(total);
      expect(meta.order).toBe('list');
      const sheets = readXlsxSheets(bytes);
      const parts = sheets.filter((x) => /^Findings( \(\d+\))?$/.test(x.name));
      expect(total).toBeGreaterThan(2 * 15);
      expect(parts.map((x) => x.name)).toEqual(['Findings', ...Array.from({ length: Math.ceil(total / 15) - 1 }, (_, i) => `Findings (${i + 2})`)]);
      for (const part of parts) expect(part.rows[0]).toEqual([...FINDINGS_COLUMNS, 'Evidence sheet']);
      // In list order across the sheets, none left out.
      expect(parts.flatMap((x) => x.rows.slice(1).map((r) => r[0]))).toEqual(list.findings.map((f: any) => f.findingId));
      expect(sheets.find((x) => x.name === 'About')!.rows).toContainEqual(['Findings sheets', `${Math.ceil(total / 15)}: "Findings", then "Findings (2)" and on, 15 findings each`]);
      // The CSV has no sheets: every finding in one file.
      const csv = new TextDecoder().decode((await download('csv')).bytes).trimEnd().split('\r\n');
      expect(csv).toHaveLength(total + 1);
    } finally {
      exportLimits.sheetRows = saved;
    }
  });

  it('streams an analysis whose findings do not fit in memory: every finding, its review and evidence, in the analysis order', async () => {
    const list = await findingsOf('?limit=200');
    const inList = await download('xlsx');
    const listRows = readXlsxSheets(inList.bytes).find((x) => x.name === 'Findings')!.rows;
    const listCsv = new TextDecoder().decode((await download('csv')).bytes).trimEnd().split('\r\n');
    const saved = { ...exportLimits };
    // Any stored findings are more than this: the export is streamed from findings.ndjson.
    exportLimits.inMemoryBytes = 1;
    exportLimits.sheetRows = 16;
    try {
      const { meta, bytes } = await download('xlsx');
      expect(meta).toMatchObject({ findings: list.counts.total, order: 'analysis' });
      const sheets = readXlsxSheets(bytes);
      const rows = sheets.filter((x) => /^Findings( \(\d+\))?$/.test(x.name)).flatMap((x) => x.rows.slice(1));
      // The same rows (review, suppression, evidence sheet names aside from their numbering), in another order.
      const strip = (r: string[]) => r.slice(0, 14);
      expect(rows.map(strip).sort()).toEqual(listRows.slice(1).map(strip).sort());
      expect(rows.map((r) => r[0])).not.toEqual(listRows.slice(1).map((r) => r[0]));
      // Each reviewed finding has its evidence sheet, read from the stored records.
      const reviewed = rows.filter((r) => r[8] !== 'open');
      expect(reviewed.length).toBe(list.counts.reviewed);
      for (const r of reviewed) {
        const evidence = sheets.find((x) => x.name === r[14])!;
        expect(evidence.rows[0]).toContain('SOURCE_FILE');
      }
      expect(sheets.find((x) => x.name === 'About')!.rows.find((r) => r[0] === 'Order')![1]).toMatch(/^as the analysis made them/);
      // The CSV streamed alike, formula-safe as ever.
      const csv = new TextDecoder().decode((await download('csv')).bytes).trimEnd().split('\r\n');
      expect(csv[0]).toBe(listCsv[0]);
      expect(csv.slice(1).sort()).toEqual(listCsv.slice(1).sort());
      expect(csv.find((l) => l.includes('INC-9'))).toContain(`"'=HYPERLINK(""http://x"")",INC-9`);
    } finally {
      Object.assign(exportLimits, saved);
    }
  });

  it('streams in a worker thread of its own: the request answers 202 with the export job at once, the link once it is written', async () => {
    const inMemory = new TextDecoder().decode((await download('csv')).bytes);
    const saved = { ...exportLimits };
    const within = answerWithin.ms;
    exportLimits.inMemoryBytes = 1;
    answerWithin.ms = 0;
    try {
      const res = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
      // Answered while the worker still writes: the request does not hold for the export.
      expect(res.status, res.text).toBe(202);
      expect(res.json.job).toMatchObject({ kind: 'export', state: 'running', analysisId });
      expect(res.json.download).toBeUndefined();
      // Another user cannot follow the job.
      expect((await mallory.call('GET', `/results/${analysisId}/review-jobs/${res.json.job.jobId}`)).status).toBe(404);
      const link = await linkOf(res);
      expect(link).toMatchObject({ format: 'csv', order: 'analysis', findings: (await findingsOf()).counts.total });
      const streamed = new TextDecoder().decode(await (await fetch(link.downloadUrl)).arrayBuffer());
      const lines = (t: string) => t.trimEnd().split('\r\n');
      expect(lines(streamed)[0]).toBe(lines(inMemory)[0]);
      expect(lines(streamed).slice(1).sort()).toEqual(lines(inMemory).slice(1).sort());
    } finally {
      Object.assign(exportLimits, saved);
      answerWithin.ms = within;
    }
  });

  it('records a streamed export that cannot be written as a failed job with a message', async () => {
    const saved = { ...exportLimits };
    const within = answerWithin.ms;
    const keys = artifactKeys(alice.sub, analysisId);
    const file = stack.services.blobs.localPath!(keys.findings);
    const original = await readFile(file);
    // A line its index does not know: the findings file no longer matches its index.
    await appendFile(file, `${JSON.stringify({ findingId: 'f'.repeat(20) })}\n`);
    exportLimits.inMemoryBytes = 1;
    answerWithin.ms = 0;
    try {
      const res = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
      expect(res.status, res.text).toBe(202);
      let job = res.json.job;
      while (job.state === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        job = (await alice.call('GET', `/results/${analysisId}/review-jobs/${job.jobId}`)).json.job;
      }
      expect(job).toMatchObject({ kind: 'export', state: 'failed', message: 'The download could not be written; try again' });
      expect(job.download).toBeUndefined();
      // The half-written file is not left beside the analysis's outputs.
      expect((await readdir(dirname(file))).filter((n) => n.endsWith('.part'))).toEqual([]);
    } finally {
      await writeFile(file, original);
      Object.assign(exportLimits, saved);
      answerWithin.ms = within;
    }
  });

  it("is another user's to download only by its owner", async () => {
    const res = await mallory.call('GET', `/results/${analysisId}/findings/export?format=csv`);
    expect(res.status).toBe(404);
    expect((await mallory.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' })).status).toBe(404);
  });

  it('is started only by a POST: a GET writes the small export in memory, starts no job, and hands out a finished job\'s file to its owner only', async () => {
    const saved = { ...exportLimits };
    const within = answerWithin.ms;
    const jobsOf = async () => (await stack.services.ddb.send(new QueryCommand({ TableName: stack.services.config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${alice.sub}` } }))).Items!.filter((i) => String(i.sk).includes('REVIEWJOB#')).length;
    try {
      // Small: the GET still answers with the in-memory workbook's link.
      const small = await alice.call('GET', `/results/${analysisId}/findings/export?format=csv`);
      expect(small.status, small.text).toBe(200);
      expect(small.json).toMatchObject({ format: 'csv', order: 'list' });
      // Streamed: a GET (a prefetch, a cache, a link on another site) starts no job and does no work.
      exportLimits.inMemoryBytes = 1;
      answerWithin.ms = 0;
      const jobs = await jobsOf();
      const get = await alice.call('GET', `/results/${analysisId}/findings/export?format=csv`);
      expect(get.status, get.text).toBe(409);
      expect(get.json.error.message).toBe(`This download is written as a job: start it with POST /results/${analysisId}/findings/export`);
      expect(await jobsOf()).toBe(jobs);
      // Without its CSRF token the POST is refused before any work.
      const forged = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' }, {}, { csrf: false });
      expect(forged.status).toBe(403);
      expect(await jobsOf()).toBe(jobs);
      const started = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
      expect(started.status, started.text).toBe(202);
      expect(await jobsOf()).toBe(jobs + 1);
      const link = await linkOf(started);
      // The finished job's file, by GET: to its owner, with a fresh link; another user's 404.
      const again = await alice.call('GET', `/results/${analysisId}/findings/export?format=csv&job=${started.json.job.jobId}`);
      expect(again.status, again.text).toBe(200);
      expect(again.json).toMatchObject({ format: 'csv', order: 'analysis', findings: link.findings, fileName: link.fileName });
      expect((await fetch(again.json.downloadUrl)).status).toBe(200);
      expect((await mallory.call('GET', `/results/${analysisId}/findings/export?format=csv&job=${started.json.job.jobId}`)).status).toBe(404);
      expect((await alice.call('GET', `/results/${analysisId}/findings/export?format=csv&job=not-a-job`)).status).toBe(400);
      expect(await jobsOf()).toBe(jobs + 1);
    } finally {
      Object.assign(exportLimits, saved);
      answerWithin.ms = within;
    }
  });

  it('runs at most exportThreads.max streamed exports at once across users: later ones wait queued, in order, and none is lost', async () => {
    const saved = { ...exportLimits };
    const within = answerWithin.ms;
    exportLimits.inMemoryBytes = 1;
    answerWithin.ms = 0;
    expect(exportThreads.max).toBe(2);
    // Every export thread of the machine is taken (by other users' exports).
    const holds = [await holdExportThread(), await holdExportThread()];
    try {
      const post = () => alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
      const first = await post();
      const second = await post();
      expect([first.status, second.status], first.text + second.text).toEqual([202, 202]);
      expect(first.json.job).toMatchObject({ kind: 'export', state: 'queued', waitsIn: 'server' });
      expect(second.json.job).toMatchObject({ kind: 'export', state: 'queued' });
      expect(exportThreadUse()).toEqual({ busy: 2, waiting: 2 });
      const jobOf = async (jobId: string) => (await alice.call('GET', `/results/${analysisId}/review-jobs/${jobId}`)).json.job;
      await new Promise((r) => setTimeout(r, 300));
      expect((await jobOf(first.json.job.jobId)).state).toBe('queued');
      // Both still count against the analysis's two jobs: a third is refused, naming the downloads.
      const third = await post();
      expect(third.status, third.text).toBe(503);
      expect(third.json.error.message).toBe('2 findings downloads of this analysis are still being written; wait for one to finish, then try again');
      // One thread is freed: the first asked for runs, the second still waits its turn.
      holds.shift()!();
      let a = await jobOf(first.json.job.jobId);
      while (a.state === 'queued' || a.state === 'running') {
        expect((await jobOf(second.json.job.jobId)).state).toBe('queued');
        await new Promise((r) => setTimeout(r, 50));
        a = await jobOf(first.json.job.jobId);
      }
      expect(a.state, a.message).toBe('done');
      // Then the second runs on the freed thread, to its end.
      const b = await linkOf(second);
      expect(b).toMatchObject({ format: 'csv', order: 'analysis' });
      expect(exportThreadUse()).toEqual({ busy: 1, waiting: 0 });
    } finally {
      for (const release of holds) release();
      Object.assign(exportLimits, saved);
      answerWithin.ms = within;
    }
  });

  it('reads failed when its server stopped while it waited for a thread (no queue outlives this server)', async () => {
    const saved = { ...exportLimits };
    const within = answerWithin.ms;
    const realNow = jobClock.now;
    exportLimits.inMemoryBytes = 1;
    answerWithin.ms = 0;
    const holds = [await holdExportThread(), await holdExportThread()];
    let res: Awaited<ReturnType<TestClient['call']>>;
    try {
      res = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
      expect(res.json.job).toMatchObject({ state: 'queued' });
      // Nothing refreshed it for longer than a running job may stand still: as after a restart.
      jobClock.now = () => realNow() + JOB_STALLED_MS + 1_000;
      const job = (await alice.call('GET', `/results/${analysisId}/review-jobs/${res.json.job.jobId}`)).json.job;
      expect(job).toMatchObject({ state: 'failed', message: 'The download stopped (the server was restarted); download again' });
    } finally {
      jobClock.now = realNow;
      for (const release of holds) release();
      Object.assign(exportLimits, saved);
      answerWithin.ms = within;
    }
    // Its server did not stop here: once a thread is free it is written after all.
    let job = (await alice.call('GET', `/results/${analysisId}/review-jobs/${res.json.job.jobId}`)).json.job;
    while (job.state === 'queued' || job.state === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      job = (await alice.call('GET', `/results/${analysisId}/review-jobs/${res.json.job.jobId}`)).json.job;
    }
    expect(job.state, job.message).toBe('done');
  });
});

describe('deleting the analysis', () => {
  it('removes its reviews, trails and suppression snapshot', async () => {
    const count = async () => {
      const out = await stack.services.ddb.send(
        new QueryCommand({
          TableName: stack.services.config.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${alice.sub}` },
        }),
      );
      return (out.Items ?? []).filter((i) => String(i.sk).includes(analysisId)).length;
    };
    expect(await count()).toBeGreaterThan(10);
    expect((await alice.call('DELETE', `/results/${analysisId}`)).status).toBe(200);
    expect(await count()).toBe(0);
    expect((await alice.call('GET', `/results/${analysisId}/findings`)).status).toBe(404);
  });
});
