import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli as run, tempFolder } from './test-support/run-cli.ts';

const dir = tempFolder('cli-test-');

describe('sap-analyzer analyze', () => {
  it('writes both outputs and prints the JSON document', async () => {
    const out = join(dir(), 'multi');
    const r = await run(['analyze', fixture('sm20.csv'), fixture('cdhdr.csv'), fixture('cdpos.csv'), fixture('tickets.csv'), '--out', out, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(''); // no progress bar: stderr is not a terminal
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['files', 'summary', 'risk', 'risk_by_share', 'risk_reason', 'suspicious_patterns', 'correlation_summary', 'record_count_summary', 'cases', 'settings']);
    // The overall risk is never below the highest case: critical cases make it Critical, the share's level is kept beside it.
    expect(doc).toMatchObject({ risk: 'Critical', risk_by_share: 'High' });
    expect(doc.risk_reason).toBe(`${doc.cases.filter((c: { risk_level: string }) => c.risk_level === 'critical').length} critical cases; ${((100 * doc.summary.flagged_records) / doc.summary.total_records).toFixed(2)} % of records flagged, which alone reads High`);
    expect(doc.files).toEqual([
      { name: 'sm20.csv', fileType: 'SM20', records: 26 },
      { name: 'cdhdr.csv', fileType: 'CDHDR', records: 6 },
      { name: 'cdpos.csv', fileType: 'CDPOS', records: 3 },
      { name: 'tickets.csv', fileType: 'TICKETS', records: 5 },
    ]);
    expect(doc.summary.total_records).toBe(40);
    expect(doc.record_count_summary.total_input_records).toBe(40);
    expect(doc.record_count_summary.total_output_records).toBe(40);
    // 13 since detection v3: BOB's DU9 change of USR02 at 22:10 is an after-hours sensitive change from SM20 alone.
    expect(doc.suspicious_patterns).toHaveLength(13);
    // The cases (DETECTION.md section 6): every pattern in exactly one, critical first, each with the spec's fields.
    expect(doc.cases.length).toBeGreaterThan(0);
    expect(Object.keys(doc.cases[0])).toEqual(expect.arrayContaining(['id', 'actor', 'actor_kind', 'risk_level', 'score', 'first_time', 'last_time', 'days', 'rules', 'escalations', 'patterns', 'records', 'context']));
    expect(doc.cases.reduce((n: number, c: { patterns: number }) => n + c.patterns, 0)).toBe(13);
    const ranks = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const levels = doc.cases.map((c: { risk_level: string }) => ranks[c.risk_level]!);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    // Every output states its settings.
    expect(doc.settings).toMatchObject({ timeZone: 'UTC', holidayCalendar: 'US', businessHours: { start: '07:00', end: '19:00' } });
    expect(doc.settings.period.first).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(doc.settings.lists.privilegedUsers).toMatch(/entries, sha256 [0-9a-f]{12}$/);
    const casesFile = JSON.parse(await readFile(join(out, 'cases.json'), 'utf8'));
    expect([casesFile.version, casesFile.cases.map((c: { id: string }) => c.id)]).toEqual([1, doc.cases.map((c: { id: string }) => c.id)]);
    expect(existsSync(join(out, 'results.xlsx')) && existsSync(join(out, 'results.csv'))).toBe(true);
    // The review screens' files only with --review-files.
    expect(existsSync(join(out, 'timeline-index.bin')) || existsSync(join(out, 'high-records.ndjson')) || existsSync(join(out, 'findings.ndjson'))).toBe(false);
  });

  it('writes the review screens\' files with --review-files', async () => {
    const out = join(dir(), 'review-files');
    const r = await run(['analyze', fixture('sm20.csv'), fixture('cdhdr.csv'), '--out', out, '--review-files']);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'timeline-index.bin'))).toBe(true);
    const high = (await readFile(join(out, 'high-records.ndjson'), 'utf8')).trimEnd().split('\n');
    expect(high.length).toBeGreaterThan(1);
    // findings.ndjson: each case's findings are the lines findings_offset … + findings_count, each with its caseId; the offsets file finds each line.
    const { cases } = JSON.parse(await readFile(join(out, 'cases.json'), 'utf8')) as { cases: { id: string; findings_offset: number; findings_count: number }[] };
    const text = await readFile(join(out, 'findings.ndjson'));
    const lines = text.toString('utf8').trimEnd().split('\n');
    expect(cases.reduce((n, c) => n + c.findings_count, 0)).toBe(lines.length);
    for (const c of cases) for (const line of lines.slice(c.findings_offset, c.findings_offset + c.findings_count)) expect(JSON.parse(line).caseId).toBe(c.id);
    const offsets = new Float64Array(new Uint8Array(await readFile(join(out, 'findings.offsets'))).buffer);
    expect(offsets.length).toBe(lines.length + 1);
    expect(offsets.at(-1)).toBe(text.length);
    expect(text.subarray(offsets[1]!, offsets[2]! - 1).toString('utf8')).toBe(lines[1]);
  });

  it('uses --tcodes and --tables instead of the default lists', async () => {
    const tcodes = join(dir(), 'tcodes.csv');
    await writeFile(tcodes, 'TCODE,CATEGORY,DESCRIPTION\nVA03,Sales,Display order\n');
    const tables = join(dir(), 'tables.csv');
    await writeFile(tables, 'TABNAME,CATEGORY,DESCRIPTION\nZTAB,Custom,Our table\n');
    const r = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'lists'), '--json', '--tcodes', tcodes, '--tables', tables]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.summary.flag_counts.HIGH_RISK_TCODE_FLAG).toBe(1); // EVE's VA03 only
    expect(doc.summary.flag_counts.HIGH_RISK_TABLE_FLAG).toBe(2); // HANK's two ZTAB accesses, USR02 no longer listed
  });

  it('uses --settings (thresholds, time zone) and --privileged / --profiles / --programs instead of the defaults', async () => {
    const v2 = (name: string) => fixture(`v2/${name}`);
    const base = await run(['analyze', v2('sm20-de.csv'), v2('cdpos-joined-siem.csv'), '--out', join(dir(), 'v2'), '--json']);
    expect(base.code).toBe(0);
    const before = JSON.parse(base.stdout);
    const names = (doc: { suspicious_patterns: { pattern: string }[] }) => doc.suspicious_patterns.map((p) => p.pattern);
    expect(names(before)).toContain('BRUTE_FORCE_SUCCESS');
    expect(names(before)).toContain('PRIVILEGED_USER_LOGON');
    expect(names(before)).toContain('SENSITIVE_PROFILE_ASSIGNED');
    const settings = join(dir(), 'settings.json');
    await writeFile(settings, JSON.stringify({ burst: { count: 7, minutes: 10 }, massDownload: { count: 11, minutes: 60 }, timeZone: 'Europe/Berlin' }));
    const privileged = join(dir(), 'privileged.csv');
    await writeFile(privileged, 'USER,KIND,DESCRIPTION\nFF_*,emergency,Firefighters\n');
    const profiles = join(dir(), 'profiles.csv');
    await writeFile(profiles, 'PROFILE,DESCRIPTION\nZ_DISPLAY,Our display profile\n');
    const r = await run(['analyze', v2('sm20-de.csv'), v2('cdpos-joined-siem.csv'), '--out', join(dir(), 'v2b'), '--json', '--settings', settings, '--privileged', privileged, '--profiles', profiles]);
    expect(r.code).toBe(0);
    const after = JSON.parse(r.stdout);
    expect(names(after)).not.toContain('BRUTE_FORCE_SUCCESS'); // 6 failures < 7
    expect(names(after)).not.toContain('MASS_DOWNLOAD'); // 10 downloads < 11
    expect(names(after)).not.toContain('PRIVILEGED_USER_LOGON'); // SAP* and DDIC no longer listed
    expect(after.suspicious_patterns.find((p: { pattern: string }) => p.pattern === 'SENSITIVE_PROFILE_ASSIGNED')).toMatchObject({ user: 'ADMIN3', sm20_activity: 'Sensitive profile Z_DISPLAY to KWEBER', sm20_time: '2026-11-18 12:05:00' });
  });

  it('refuses a settings file with a clear message', async () => {
    const bad = join(dir(), 'bad-settings.json');
    await writeFile(bad, JSON.stringify({ businessHours: { start: '7:00', end: '19:00', days: [1, 2, 3, 4, 5] } }));
    const r = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'bs'), '--settings', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`sap-analyzer: --settings ${bad}: businessHours.start: must be a time HH:MM between 00:00 and 23:59 (see --help)\n`);
    await writeFile(bad, JSON.stringify({ timeZone: 'Mars/Olympus', colour: 1 }));
    const unknown = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'bs'), '--settings', bad]);
    expect(unknown.stderr).toMatch(/^sap-analyzer: --settings .*: timeZone: not an IANA time zone \(e\.g\. UTC, Europe\/Berlin\)/);
    await writeFile(bad, JSON.stringify({ colour: 1 }));
    const extra = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'bs'), '--settings', bad]);
    expect(extra.stderr).toMatch(/^sap-analyzer: --settings .*: \(top level\): Unrecognized key.*colour/);
    const list = join(dir(), 'bad-privileged.csv');
    await writeFile(list, 'USER,KIND\nSAP*,superuser\n');
    const badList = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'bs'), '--privileged', list]);
    expect(badList.stderr).toBe(`sap-analyzer: ${list}: the privileged list's KIND must be standard or emergency (found "superuser" for SAP*)\n`);
  });

  it('applies --holidays: Buß- und Bettag (2026-11-18) is a holiday in Saxony, not in Bavaria', async () => {
    const cdhdr = join(dir(), 'holiday.csv');
    await writeFile(cdhdr, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\nZC,1,0000000001,U1,20261118,100000,ZFR1,U\n');
    const saxony = JSON.parse((await run(['analyze', cdhdr, '--out', join(dir(), 'sn'), '--json', '--holidays', 'DE-SN'])).stdout);
    const bavaria = JSON.parse((await run(['analyze', cdhdr, '--out', join(dir(), 'by'), '--json', '--holidays', 'DE-BY'])).stdout);
    expect(saxony.summary.flag_counts.CHANGE_TIMING_FLAG).toBe(1);
    expect(bavaria.summary.flag_counts.CHANGE_TIMING_FLAG).toBe(0);
  });

  it('fails with exit code 1 and one line naming the file and the problem', async () => {
    const junk = join(dir(), 'junk.csv');
    await writeFile(junk, 'a,b\n1,2\n');
    const r = await run(['analyze', fixture('sm20.csv'), junk, '--out', join(dir(), 'bad'), '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^sap-analyzer: junk\.csv: .*Expected one of: SM20/);
    const missing = await run(['analyze', join(dir(), 'nope.csv'), '--out', join(dir(), 'bad')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`sap-analyzer: ${join(dir(), 'nope.csv')}: file not found\n`);
    const usage = await run(['analyze', fixture('sm20.csv')]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toBe('sap-analyzer: missing --out DIR (see --help)\n');
  });

  it("prints No data, never Clean, for files with a header and no records", async () => {
    const empty = join(dir(), 'empty-cdhdr.csv');
    await writeFile(empty, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\r\n');
    const r = await run(['analyze', empty, '--out', join(dir(), 'empty')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`0 records, 0 flagged (risk No data); wrote ${join(dir(), 'empty')}/results.xlsx and ${join(dir(), 'empty')}/results.csv\nNo data: no records were found in empty-cdhdr.csv, so nothing was checked\n`);
    const json = JSON.parse((await run(['analyze', empty, '--out', join(dir(), 'empty'), '--json'])).stdout);
    expect(json.risk).toBe('No data');
  });

  it('prints help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: sap-analyzer analyze FILE... --out DIR');
    expect(r.stdout).toContain('--holidays CC[-REGION]');
  });
});
