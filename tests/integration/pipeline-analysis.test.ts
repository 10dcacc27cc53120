import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { analyseDirectly, cdhdrCsv, cdposCsv, sm20Csv, text, type FixtureFile } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

signedInStack((s) => ({ stack, user: alice } = s));

const SM20: FixtureFile = { name: 'SM20_week.csv', bytes: text(sm20Csv(400)) };
const CDHDR: FixtureFile = { name: 'cdhdr.csv', bytes: text(cdhdrCsv(60)) };
const CDPOS: FixtureFile = { name: 'cdpos.csv', bytes: text(cdposCsv(60)) };

async function download(url: string): Promise<{ status: number; bytes: Buffer; disposition: string | null }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get('content-disposition') };
}

describe('single-file analysis through the API', () => {
  let analysisId: string;
  let result: any;

  beforeAll(async () => {
    const [fileId] = await uploadAll(alice, [SM20]);
    analysisId = await startAnalysis(alice, [fileId!]);
    result = await waitForAnalysis(alice, analysisId);
  });

  it('completes with the summary the engine computes for the same file', async () => {
    const direct = await analyseDirectly([SM20]);
    expect(result.status).toBe('completed');
    expect(result.error).toBeNull();
    expect(result.analysis_type).toBe('single');
    expect(result.fileType).toBe('SM20');
    expect(result.summary).toEqual(direct.summary);
    expect(result.summary.total_records).toBe(400);
    expect(result.summary.flagged_records).toBeGreaterThan(0);
    expect(result.record_count_summary).toEqual(direct.record_count_summary);
    expect(result.correlation_results.risk_correlation).toEqual(direct.correlation_results.risk_correlation);
    expect(result.dashboard).toEqual(direct.dashboard);
    expect(result.fileTypes).toEqual(['SM20']);
    expect(result.listVersions).toEqual({
      tcodes: expect.any(String),
      tables: expect.any(String),
      privilegedUsers: expect.any(String),
      sensitiveProfiles: expect.any(String),
      sensitiveRoles: expect.any(String),
      sensitivePrograms: expect.any(String),
      thresholds: expect.any(String),
    });
    expect(result.timeZone).toBe('UTC');
    expect(result.completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('lists the analysis newest first with the list fields', async () => {
    const res = await alice.call('GET', '/results');
    expect(res.status).toBe(200);
    const item = res.json.analyses.find((a: any) => a.analysisId === analysisId);
    expect(item).toMatchObject({
      analysisId,
      status: 'completed',
      fileName: 'SM20_week.csv',
      fileTypes: ['SM20'],
      totalRecords: 400,
      total_records: 400,
      summary: result.summary,
    });
    expect(item.createdAt).toBe(item.timestamp);
    expect(item.dashboard).toEqual(result.dashboard);
  });

  it('hands out an Excel workbook and a CSV with FILE_TYPE', async () => {
    const xlsx = await download(result.excelDownloadUrl);
    expect(xlsx.status).toBe(200);
    expect(xlsx.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(xlsx.disposition).toContain('.xlsx');
    const csv = await download(result.csvDownloadUrl);
    expect(csv.status).toBe(200);
    const header = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header.split(',')).toContain('FILE_TYPE');
    expect(result.downloadUrl).toBe(result.excelDownloadUrl);
  });

  it('gives flag details of up to 10 samples, and 400 for an unknown flag', async () => {
    const flag = Object.entries(result.summary.flag_counts as Record<string, number>).find(([, n]) => n > 0)![0];
    const res = await alice.call('POST', '/flag-details', { analysisId, flagName: flag });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(result.summary.flag_counts[flag]);
    expect(res.json.records.length).toBe(Math.min(10, res.json.total));
    expect(res.json.columns.length).toBeGreaterThan(0);
    const bad = await alice.call('POST', '/flag-details', { analysisId, flagName: 'NOT_A_FLAG' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('flagName');
  });

  it('deletes the analysis and its outputs but keeps the upload', async () => {
    const [fileId] = await uploadAll(alice, [SM20]);
    const id = await startAnalysis(alice, [fileId!]);
    const done = await waitForAnalysis(alice, id);
    expect(done.status).toBe('completed');
    const prefix = `users/${alice.sub}/analyses/${id}/`;
    expect(await stack.services.blobs.head(`${prefix}results.xlsx`)).toBeDefined();
    // Intermediates are dropped once the outputs exist.
    expect(await stack.services.blobs.head(`${prefix}work/snapshot.json`)).toBeUndefined();
    const del = await alice.call('DELETE', `/results/${id}`);
    expect(del.status).toBe(200);
    expect(await stack.services.blobs.head(`${prefix}results.xlsx`)).toBeUndefined();
    expect(await stack.services.blobs.head(`${prefix}report.json`)).toBeUndefined();
    const gone = await alice.call('GET', `/results/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.error.message).toBe('Analysis not found');
    const files = await alice.call('GET', '/files');
    expect(files.json.files.map((f: any) => f.fileId)).toContain(fileId);
  });
});

describe('multi-file analysis (SM20 + CDHDR + CDPOS)', () => {
  it('correlates the files and matches the engine run directly', async () => {
    const ids = await uploadAll(alice, [SM20, CDHDR, CDPOS]);
    const id = await startAnalysis(alice, ids);
    const result = await waitForAnalysis(alice, id);
    const direct = await analyseDirectly([SM20, CDHDR, CDPOS]);
    expect(result.status).toBe('completed');
    expect(result.analysis_type).toBe('multi');
    expect(result.summary).toEqual(direct.summary);
    expect(result.suspicious_patterns).toEqual(direct.suspicious_patterns);
    expect(result.correlation_summary).toEqual(direct.correlation_summary);
    expect(result.record_count_summary).toEqual(direct.record_count_summary);
    expect(result.summary.total_records).toBe(direct.record_count_summary.total_input_records);
    expect([...result.fileTypes].sort()).toEqual(['CDHDR', 'CDPOS', 'SM20']);
    expect(result.correlation_results.risk_correlation.files_correlated.length).toBe(3);
    const csv = await (await fetch(result.csvDownloadUrl)).text();
    for (const type of ['SM20', 'CDHDR', 'CDPOS']) expect(csv).toContain(type);
  });
});

describe('analysis with AI enabled', () => {
  it('passes through the annotation steps and completes with the same summary', async () => {
    const [fileId] = await uploadAll(alice, [SM20]);
    const res = await alice.call('POST', '/analyze', { fileIds: [fileId], analysisType: 'single', correlateFiles: false, aiSettings: { enabled: true } });
    expect(res.status).toBe(200);
    const result = await waitForAnalysis(alice, res.json.analysisId);
    expect(result.status).toBe('completed');
    expect(result.summary).toEqual((await analyseDirectly([SM20])).summary);
    expect(result.aiEnabled).toBe(true);
    expect(result.analysisType).toBe('single');
  });

  it('rejects invalid AI settings with a message naming the field', async () => {
    const [fileId] = await uploadAll(alice, [SM20]);
    const res = await alice.call('POST', '/analyze', { fileIds: [fileId], aiSettings: { globalPrompt: 'x'.repeat(2001) } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('globalPrompt');
  });
});
