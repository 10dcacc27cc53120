import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFiles } from '../../engine/index.ts';
import { DEFAULT_HOLIDAYS } from '../../holidays/index.ts';
import { parseCsvText } from '../../lists/index.ts';

// SENSITIVE_ROLE_ASSIGNED on a change of validity (DETECTION.md section 3): valid again only when the
// old end of validity (VALUE_OLD of TO_DAT) lay before the day of the change and the new end is on or
// after it. Each file has a change that fires and a near miss (fixtures/README.md).
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function analyse(files: string[]) {
  const outDir = await mkdtemp(join(tmpdir(), 'role-validity-'));
  dirs.push(outDir);
  const report = await analyzeFiles(files.map(fixture), { outDir, threads: 0, settings: { holidays: DEFAULT_HOLIDAYS } });
  const csv = parseCsvText(await readFile(join(outDir, 'results.csv'), 'utf8'));
  const roles = report.suspicious_patterns.filter((p) => p.pattern === 'SENSITIVE_ROLE_ASSIGNED').map((p) => [p.user, p.sm20_time, p.sm20_activity]);
  return { roles, csv };
}

describe('SENSITIVE_ROLE_ASSIGNED: a role made valid again', () => {
  it('reads the old end of validity in an English and a German joined export', async () => {
    const { roles, csv } = await analyse(['role-validity-joined-en.csv', 'role-validity-joined-de.csv']);
    expect(roles).toEqual([
      ['ROLEADM', '2026-11-18 12:00:00', 'Sensitive role SAP_BC_BASIS_ADMIN to JDOE (TO_DAT 20240101 → 99991231)'],
      ['ROLEADM2', '2026-11-18 13:00:00', 'Sensitive role SAP_BC_BASIS_ADMIN to MMUELLER (TO_DAT 20250601 → 99991231)'],
    ]);
    // The near misses keep their authorization reason, which says what changed.
    const other = csv[0]!.indexOf('OTHER');
    const reasons = csv.slice(1).map((r) => r[other]);
    expect(reasons).toContain('authorization: Sensitive role SAP_BC_BASIS_ADMIN validity changed for KWEBER (AGR_USERS) (TO_DAT 20261231 → 99991231)');
    expect(reasons).toContain('authorization: Sensitive role SAP_BC_BASIS_ADMIN validity changed for HSCHMIDT (AGR_USERS) (TO_DAT 20250601 → 20261031)');
  });

  it('judges an item whose date only its header (another file) knows by the header date', async () => {
    const { roles } = await analyse(['role-validity-cdhdr.csv', 'role-validity-cdpos.csv']);
    expect(roles).toEqual([['ROLEADM3', '2026-11-18 14:00:00', 'Sensitive role SAP_BC_BASIS_ADMIN to PSTEIN (TO_DAT 20250331 → 99991231)']]);
  });
});
