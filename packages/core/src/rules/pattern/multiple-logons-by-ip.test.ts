import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFiles } from '../../engine/index.ts';
import { DEFAULT_HOLIDAYS } from '../../holidays/index.ts';
import { parseCsvText } from '../../lists/index.ts';
import type { AnalysisReport } from '../../model/index.ts';
import { DEFAULT_THRESHOLDS } from '../detection-settings.ts';

// MULTIPLE_LOGONS_BY_IP (Sentinel "SAP - Multiple Logons by IP") and SAL-FTP-INSECURE ("SAP - Insecure
// FTP servers configuration") from an English and a German SM20 export, each with its near misses
// (fixtures/README.md).
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function analyse(thresholds = DEFAULT_THRESHOLDS) {
  const outDir = await mkdtemp(join(tmpdir(), 'logons-by-ip-'));
  dirs.push(outDir);
  const report = await analyzeFiles(['logons-by-ip-en.csv', 'logons-by-ip-de.csv'].map(fixture), { outDir, threads: 0, settings: { holidays: DEFAULT_HOLIDAYS, thresholds } });
  const csv = parseCsvText(await readFile(join(outDir, 'results.csv'), 'utf8'));
  return { report, csv };
}
const byIp = (r: AnalysisReport) => r.suspicious_patterns.filter((p) => p.pattern === 'MULTIPLE_LOGONS_BY_IP').map((p) => [p.user, p.sm20_time, p.risk_level, p.sm20_activity]);

let report: AnalysisReport;
let csv: string[][];
beforeAll(async () => {
  ({ report, csv } = await analyse());
});

describe('MULTIPLE_LOGONS_BY_IP', () => {
  it('fires for three users from one address within 60 minutes, English and German; not over 70 minutes, one user, or two users', () => {
    expect(byIp(report)).toEqual([
      ['10.9.0.5', '2026-11-18 09:40:00', 'medium', 'Logons of 3 different users from 10.9.0.5, 3 or more within 60 minutes (AMEYER, BKOCH, CWOLF)'],
      ['10.8.0.5', '2026-11-18 14:30:00', 'medium', 'Logons of 3 different users from 10.8.0.5, 3 or more within 60 minutes (EHAHN, FBAUER, GVOGEL)'],
    ]);
  });

  it('takes its threshold from the settings (declared in its module)', async () => {
    const two = await analyse({ ...DEFAULT_THRESHOLDS, addressLogons: { users: 2, minutes: 60 } });
    expect(byIp(two.report).map((p) => p[0])).toEqual(['10.9.0.5', '10.9.0.6', '10.8.0.5', '10.8.0.6']);
  });
});

describe('SAL-FTP-INSECURE', () => {
  it('names an empty FTP allowlist (DU1) and one with placeholders (DU2); not an allowed connection (DU8)', () => {
    const [head, ...rows] = csv;
    const ev = head!.indexOf('EVENT (canonical)');
    const rules = (event: string) => rows.filter((r) => r[ev] === event).map((r) => r[head!.indexOf('RULES')]);
    expect(rules('DU1')).toEqual(['SAL-FTP-INSECURE']);
    expect(rules('DU2')).toEqual(['SAL-FTP-INSECURE']);
    expect(rules('DU8')).toEqual(['SAL-CONFIG-EVENT']);
  });
});
