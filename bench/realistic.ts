/**
 * A realistic multi-week export of one production system, with planted incidents, and where each
 * planted incident's actor ranks among the cases (issue 24: "every planted incident's actor is among
 * the first 20 cases, critical and high cases number in the tens, and no look-alike is critical").
 *
 *   npx tsx bench/realistic.ts [--days 21] [--users 290] [--per-day 40] [--out bench/out/realistic]
 *
 * Three weeks from Tuesday 2026-09-01 (Monday 2026-09-07 is Labor Day, a US holiday): dialog users
 * working on business days in business hours (transactions, documents, some high-risk transactions
 * with tickets), nightly batch users and interface users changing data at every hour (no tickets:
 * after-hours and change-without-ticket noise every day), administrators creating users with
 * tickets, DDIC logging on for the nightly jobs; a dozen planted incidents of different kinds and
 * benign look-alikes of most of them. Seeded: the same arguments give the same files. No test runs
 * this; the figures go to docs/benchmarks.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeFiles } from '../packages/core/src/engine/index.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: '21' }, users: { type: 'string', default: '290' }, 'per-day': { type: 'string', default: '40' }, out: { type: 'string', default: new URL('./out/realistic/', import.meta.url).pathname } } });
const DAYS = Number(values.days);
const USERS = Number(values.users);
const PER_DAY = Number(values['per-day']);
const OUT = values.out!;

let seed = 424242;
const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const START = Date.UTC(2026, 8, 1);
const HOLIDAYS = new Set(['2026-09-07']);
const dayOf = (d: number) => new Date(START + d * 86_400_000);
const iso = (d: number) => dayOf(d).toISOString().slice(0, 10);
const isWorkday = (d: number) => ![0, 6].includes(dayOf(d).getUTCDay()) && !HOLIDAYS.has(iso(d));
const clock = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;

const sm20: string[] = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
const cdhdr: string[] = ['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND'];
const cdpos: string[] = ['OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD'];
const tickets: string[] = ['Number,Title,Description,Request user,Assigned to,Request time,Close time,Status'];

const sm20Date = (d: number) => {
  const x = dayOf(d);
  return `${pad(x.getUTCDate())}.${pad(x.getUTCMonth() + 1)}.${x.getUTCFullYear()}`;
};
const ev = (d: number, s: number, user: string, term: string, tcode: string, event: string, text: string, v1 = '', v2 = '', v3 = '') =>
  sm20.push([sm20Date(d), clock(s), '100', user, term, tcode, '', event, `"${text}"`, v1, v2, v3].join(','));
let changeNr = 1_000_000;
/** A change document with its items: [table, key, field, new, old]. */
const doc = (d: number, s: number, user: string, tcode: string, objectclas: string, objectid: string, items: [string, string, string, string, string][], ind = 'U') => {
  const nr = pad(changeNr++, 10);
  cdhdr.push([objectclas, objectid, nr, user, iso(d).replaceAll('-', ''), clock(s).replaceAll(':', ''), tcode, ind].join(','));
  for (const [tab, key, field, nv, ov] of items) cdpos.push([objectclas, objectid, nr, tab, key, field, field === 'KEY' ? 'I' : 'U', nv, ov].join(','));
};
let ticketNr = 1;
const ticket = (user: string, d: number, from: number, to: number, title: string) =>
  tickets.push([`INC${pad(ticketNr++, 6)}`, title, `${title} for ${user}`, user, '', `${iso(d)} ${clock(from)}`, `${iso(d)} ${clock(to)}`, 'Closed'].join(','));

// --- everyday activity -------------------------------------------------------------------------
const dialog = Array.from({ length: Math.max(10, USERS - 40) }, (_, i) => `U${pad(i + 1, 4)}`);
const finance = dialog.slice(0, 12);
const batch = Array.from({ length: 20 }, (_, i) => `BATCH_${pad(i + 1)}`);
const iface = Array.from({ length: 10 }, (_, i) => `IF_${pad(i + 1)}`);
const admins = Array.from({ length: 10 }, (_, i) => `ADM_${pad(i + 1)}`);
const TCODES = ['VA01', 'VA02', 'VA03', 'ME21N', 'ME22N', 'ME23N', 'FB03', 'MM02', 'MM03', 'MIGO', 'VL02N', 'FBL1N'];
/**
 * The change documents a dialog transaction writes: its object class and the tables of that class
 * with a field changed there (header or item), as SAP pairs them. Display transactions write none.
 */
