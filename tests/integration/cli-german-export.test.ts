/**
 * German SAP GUI exports end to end through the command line, as an auditor runs it: SM20 with
 * German labels and DD.MM.YYYY dates, CDHDR in Windows-1252 (`Änderungskennzeichen …`), CDPOS with
 * decimal-comma values, and a ServiceNow ticket export with German dates (tests/fixtures/de). The
 * incidents in them: client 100 opened in SCC4 (EU2) and the system opened in SE06 (EU1 to
 * `Änderbar`), each with a change while open; SAP_BC_BASIS_ADMIN assigned to JDOE in PFCG; a vendor's
 * bank details changed, then F110 by the same user; a burst of failed SAP* logons that got in.
 * The workbook is read by openpyxl (an independent reader): Cases right after Summary, the settings
 * the run used on the Summary, the patterns and cases as the JSON document gives them.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempFolder } from '../../packages/cli/src/test-support/run-cli.ts';

const de = (name: string) => new URL(`../fixtures/de/${name}`, import.meta.url).pathname;
const PYTHON = '/usr/bin/python3'; // Debian's, where python3-openpyxl is installed
const probe = new URL('../../packages/core/src/report/fixtures/openpyxl-probe.py', import.meta.url).pathname;

interface Cell {
  type: string;
  value: string | number | null;
  format?: string;
}
type Sheets = Record<string, { rows: Cell[][] }>;
interface Pattern {
  pattern: string;
  risk_level: string;
  user: string;
  sm20_time: string;
  sm20_activity: string;
}
interface Case {
  id: string;
  actor: string;
  risk_level: string;
  escalations: { kind: string }[];
  rules: { rule: string }[];
}

const dir = tempFolder('cli-german-');
let doc: { files: unknown; suspicious_patterns: Pattern[]; cases: Case[]; settings: Record<string, unknown>; correlation_summary: Record<string, Record<string, number>>; summary: { total_records: number } };
let sheets: Sheets;
let stderr = '';

beforeAll(async () => {
  const settings = join(dir(), 'settings.json');
  await writeFile(settings, JSON.stringify({ timeZone: 'Europe/Berlin', bankPaymentDays: 5 }));
  const out = join(dir(), 'out');
  const r = await runCli(['analyze', de('sm20-de.csv'), de('cdhdr-de.csv'), de('cdpos-de.csv'), de('tickets-de.csv'), '--out', out, '--json', '--holidays', 'DE-BY', '--settings', settings]);
  stderr = r.stderr;
  expect(r.code, r.stderr).toBe(0);
  doc = JSON.parse(r.stdout);
  sheets = JSON.parse(execFileSync(PYTHON, [probe, 'read', join(out, 'results.xlsx')], { encoding: 'utf8' }));
}, 120_000);

/** A sheet's rows as label → cell, by its header row. */
function table(name: string): Record<string, Cell>[] {
  const [head, ...rows] = sheets[name]!.rows.filter((r) => r.some((c) => c.type !== 'empty')); // the probe reads 100 rows
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [String(h.value), r[i]!])));
}

/** The Summary sheet's Item → Value. */
function summary(): Map<string, Cell> {
  return new Map(sheets.Summary!.rows.map((r) => [String(r[0]?.value), r[1]!] as const));
}

