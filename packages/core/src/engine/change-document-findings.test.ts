// A change-document item's finding carries its joined header's user, time and transaction everywhere: the
// finding's user and time, its evidence, and its case (DETECTION.md section 6: a CDPOS item's actor
// is its header's user).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { highRecordEvidence, type Finding, type HighRecord } from '../review/index.ts';
import { analyzeFiles } from './index.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('change-document items in findings and cases', () => {
  it('names the header user and time of an item, in the finding, its evidence and its case', async () => {
    const out = await mkdtemp(join(tmpdir(), 'cd-findings-'));
    dirs.push(out);
    const report = await analyzeFiles([fixture('cdhdr.csv'), fixture('cdpos.csv')], { outDir: out, threads: 0 });
    // A record finding names its evidence in high-records.ndjson (evidenceAt: offset and length of its line).
    const high = await readFile(join(out, 'high-records.ndjson'));
    const findings = (await readFile(join(out, 'findings.ndjson'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Finding)
      .map((f) => (f.evidenceAt ? { ...f, evidence: [highRecordEvidence(JSON.parse(high.subarray(f.evidenceAt[0], f.evidenceAt[0] + f.evidenceAt[1]).toString('utf8')) as HighRecord)] } : f));
    const items = findings.filter((f) => f.kind === 'record' && f.source.fileType === 'CDPOS');
    expect(items.length).toBeGreaterThan(0);
    // BOB's KRED change (header 0000012345 at 2026-11-18 22:15:00): its LFBK item.
    const bank = items.find((f) => f.evidence[0]!.TABNAME === 'LFBK')!;
    expect([bank.user, bank.time]).toEqual(['BOB', '2026-11-18 22:15:00']);
    expect(bank.evidence[0]).toMatchObject({ 'USERNAME (header)': 'BOB', 'UDATE UTIME (header)': '2026-11-18 22:15:00', 'TCODE (header)': 'XK02' });
    // The finding's line names the transaction the header gives.
    expect(bank.summary).toMatch(/\(transaction XK02\)$/);
    const bob = report.cases!.find((c) => c.actor === 'BOB')!;
    expect(bank.caseId).toBe(bob.id);
    expect(bob.files).toContain('cdpos.csv');
    expect(items.every((f) => f.user !== '' && f.time !== '')).toBe(true);
  });
});