const DOCUMENTS: Record<string, { objectclas: string; items: [table: string, field: string][] }> = {
  VA01: { objectclas: 'VERKBELEG', items: [['VBAK', 'NETWR'], ['VBAP', 'NETWR'], ['VBAP', 'KWMENG']] },
  VA02: { objectclas: 'VERKBELEG', items: [['VBAK', 'NETWR'], ['VBAP', 'NETWR'], ['VBAP', 'KWMENG']] },
  ME21N: { objectclas: 'EINKBELEG', items: [['EKKO', 'ZTERM'], ['EKPO', 'NETPR'], ['EKPO', 'MENGE']] },
  ME22N: { objectclas: 'EINKBELEG', items: [['EKKO', 'ZTERM'], ['EKPO', 'NETPR'], ['EKPO', 'MENGE']] },
  MM02: { objectclas: 'MATERIAL', items: [['MARA', 'MATKL'], ['MARC', 'MINBE']] },
  VL02N: { objectclas: 'LIEFERUNG', items: [['LIKP', 'LFDAT'], ['LIPS', 'LFIMG']] },
};
/** A document's TABKEY: client, the object's number and, for an item table, the item number. */
const tabkey = (table: string, id: string) => `100${id}${/^(VBAP|EKPO|LIPS|MARC)$/.test(table) ? (table === 'MARC' ? '1000' : '000010') : ''}`;

for (let d = 0; d < DAYS; d++) {
  if (isWorkday(d)) {
    for (const u of dialog) {
      const term = `PC${u.slice(1)}`;
      let s = 7 * 3600 + 30 * 60 + Math.floor(rnd() * 3600);
      ev(d, s, u, term, '', 'AU1', 'Logon successful (type=A)');
      for (let k = 0; k < PER_DAY && s < 18 * 3600; k++) {
        s += 60 + Math.floor(rnd() * 600);
        const t = pick(TCODES);
        ev(d, s, u, term, t, 'AU3', `Transaction ${t} started.`, t);
        const written = DOCUMENTS[t];
        if (written !== undefined && rnd() < 0.2) {
          const id = pad(Math.floor(rnd() * 1e8), written.objectclas === 'MATERIAL' ? 18 : 10);
          const [table, field] = pick(written.items);
          doc(d, s + 30, u, t, written.objectclas, id, [[table, tabkey(table, id), field, String(Math.floor(rnd() * 1000)), '0']]);
        }
      }
      // A few failed logons now and then: never five (a look-alike of a burst).
      if (rnd() < 0.05) for (let k = 0; k < 3; k++) ev(d, 7 * 3600 + k * 40, u, term, '', 'AU2', 'Logon failed (reason=1, type=A)');
    }
    // Finance: vendor bank changes in business hours, with a ticket; the payment run is someone else's.
    for (const u of finance) {
      if (rnd() < 0.3) {
        const s = 10 * 3600 + Math.floor(rnd() * 4 * 3600);
        ticket(u, d, s - 3600, s + 3600, 'Vendor bank details update');
        ev(d, s - 60, u, `PC${u.slice(1)}`, 'XK02', 'AU3', 'Transaction XK02 started.', 'XK02');
        doc(d, s, u, 'XK02', 'KRED', pad(100000 + Math.floor(rnd() * 900), 10), [['LFBK', `100${pad(Math.floor(rnd() * 900), 3)}`, 'BANKN', String(Math.floor(rnd() * 1e9)), String(Math.floor(rnd() * 1e9))]]);
      }
    }
    ev(d, 15 * 3600, 'U0020', 'PC0020', 'F110', 'AU3', 'Transaction F110 started.', 'F110');
    // Administrators create users with tickets; the new user logs on from its own terminal.
    for (const a of admins.slice(0, 3)) {
      if (rnd() < 0.4) {
        const nu = `NEW${pad(d)}${a.slice(-2)}`;
        const s = 9 * 3600 + Math.floor(rnd() * 3 * 3600);
        ticket(a, d, s - 600, s + 3600, `Create user ${nu}`);
        ev(d, s, a, `PC${a}`, 'SU01', 'AU7', `User ${nu} created.`, nu);
        ev(d, s + 1800, nu, `PC${nu}`, '', 'AU1', 'Logon successful (type=A)');
      }
    }
    // Nine downloads of one user: below the mass-download threshold.
    for (let k = 0; k < 9; k++) ev(d, 14 * 3600 + k * 120, 'U0030', 'PC0030', 'SE16N', 'AUY', `Download of ${k} bytes to file C:\\temp\\x${k}.xls`, 'x');
  }
  // Nightly batch every day (weekends and holidays too), DDIC logs on for it.
  ev(d, 3600, 'DDIC', 'BATCHSRV', '', 'AU1', 'Logon successful (type=B)');
  for (const b of batch) {
    for (let k = 0; k < 6; k++) {
      const s = 3600 + Math.floor(rnd() * 3 * 3600);
      doc(d, s, b, 'SE38', 'BELEG', pad(Math.floor(rnd() * 1e9), 10), [['BSEG', String(k), 'ZUONR', 'A', 'B']]);
    }
  }
  for (const f of iface) {
    for (let h = 0; h < 24; h += 3) {
      const id = pad(Math.floor(rnd() * 1e9), 18);
      doc(d, h * 3600 + 300, f, 'IDOC', 'MATERIAL', id, [['MARA', tabkey('MARA', id), 'MATKL', 'B', 'A']]);
    }
  }
}

