/**
 * Synthetic, deterministic SAP exports for the pipeline suites and the API bench (SAP GUI
 * header labels from DETECTION.md), and the engine run directly on the same bytes, which is
 * what an analysis through the API must reproduce.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisReport, ByteSink, FileStepResult } from '@app/core';
import { engine } from '@app/core/engine/index.ts';
import { createFolderWorkspace } from '@app/core/workspace/folder-workspace.ts';
import { loadDefaultLists } from '@app/core/lists/index.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Events cycled through SM20 rows: flagged and unflagged activity in a fixed mix. */
const SM20_EVENTS = [
  { tcode: 'SU01', program: 'SAPMSUU0', event: 'AU3', text: 'Transaction SU01 started' },
  { tcode: 'VA01', program: 'SAPMV45A', event: 'AU3', text: 'Transaction VA01 started' },
  { tcode: 'SE38', program: 'RSDEBUG', event: 'CUL', text: 'Field content changed in debugger' },
  { tcode: '', program: 'SAPMSYST', event: 'AU2', text: 'Logon failed (reason = 1, type = A)' },
  { tcode: 'SM30', program: 'SAPLSVIM', event: 'AU3', text: 'Transaction SM30 started' },
  { tcode: 'ME23N', program: 'SAPLMEGUI', event: 'AU3', text: 'Transaction ME23N started' },
  { tcode: '', program: 'RSBTCRTE', event: 'AUW', text: 'Report RSBTCRTE started' },
  { tcode: 'FB03', program: 'SAPMF05L', event: 'AU3', text: 'Transaction FB03 started' },
];
const USERS = ['ALICE', 'BOB', 'CAROL', 'DAVE'];

/** An SM20 CSV export with `rows` records (about 110 bytes per row). */
export function sm20Csv(rows: number): string {
  const lines = ['Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text'];
  for (let i = 0; i < rows; i++) {
    const e = SM20_EVENTS[i % SM20_EVENTS.length]!;
    const seconds = (i * 37) % 86_400;
    const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
    const day = 2 + (Math.floor(i / 500) % 20);
    lines.push(`${pad(day)}.11.2026,${time},100,${USERS[i % USERS.length]},TERM${i % 7},${e.tcode},${e.program},${e.event},${e.text}`);
  }
  return lines.join('\r\n') + '\r\n';
}

/** CDHDR headers for change numbers 1..n (users and times match the SM20 fixture's users). */
export function cdhdrCsv(n: number): string {
  const classes = ['BELEG', 'KRED', 'MATERIAL', 'PFCG'];
  const tcodes = ['FB02', 'XK02', 'MM02', 'PFCG'];
  const lines = ['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND'];
  for (let i = 1; i <= n; i++) {
    const hour = (i * 5) % 24;
    lines.push(`${classes[i % 4]},OBJ${String(i).padStart(6, '0')},${String(i).padStart(10, '0')},${USERS[i % USERS.length]},2026${'11'}${pad(2 + (i % 20))},${pad(hour)}${pad(i % 60)}00,${tcodes[i % 4]},U`);
  }
  return lines.join('\r\n') + '\r\n';
}

/** Two CDPOS items per CDHDR header, one touching a sensitive field. */
export function cdposCsv(n: number): string {
  const classes = ['BELEG', 'KRED', 'MATERIAL', 'PFCG'];
  const lines = ['OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD'];
  for (let i = 1; i <= n; i++) {
    const head = `${classes[i % 4]},OBJ${String(i).padStart(6, '0')},${String(i).padStart(10, '0')}`;
    lines.push(`${head},BSEG,100${String(i).padStart(10, '0')},DMBTR,U,${100 + i}.00,${i}.00`);
    lines.push(`${head},LFA1,100${String(i).padStart(10, '0')},NAME1,U,Vendor ${i} new,Vendor ${i}`);
  }
  return lines.join('\r\n') + '\r\n';
}

export interface FixtureFile {
  name: string;
  bytes: Uint8Array;
}

export const text = (s: string) => new TextEncoder().encode(s);

const discard = (): ByteSink => ({ write() {}, end: async () => {} });

/** The engine on the same bytes with the default lists and the US calendar, in one thread, no server involved (outputs discarded unless given). */
export async function analyseDirectly(files: FixtureFile[], outputs: { xlsx: ByteSink; csv: ByteSink } = { xlsx: discard(), csv: discard() }): Promise<AnalysisReport> {
  const dir = await mkdtemp(join(tmpdir(), 'engine-direct-'));
  try {
    const ctx = {
      workspace: createFolderWorkspace(dir),
      lists: loadDefaultLists(),
      settings: { holidays: { country: 'US' } },
      openSource: (i: number) => (async function* () { yield files[i]!.bytes; })(),
    };
    const results: FileStepResult[] = [];
    for (const [i, f] of files.entries()) results.push(await engine.parseAndFlagFile(ctx, i, f.name));
    await engine.correlateFiles(ctx, results);
    return await engine.writeReports(ctx, results, outputs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A helpdesk (SysAid-like) ticket export naming the fixture users. */
export function ticketsCsv(n: number): string {
  const lines = ['Ticket ID,Title,Description,Request user,Request time,Close time,Status'];
  for (let i = 1; i <= n; i++) {
    const day = 2 + (i % 20);
    lines.push(`${10_000 + i},Change request ${i},Update vendor master data for ${USERS[i % USERS.length]},${USERS[i % USERS.length]},2026-11-${pad(day)} 08:00:00,2026-11-${pad(day)} 17:00:00,Closed`);
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * A generator's output of about `bytes` bytes and never more (rows grow longer with their
 * number, so the estimate from a sample is cut back at a row boundary when it overshoots).
 */
function ofSize(generate: (rows: number) => string, bytes: number): string {
  const perRow = generate(1000).length / 1000;
  const out = generate(Math.max(1, Math.round(bytes / perRow)));
  return out.length <= bytes ? out : out.slice(0, out.lastIndexOf('\r\n', bytes) + 2);
}

export const fixturesOfSize = {
  sm20: (bytes: number) => ofSize(sm20Csv, bytes),
  cdhdr: (bytes: number) => ofSize(cdhdrCsv, bytes),
  cdpos: (bytes: number) => ofSize((n) => cdposCsv(Math.ceil(n / 2)), bytes),
  tickets: (bytes: number) => ofSize(ticketsCsv, bytes),
};
