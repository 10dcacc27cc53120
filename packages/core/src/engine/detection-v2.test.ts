import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvText } from '../lists/index.ts';
import type { AnalysisReport } from '../model/index.ts';
import { DEFAULT_THRESHOLDS } from '../rules/detection-settings.ts';
import { RULE_CATALOGUE } from '../rules/index.ts';
import { analyzeFiles } from './index.ts';

// DETECTION.md v2 end to end: a German SM20 export, a SIEM change-document export with ISO
// timestamps (bank keys and profiles in TABKEY), ServiceNow tickets. Each pattern has its near miss
// in the same files (see fixtures/v2/ and the comments in the assertions).
const fixture = (name: string) => new URL(`./fixtures/v2/${name}`, import.meta.url).pathname;
const FILES = ['sm20-de.csv', 'cdpos-joined-siem.csv', 'tickets-servicenow.csv'].map(fixture);
let outDir: string;
let report: AnalysisReport;
let csv: string[][];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'detection-v2-'));
  report = await analyzeFiles(FILES, { outDir, threads: 0 });
  csv = parseCsvText(await readFile(join(outDir, 'results.csv'), 'utf8'));
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

const of = (pattern: string) => report.suspicious_patterns.filter((p) => p.pattern === pattern).map((p) => [p.user, p.sm20_time, p.risk_level]);
const row = (pred: (cell: (name: string) => string) => boolean) => {
  const [head, ...body] = csv;
  return body.find((r) => pred((name) => r[head!.indexOf(name)] ?? ''))!;
};
const cellOf = (r: string[], name: string) => r[csv[0]!.indexOf(name)]!;

describe('DETECTION v2 patterns (fire and near miss)', () => {
  it('BRUTE_FORCE_SUCCESS: SAP* in from KIOSK1 after six failures; not NED, whose logon came 40 minutes later', () => {
    expect(of('BRUTE_FORCE_SUCCESS')).toEqual([['SAP*', '2026-11-18 20:07:00', 'critical']]);
    expect(report.suspicious_patterns.find((p) => p.pattern === 'BRUTE_FORCE_SUCCESS')!.sm20_activity).toBe('Logon of SAP* at 20:07:00 after 6 failed logons from terminal KIOSK1 (SAP*, DDIC) from 20:00:00');
  });
  it('FAILED_LOGON_BURST counts AU6 too (NED) and terminal bursts once', () => {
    expect(of('FAILED_LOGON_BURST').map((p) => p[0])).toEqual(['NED', 'SAP*', 'KIOSK1']);
  });
  it('PRIVILEGED_USER_LOGON: DDIC and SAP*; not JOE or NEWUSR', () => {
    expect(of('PRIVILEGED_USER_LOGON').map((p) => p[0])).toEqual(['DDIC', 'SAP*']);
  });
  it('USER_UNLOCKED_AND_USED: DDIC unlocked by ADMIN1 and used from PC-ADM; not JOE, who logged on from his own PC', () => {
    expect(of('USER_UNLOCKED_AND_USED')).toEqual([['ADMIN1', '2026-11-18 10:02:00', 'high']]);
  });
  it('USER_CREATED_AND_USED: NEWUSR within 30 minutes from ADMIN2\'s PC; not OLDUSR, used two hours later', () => {
    expect(of('USER_CREATED_AND_USED')).toEqual([['ADMIN2', '2026-11-18 11:30:00', 'high']]);
  });
  it('AUDIT_LOG_TAMPERING: the audit log switched off (AUJ 0); not switched on (AUJ 1)', () => {
    expect(of('AUDIT_LOG_TAMPERING')).toEqual([['BASIS1', '2026-11-18 12:00:00', 'critical']]);
  });
  it('MASS_DOWNLOAD: ten downloads by EXFIL; not nine by SMALLDL', () => {
    expect(of('MASS_DOWNLOAD')).toEqual([['EXFIL', '2026-11-18 15:00:00', 'high']]);
  });
  it('SYSTEM_OPENED_FOR_CHANGES: two changes while open (Änderbar); the change after closing is not counted', () => {
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'SYSTEM_OPENED_FOR_CHANGES').map((p) => [p.user, p.sm20_activity])).toEqual([
      ['BASIS2', 'System opened for changes by BASIS2; 2 changes until closed at 17:00:00'],
    ]);
  });
  it('EMERGENCY_ACCESS: FF_ADMIN01 once per day, critical without a ticket naming it; not FFADMIN', () => {
    expect(of('EMERGENCY_ACCESS')).toEqual([['FF_ADMIN01', '2026-11-18 08:00:00', 'critical']]);
  });
  it('SENSITIVE_PROFILE_ASSIGNED: SAP_ALL to JDOE; not Z_DISPLAY (not sensitive) nor SAP_NEW removed from MUELLER', () => {
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'SENSITIVE_PROFILE_ASSIGNED').map((p) => [p.user, p.sm20_activity])).toEqual([['ADMIN3', 'Sensitive profile SAP_ALL to JDOE']]);
  });
  it('SELF_AUTHORIZATION: a PFCG role assigned to oneself (AGR_USERS key) and one\'s own UST04; not a role for CLERK1, not SU3 defaults', () => {
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'SELF_AUTHORIZATION').map((p) => [p.user, p.sm20_time])).toEqual([
      ['ADMIN4', '2026-11-18 13:00:00'],
      ['SELFIE', '2026-11-18 13:15:00'],
    ]);
  });
  it('CHANGE_WITHOUT_TICKET: "Karin Weber (KWEBER)" covers KWEBER, not KWEBERT', () => {
    const users = new Set(of('CHANGE_WITHOUT_TICKET').map((p) => p[0]));
    expect(users.has('KWEBERT')).toBe(true);
    expect(users.has('KWEBER')).toBe(false);
  });
  it('lists patterns critical first, then by time, each with its rule', () => {
    const risks = report.suspicious_patterns.map((p) => p.risk_level);
    expect(risks.indexOf('high')).toBeGreaterThan(risks.lastIndexOf('critical'));
    expect(risks.indexOf('medium')).toBeGreaterThan(risks.lastIndexOf('high'));
    const ids = new Set(RULE_CATALOGUE.map((r) => r.id));
    for (const p of report.suspicious_patterns) expect(ids.has(p.rule)).toBe(true);
  });
});

