import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvText } from '../lists/index.ts';
import { DEFAULT_HOLIDAYS } from '../holidays/index.ts';
import { TICKETS_ONLY_NO_DATA, type AnalysisReport } from '../model/index.ts';
import { DEFAULT_THRESHOLDS } from '../rules/detection-settings.ts';
import { analyzeFiles } from './index.ts';

// DETECTION.md v3 end to end: an English and a German SM20 export and a joined change-document export
// with the technical names of both indicators (CHANGE_IND of the header, CHNGIND of the item). Each
// rule has its near miss in the same files (fixtures/v3/, comments there and below).
const fixture = (name: string) => new URL(`./fixtures/v3/${name}`, import.meta.url).pathname;
const FILES = ['sm20-en.csv', 'sm20-de.csv', 'cdpos-joined.csv'].map(fixture);
const SETTINGS = { holidays: DEFAULT_HOLIDAYS, thresholds: { ...DEFAULT_THRESHOLDS, networks: ['10.0.0.0/8'] } };
let outDir: string;
let report: AnalysisReport;
let csv: string[][];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'detection-v3-'));
  report = await analyzeFiles(FILES, { outDir, threads: 0, settings: SETTINGS });
  csv = parseCsvText(await readFile(join(outDir, 'results.csv'), 'utf8'));
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

const of = (pattern: string) => report.suspicious_patterns.filter((p) => p.pattern === pattern).map((p) => [p.user, p.sm20_time, p.risk_level]);
const activityOf = (pattern: string) => report.suspicious_patterns.filter((p) => p.pattern === pattern).map((p) => p.sm20_activity);
/** The cell `column` of the first output row whose cells match. */
function cell(match: Record<string, string>, column: string): string {
  const [head, ...body] = csv;
  const at = (name: string) => head!.indexOf(name);
  const r = body.find((row) => Object.entries(match).every(([k, v]) => row[at(k)] === v));
  if (!r) throw new Error(`no row ${JSON.stringify(match)}`);
  return r[at(column)]!;
}

describe('DETECTION v3 record rules (fire and near miss)', () => {
  it('keeps both reasons of one category: EU1 under SE06 with the new state, RSAUPURG under SM18', () => {
    expect(cell({ 'EVENT (canonical)': 'EU1', 'TIME (canonical)': '09:00:00' }, 'OTHER')).toBe('config: Configuration transaction SE06; config: Event EU1: System change options changed ( Not modifiable to Modifiable)');
    expect(cell({ 'EVENT (canonical)': 'EU1', 'TIME (canonical)': '09:00:00' }, 'RULES')).toContain('SAL-CONFIG-EVENT');
    expect(cell({ 'EVENT (canonical)': 'AUW', 'TCODE (canonical)': 'SM18' }, 'OTHER')).toBe('audit_trail: Audit log files administered with SM18 (deletion possible); audit_trail: Event AUW: audit-log deletion RSAUPURG called');
  });
  it('BUY is debugging; a BU2 of another user names that user (English and German), not one of the own password', () => {
    expect(cell({ 'EVENT (canonical)': 'BUY' }, 'DEBUG_FLAG')).toBe('Event BUY: field contents changed in debugger');
    expect(cell({ 'USER (canonical)': 'HELPDESK', 'TIME (canonical)': '14:00:00' }, 'OTHER')).toBe('security: Event BU2: password of user U1 changed by HELPDESK in client 100');
    expect(cell({ 'USER (canonical)': 'HELPDESK3' }, 'OTHER')).toBe('security: Event BU2: password of user W1 changed by HELPDESK3 in client 100');
    expect(cell({ 'USER (canonical)': 'USERX' }, 'OTHER')).toBe('');
  });
  it('names the function module of a test run; an RFC call outside the test frame is no test run', () => {
    expect(cell({ 'EVENT (canonical)': 'BU4' }, 'OTHER')).toBe('security: Event BU4: function module Z_PAY_VENDOR run in test mode (RS_TESTFRAME_CALL)');
    expect(cell({ 'EVENT (canonical)': 'AUK' }, 'RULES')).not.toContain('SAL-FM-TEST-RUN');
  });
  it('gives AUG its catalogue text (SAL-CATALOGUE-HIGH)', () => {
    expect(cell({ 'EVENT (canonical)': 'AUG' }, 'OTHER')).toBe('security: Event AUG: Application server started');
  });
  it("reads a joined export's item indicator: the bank key added keeps its reason", () => {
    expect(cell({ 'OBJECTID': '0000200001' }, 'SENSITIVE_FIELD_FLAG')).toBe('Bank details added in LFBK (key 1000000200001DE 10020030 9999999999)');
  });
  it('names a sensitive role and its user; not a role off the list', () => {
    expect(cell({ 'CHANGENR': '0000030003' }, 'OTHER')).toBe('authorization: Sensitive role SAP_BC_BASIS_ADMIN assigned to JDOE (AGR_USERS)');
    expect(cell({ 'CHANGENR': '0000030004' }, 'OTHER')).toBe('');
  });
});