describe('sap-analyzer analyze on German exports', () => {
  it('recognises every German file by its labels, whatever its encoding, and reads every record', () => {
    expect(stderr).toBe('');
    expect(doc.files).toEqual([
      { name: 'sm20-de.csv', fileType: 'SM20', records: 20 },
      { name: 'cdhdr-de.csv', fileType: 'CDHDR', records: 4 },
      { name: 'cdpos-de.csv', fileType: 'CDPOS', records: 4 },
      { name: 'tickets-de.csv', fileType: 'TICKETS', records: 2 },
    ]);
    expect(doc.summary.total_records).toBe(30);
    // Every item found its header (Belegnummer), and the two changes a ticket names (ROLEADM's role, CLERK2's credit limit) are covered.
    expect(doc.correlation_summary['CDHDR ↔ CDPOS']).toMatchObject({ 'items with header': 4, 'items without header': 0 });
    expect(doc.correlation_summary.Tickets).toMatchObject({ tickets: 2, 'changes covered': 2 });
  });

  it('finds the incidents in the German records', () => {
    const find = (name: string, user: string) => doc.suspicious_patterns.filter((p) => p.pattern === name && p.user === user);
    // EU2 with change recording off, and EU1 to "Änderbar": both openings, each with the change made while open.
    expect(find('SYSTEM_OPENED_FOR_CHANGES', 'BASIS2').map((p) => [p.sm20_time, p.sm20_activity])).toEqual([
      ['2026-11-16 09:00:00', 'Client 100 opened for changes by BASIS2; 2 changes until closed at 10:40:00'],
    ]);
    expect(find('SYSTEM_OPENED_FOR_CHANGES', 'BASIS1').map((p) => [p.sm20_time, p.sm20_activity])).toEqual([
      ['2026-11-16 11:00:00', 'System opened for changes by BASIS1; 1 change until closed at 11:30:00'],
    ]);
    expect(find('SENSITIVE_ROLE_ASSIGNED', 'ROLEADM').map((p) => p.sm20_activity)).toEqual(['Sensitive role SAP_BC_BASIS_ADMIN to JDOE']);
    expect(find('BANK_CHANGE_THEN_PAYMENT', 'PAYER').map((p) => p.sm20_activity)).toEqual([
      'Bank details of KRED 0000200001 (LFBK) changed at 2026-11-17 11:02:10, then payment transaction F110 at 2026-11-18 14:00:00',
    ]);
    expect(find('BRUTE_FORCE_SUCCESS', 'SAP*')).toHaveLength(1);
    // The ticket for ROLEADM covers the display role; CLERK2's credit limit change (FD32) is covered by its ticket, so no case.
    expect(doc.suspicious_patterns.filter((p) => p.pattern === 'CHANGE_WITHOUT_TICKET' && (p.user === 'ROLEADM' || p.user === 'CLERK2'))).toEqual([]);
  });

  it('orders the cases as an auditor reads them: the critical ones first, each incident its own case', () => {
    const byActor = new Map(doc.cases.map((c) => [c.actor, c]));
    for (const actor of ['PAYER', 'SAP*', 'ROLEADM', 'BASIS2', 'BASIS1']) expect(byActor.get(actor)?.risk_level, actor).toBe('critical');
    expect(doc.cases.slice(0, 5).map((c) => c.risk_level)).toEqual(Array(5).fill('critical'));
    expect(byActor.get('PAYER')!.escalations.map((e) => e.kind)).toEqual(['bank_change_then_payment']);
    expect(byActor.get('ROLEADM')!.rules.map((r) => r.rule)).toContain('PAT-SENSITIVE-ROLE-ASSIGNED');
    expect(byActor.has('CLERK2')).toBe(false);
    // BASIS1 and BASIS2 opened and closed again: their own closing (EU1, EU2) is not covering tracks.
    for (const actor of ['BASIS1', 'BASIS2']) expect(byActor.get(actor)!.escalations, actor).toEqual([]);
  });

  it('reads the same tickets from a ticket export with German column titles (Nummer, Kurzbeschreibung, Geöffnet …)', async () => {
    const german = join(dir(), 'tickets-deutsch.csv');
    const [, ...rows] = (await readFile(de('tickets-de.csv'), 'utf8')).split('\n');
    await writeFile(german, ['Nummer;Kurzbeschreibung;Beschreibung;Anrufer;Zugewiesen an;Geöffnet;Geschlossen;Zustand', ...rows].join('\n'));
    const r = await runCli(['analyze', de('sm20-de.csv'), de('cdhdr-de.csv'), de('cdpos-de.csv'), german, '--out', join(dir(), 'out-de-tickets'), '--json', '--holidays', 'DE-BY']);
    expect(r.code, r.stderr).toBe(0);
    const again = JSON.parse(r.stdout) as typeof doc;
    expect(again.correlation_summary.Tickets).toMatchObject({ tickets: 2, 'changes covered': 2 });
  }, 120_000);

  it('writes the Cases sheet right after the Summary, one row per case in the order of the JSON document', () => {
    expect(Object.keys(sheets).slice(0, 4)).toEqual(['Summary', 'Cases', 'Suspicious Patterns', 'Correlation']);
    const cases = table('Cases');
    expect(cases.map((r) => r.Case!.value)).toEqual(doc.cases.map((c) => c.id));
    expect(cases.map((r) => r.Actor!.value)).toEqual(doc.cases.map((c) => c.actor));
    // German dates came in as DD.MM.YYYY text; the workbook gives real date-times.
    expect(cases[0]!['First time']).toEqual({ type: 'datetime', value: '2026-11-17 11:00:00', format: 'yyyy-mm-dd hh:mm:ss' });
  });

  it('states on the Summary the settings the run used: time zone, holidays, business hours, thresholds, lists, data period', () => {
    const s = summary();
    expect(s.get('Time zone')?.value).toBe('Europe/Berlin');
    expect(s.get('Holiday calendar')?.value).toBe('DE-BY');
    expect(s.get('Business hours')?.value).toBe('Mon, Tue, Wed, Thu, Fri 07:00-19:00');
    expect(s.get('Days from a bank-details change to a payment (bankPaymentDays)')).toEqual({ type: 'number', value: 5 });
    expect(s.get('Longest opening of a system for changes (hours) (openingHours)')).toEqual({ type: 'number', value: 8 });
    expect(String(s.get('List: Sensitive roles (sensitiveRoles)')?.value)).toMatch(/^\d+ entries, sha256 [0-9a-f]{12}$/);
    expect(String(s.get('List: Payment transactions (paymentTcodes)')?.value)).toMatch(/^\d+ entries, sha256 [0-9a-f]{12}$/);
    expect(s.get('Data period')?.value).toBe('2026-11-16 08:05:12 to 2026-11-20 09:20:00');
    expect(doc.settings).toMatchObject({ timeZone: 'Europe/Berlin', holidayCalendar: 'DE-BY', period: { first: '2026-11-16 08:05:12', last: '2026-11-20 09:20:00' } });
  });

  it('keeps German cells as they were: decimal-comma values and keys as text, umlauts intact, dates as dates', () => {
    const item = table('CDPOS').find((r) => r.Tabellenname!.value === 'KNKK')!;
    expect([item['Neuer Wert'], item['Alter Wert']]).toEqual([{ type: 'text', value: '12.500,00' }, { type: 'text', value: '5.000,00' }]);
    expect(item.Objektwert).toEqual({ type: 'text', value: '0000300001' });
    // CDHDR came in Windows-1252: its Ä-label is read and kept.
    expect(Object.keys(table('CDHDR')[0]!)).toContain('Änderungskennzeichen Anwendungsobjekt');
    const opened = table('SM20').find((r) => r['Variable 2']!.value === 'Änderbar')!;
    expect(opened.Datum).toEqual({ type: 'datetime', value: '2026-11-16 00:00:00', format: 'yyyy-mm-dd' });
    expect(opened['Audit-Log-Meldungstext']!.value).toBe('Systemänderbarkeit geändert ( Nicht änderbar nach Änderbar )');
    const patterns = table('Suspicious Patterns');
    expect(patterns.map((p) => p.Pattern!.value)).toEqual(doc.suspicious_patterns.map((p) => p.pattern));
  });
});