describe('DETECTION v2 records', () => {
  it('reads the German export and ISO timestamps (time zone UTC by default)', () => {
    expect(report.files.map((f) => [f.fileType, f.records])).toEqual([['SM20', 51], ['CDPOS', 11], ['TICKETS', 2]]);
    const fraud = row((c) => c('ChangeNumber') === '0000020001');
    expect(cellOf(fraud, 'SENSITIVE_FIELD_FLAG')).toBe('Bank details added in LFBK (key 1000000100001DE 10020030 1234567890)');
    expect(cellOf(fraud, 'CHANGE_TIMING_FLAG')).toBe('Change at 21:15:00 (at or after 19:00)');
    expect(cellOf(fraud, 'RULES')).toContain('CD-BANK-KEY');
  });
  it('gives the completing logon an OTHER/security reason naming its pattern', () => {
    const sapLogon = row((c) => c('Benutzer') === 'SAP*' && c('Ereignis') === 'AU1');
    expect(cellOf(sapLogon, 'OTHER')).toBe('privileged_user: Record of privileged standard user SAP*; security: completes pattern BRUTE_FORCE_SUCCESS');
    expect(cellOf(sapLogon, 'RULES')).toBe('USER-PRIVILEGED, PAT-BRUTE-FORCE-SUCCESS');
    const firstChange = row((c) => c('Benutzer') === 'DEV1' && c('Uhrzeit') === '16:10:00');
    expect(cellOf(firstChange, 'OTHER')).toBe('security: completes pattern SYSTEM_OPENED_FOR_CHANGES');
    const readOnly = row((c) => c('Benutzer') === 'READER');
    expect(cellOf(readOnly, 'TABLE_MAINT_FLAG')).toBe('');
  });
  it('counts OTHER categories per record', () => {
    expect(report.flagSamples.OTHER?.aggregatedFlags).toMatchObject({ audit_trail: 2, emergency_access: 2, authorization: 2 });
    expect(report.flagSamples.OTHER?.columns.at(-1)).toBe('RULES');
  });
  it('uses the settings: time zone and thresholds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'detection-v2-settings-'));
    try {
      const thresholds = { ...DEFAULT_THRESHOLDS, changeVolume: 2, massDownload: { count: 11, minutes: 60 } };
      const r = await analyzeFiles(FILES, { outDir: dir, threads: 0, settings: { holidays: { country: 'US' }, thresholds, timeZone: 'Europe/Berlin' } });
      expect(r.suspicious_patterns.some((p) => p.pattern === 'MASS_DOWNLOAD')).toBe(false);
      expect(r.summary.flag_counts.CHANGE_VOLUME_FLAG).toBeGreaterThan(0);
      const rows = parseCsvText(await readFile(join(dir, 'results.csv'), 'utf8'));
      const fraud = rows.find((x) => x.includes('0000020001'))!;
      expect(fraud[rows[0]!.indexOf('CHANGE_TIMING_FLAG')]).toBe('Change at 22:15:00 (at or after 19:00)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