describe('DETECTION v3 patterns (fire and near miss)', () => {
  it('SYSTEM_OPENED_FOR_CHANGES: SE06 (EU1) and SCC4 (EU2 |-separated, 1 in the third field); not client 200 (2)', () => {
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'SYSTEM_OPENED_FOR_CHANGES').map((p) => [p.user, p.sm20_time, p.sm20_activity])).toEqual([
      ['BASIS1', '2026-11-18 09:00:00', 'System opened for changes by BASIS1; 1 change until closed at 09:30:00'],
      ['BASIS2', '2026-11-18 10:00:00', 'Client 100 opened for changes by BASIS2; 1 change until closed at 10:30:00'],
    ]);
  });
  it('AFTER_HOURS_SENSITIVE_CHANGE from SM20 alone: DU9 on LFBK at 21:30, the debugger change naming LFBK at 20:46; not ZTAB, not a display', () => {
    expect(of('AFTER_HOURS_SENSITIVE_CHANGE').map((p) => p.slice(0, 2))).toEqual([
      ['NIGHT2', '2026-11-18 20:46:00'],
      ['NIGHT1', '2026-11-18 21:30:00'],
    ]);
  });
  it('SENSITIVE_ROLE_ASSIGNED: SAP_BC_BASIS_ADMIN to JDOE by ROLEADM; not Z_DISPLAY_ONLY', () => {
    expect(of('SENSITIVE_ROLE_ASSIGNED')).toEqual([['ROLEADM', '2026-11-18 12:00:00', 'critical']]);
    expect(activityOf('SENSITIVE_ROLE_ASSIGNED')).toEqual(['Sensitive role SAP_BC_BASIS_ADMIN to JDOE']);
  });
  it('MASS_PASSWORD_RESET: five other users by HELPDESK (four BU2, one change document); not four by HELPDESK2', () => {
    expect(of('MASS_PASSWORD_RESET')).toEqual([['HELPDESK', '2026-11-18 14:00:00', 'high']]);
    expect(activityOf('MASS_PASSWORD_RESET')).toEqual(['Passwords of 5 other users changed within 60 minutes (U1, U2, U3, U4, U5)']);
  });
  it('MULTIPLE_LOGONS_BY_USER: SHARED from three addresses within 30 minutes (the port ignored); not SINGLE (two within the hour)', () => {
    expect(of('MULTIPLE_LOGONS_BY_USER')).toEqual([['SHARED', '2026-11-18 11:30:00', 'medium']]);
    expect(activityOf('MULTIPLE_LOGONS_BY_USER')).toEqual(['Logons of SHARED from 3 different addresses, 3 or more within 60 minutes (10.2.0.21, 10.2.0.22, 10.2.0.23)']);
  });
  it('UNEXPECTED_NETWORK_LOGON: OUTSIDER from 203.0.113.7 once a day; not INSIDER (10.0.0.0/8), not a logon without an address', () => {
    expect(of('UNEXPECTED_NETWORK_LOGON')).toEqual([['OUTSIDER', '2026-11-18 08:00:00', 'high']]);
  });
  it('BANK_CHANGE_THEN_PAYMENT: PAYER pays the day after the bank change; not CLERK2, nine days after', () => {
    expect(of('BANK_CHANGE_THEN_PAYMENT')).toEqual([['PAYER', '2026-11-19 10:00:00', 'critical']]);
    expect(activityOf('BANK_CHANGE_THEN_PAYMENT')).toEqual(['Bank details of KRED 0000200001 (LFBK) changed at 2026-11-18 11:00:00, then payment transaction F110 at 2026-11-19 10:00:00']);
  });
  it('states the thresholds it ran with: four resets in 30 minutes and a payment ten days on count when the settings say so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'detection-v3-th-'));
    try {
      const r = await analyzeFiles(FILES, { outDir: dir, threads: 0, settings: { ...SETTINGS, thresholds: { ...SETTINGS.thresholds, passwordResets: { count: 4, minutes: 30 }, bankPaymentDays: 10 } } });
      expect(r.suspicious_patterns.filter((p) => p.pattern === 'MASS_PASSWORD_RESET').map((p) => [p.user, p.sm20_activity])).toEqual([
        ['HELPDESK', 'Passwords of 5 other users changed within 30 minutes (U1, U2, U3, U4, U5)'],
        ['HELPDESK2', 'Passwords of 4 other users changed within 30 minutes (V1, V2, V3, V4)'],
      ]);
      expect(r.suspicious_patterns.filter((p) => p.pattern === 'BANK_CHANGE_THEN_PAYMENT').map((p) => p.user)).toEqual(['PAYER', 'CLERK2']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('with networks unset, no logon is judged', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'detection-v3-nonet-'));
    try {
      const r = await analyzeFiles([fixture('sm20-en.csv')], { outDir: dir, threads: 0 });
      expect(r.suspicious_patterns.filter((p) => p.pattern === 'UNEXPECTED_NETWORK_LOGON')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('tickets alone are no evidence', () => {
  it("an analysis of ticket files only is 'No data', saying no SM20 or change-document records were given", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'detection-v3-tickets-'));
    try {
      const r = await analyzeFiles([fixture('tickets-only.csv')], { outDir: dir, threads: 0 });
      expect(r.summary.total_records).toBe(1);
      expect(r.risk).toBe('No data');
      expect(r.no_data_reason).toBe(TICKETS_ONLY_NO_DATA);
      expect(TICKETS_ONLY_NO_DATA).toContain('no SM20 or change-document records were given');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