// --- planted incidents: [actor, kind] ------------------------------------------------------------
const planted: [string, string][] = [];
const plant = (actor: string, kind: string) => planted.push([actor, kind]);
const w = [2, 3, 4, 8, 9, 10, 11, 14, 15, 16, 17, 18].filter((d) => d < DAYS);
const at = (k: number) => w[k % w.length]!;

// 1. Debugger change, then a document 10 minutes later, at night.
ev(at(0), 22 * 3600, 'U0101', 'PC0101', 'SE38', 'CUL', 'Field content in debugger changed by user U0101: X (Y)', 'U0101', 'X', 'Y');
doc(at(0), 22 * 3600 + 600, 'U0101', 'FB02', 'BELEG', '4900001234', [['BSEG', '1', 'WRBTR', '99999', '1']]);
plant('U0101', 'debugger change then document');
// 2. Self-authorisation: an administrator gives himself SAP_ALL.
doc(at(1), 11 * 3600, 'ADM_09', 'SU01', 'IDENTITY', 'ADM_09', [['UST04', '100ADM_09       SAP_ALL', 'KEY', '', '']], 'U');
plant('ADM_09', 'self-authorisation');
// 3. Brute force, then use: six failed logons of U0150 from a strange terminal, then in, then a change.
for (let k = 0; k < 6; k++) ev(at(2), 2 * 3600 + k * 50, 'U0150', 'KALI01', '', 'AU2', 'Logon failed (reason=1, type=A)');
ev(at(2), 2 * 3600 + 400, 'U0150', 'KALI01', '', 'AU1', 'Logon successful (type=A)');
doc(at(2), 2 * 3600 + 900, 'U0150', 'XK02', 'KRED', '0000100777', [['LFA1', '100777', 'STRAS', 'Elsewhere 1', 'Main St 2']]);
plant('U0150', 'brute force, then use');
// 4. Audit log switched off, then a table changed directly.
ev(at(3), 20 * 3600, 'U0160', 'PC0160', 'SM19', 'AUJ', 'Audit configuration changed: audit log status 0', '0');
ev(at(3), 21 * 3600, 'U0160', 'PC0160', 'SE16N', 'DU9', 'Generic table access call to BSEG with activity 02 (auth. check: 0)', 'BSEG', '02', '0');
plant('U0160', 'audit log tampering, then a change');
// 5. Bank details changed, payment run by the same person two days later, no ticket.
doc(at(4), 16 * 3600, 'U0170', 'XK02', 'KRED', '0000100888', [['LFBK', '100888', 'BANKN', '987654321', '123456789']]);
ev(at(4) + 2, 11 * 3600, 'U0170', 'PC0170', 'F110', 'AU3', 'Transaction F110 started.', 'F110');
plant('U0170', 'bank change, then payment');
// 6. Emergency ID used without a ticket, changing data.
ev(at(5), 23 * 3600, 'FF_007', 'PC0900', '', 'AU1', 'Logon successful (type=A)');
doc(at(5), 23 * 3600 + 300, 'FF_007', 'SU01', 'IDENTITY', 'U0199', [['USR02', 'U0199', 'UFLAG', '0', '64']]);
plant('FF_007', 'emergency access without ticket');
// 7. Mass download.
for (let k = 0; k < 15; k++) ev(at(6), 13 * 3600 + k * 100, 'U0180', 'PC0180', 'SE16N', 'AUY', `Download of ${k} bytes to file C:\\temp\\vendors${k}.xls`, 'x');
plant('U0180', 'mass download');
// 8. A user created and used from the creator's terminal, then changing data.
ev(at(7), 19 * 3600, 'ADM_08', 'PCADM_08', 'SU01', 'AU7', 'User TMP_X created.', 'TMP_X');
ev(at(7), 19 * 3600 + 600, 'TMP_X', 'PCADM_08', '', 'AU1', 'Logon successful (type=A)');
doc(at(7), 19 * 3600 + 1200, 'TMP_X', 'XK02', 'KRED', '0000100999', [['LFBK', '100999', 'BANKN', '555', '444']]);
plant('ADM_08', 'user created and used');
// 9. Undocumented table change.
ev(at(8), 15 * 3600, 'U0190', 'PC0190', 'SE16N', 'DU9', 'Generic table access call to T001 with activity 02 (auth. check: 0)', 'T001', '02', '0');
plant('U0190', 'undocumented table change');
// 10. System opened for changes, then changes.
ev(at(9), 21 * 3600, 'ADM_07', 'PCADM_07', 'SE06', 'EU1', 'System change option changed', 'SYSTEM', 'Modifiable');
doc(at(9), 21 * 3600 + 900, 'ADM_07', 'SE38', 'BELEG', '4900009999', [['BSEG', '1', 'ZUONR', 'X', 'Y']]);
plant('ADM_07', 'system opened for changes');
// 11. SAP_ALL given to a user (by an administrator), who changes vendor data the same evening.
doc(at(10), 17 * 3600, 'ADM_06', 'SU01', 'IDENTITY', 'U0210', [['UST04', '100U0210       SAP_ALL', 'KEY', '', '']], 'U');
doc(at(10), 20 * 3600, 'U0210', 'XK02', 'KRED', '0000100555', [['LFBK', '100555', 'BANKN', '1', '2']]);
plant('ADM_06', 'sensitive profile assigned');
// 12. A sensitive change at night without a ticket.
doc(at(11), 23 * 3600, 'U0220', 'XK02', 'KRED', '0000100444', [['LFBK', '100444', 'BANKN', '777', '666']]);
plant('U0220', 'after-hours sensitive change');

// Look-alikes that must not be critical.
const lookAlikes = ['DDIC', 'BATCH_01', 'IF_01', 'U0020', 'U0030', 'ADM_01', finance[0]!];

mkdirSync(OUT, { recursive: true });
const files = { 'sm20.csv': sm20, 'cdhdr.csv': cdhdr, 'cdpos.csv': cdpos, 'tickets.csv': tickets };
for (const [name, lines] of Object.entries(files)) writeFileSync(join(OUT, name), `${lines.join('\n')}\n`);
const records = Object.values(files).reduce((n, l) => n + l.length - 1, 0);
console.log(`Generated ${records.toLocaleString('en-US')} records over ${DAYS} days, ${dialog.length + batch.length + iface.length + admins.length + 2} users, in ${OUT}`);

const started = performance.now();
const report = await analyzeFiles(Object.keys(files).map((n) => join(OUT, n)), { outDir: join(OUT, 'result'), timelineIndex: false, highRecords: false, findings: false });
const cases = report.cases ?? [];
const levels: Record<string, number> = {};
for (const c of cases) levels[c.risk_level] = (levels[c.risk_level] ?? 0) + 1;
console.log(`Analysed in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.suspicious_patterns.length.toLocaleString('en-US')} patterns, ${cases.length} cases (${Object.entries(levels).map(([k, n]) => `${n} ${k}`).join(', ')})`);
const rankOf = (actor: string) => cases.findIndex((c) => c.actor === actor);
console.log('\nPlanted incidents: rank of the actor among the cases (1 = first)');
for (const [actor, kind] of planted) {
  const i = rankOf(actor);
  const c = cases[i];
  console.log(`  ${String(i + 1).padStart(4)}  ${actor.padEnd(8)} ${kind.padEnd(38)} ${c ? `${c.risk_level} ${c.score}${c.escalations.length ? ` (${c.escalations.map((e) => e.kind).join(', ')})` : ''}` : 'NO CASE'}`);
}
console.log('\nLook-alikes (must not be critical)');
for (const actor of lookAlikes) {
  const i = rankOf(actor);
  const c = cases[i];
  console.log(`  ${String(i + 1).padStart(4)}  ${actor.padEnd(8)} ${c ? `${c.risk_level} ${c.score} ${c.rules.map((r) => `${r.rule}×${r.count}${r.routine ? ' routine' : ''}`).join(', ')}` : 'no case'}`);
}
console.log('\nFirst 25 cases');
cases.slice(0, 25).forEach((c, i) => console.log(`  ${String(i + 1).padStart(4)}  ${c.risk_level.padEnd(8)} ${String(c.score).padStart(3)}  ${c.actor_kind === 'none' ? '(no header)' : c.actor}  ${c.rules.map((r) => `${r.rule}×${r.count}${r.routine ? 'R' : ''}`).join(' ')}`));
