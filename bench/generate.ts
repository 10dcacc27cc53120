/**
 * Seeded, realistic synthetic SAP exports for the benchmark (never real customer data).
 * Same seed and size: byte-identical files.
 */
import { createWriteStream } from 'node:fs';

/** mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USERS = Array.from({ length: 400 }, (_, i) => `USER${String(i).padStart(4, '0')}`);
// Day-to-day business transactions dominate a real audit log; administrative ones are a few per cent.
const BUSINESS_TCODES = ['VA01', 'VA02', 'VA03', 'ME21N', 'ME23N', 'MIGO', 'FB03', 'FBL1N', 'FBL3N', 'MM03', 'KS03', 'VL02N', 'MB51', 'ME2N', 'VF03', 'CO03', 'MD04', 'IW33'];
const ADMIN_TCODES = ['SU01', 'PFCG', 'SE38', 'SE16N', 'SM30', 'SM37', 'STMS', 'XK02', 'SPRO', 'SE80', 'SM59', 'FB01', 'MM02'];
const TCODES = [...BUSINESS_TCODES, ...ADMIN_TCODES];
const TABLES = ['MARA', 'KNA1', 'LFA1', 'USR02', 'T000', 'BSEG', 'ZCUSTOM', 'VBAK', 'AGR_1251', 'EKKO'];
const CLASSES = ['BELEG', 'KRED', 'DEBI', 'MATERIAL', 'EINKBELEG', 'VERKBELEG', 'ZCUSTOM', 'IDENTITY'];
const FIELDS = ['BANKN', 'MATKL', 'NETPR', 'ZTERM', 'MENGE', 'STRAS', 'NAME1', 'WAERS', 'LIFNR', 'ERNAM'];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

async function writeUntil(path: string, targetBytes: number, header: string, nextRow: () => string): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  let rows = 0;
  let chunk = `${header}\r\n`;
  while (bytes + chunk.length < targetBytes) {
    for (let i = 0; i < 2000; i++) {
      chunk += `${nextRow()}\r\n`;
      rows++;
    }
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    chunk = '';
  }
  await new Promise<void>((res, rej) => out.end((e?: Error) => (e ? rej(e) : res())));
  return rows;
}

/** A day-first, comma-separated RSAU_READ_LOG export. */
export function generateSm20(path: string, targetBytes: number, seed = 1): Promise<number> {
  const r = seededRandom(seed);
  let t = Date.UTC(2026, 9, 1, 6, 0, 0) / 1000;
  return writeUntil(path, targetBytes, 'Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3', () => {
    t += Math.floor(r() * 8);
    const d = new Date(t * 1000);
    const date = `${pad2(d.getUTCDate())}.${pad2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
    const time = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
    const user = pick(r, USERS);
    const term = `PC${String(Math.floor(r() * 300)).padStart(3, '0')}`;
    const tcode = r() < 0.92 ? pick(r, BUSINESS_TCODES) : pick(r, ADMIN_TCODES);
    const x = r();
    if (x < 0.45) return `${date},${time},100,${user},${term},${tcode},SAPMSYST,AU3,Transaction ${tcode} started.,${tcode},,`;
    if (x < 0.7) return `${date},${time},100,${user},${term},,SAPMSYST,AU1,"Logon successful (type=A, method=A)",A,,A`;
    if (x < 0.85) return `${date},${time},100,${user},${term},${tcode},SAPLSBAL,AUW,Report SAPLSBAL started,SAPLSBAL,,`;
    if (x < 0.9) {
      const table = pick(r, TABLES);
      const act = r() < 0.7 ? '03' : '02';
      return `${date},${time},100,${user},${term},SE16N,/1BCDWB/DBZTAB,DU9,Generic table access call to ${table} with activity ${act} (auth. check: 0),${table},${act},0`;
    }
    if (x < 0.94) return `${date},${time},100,${user},${term},,SAPMSYST,AU2,"Logon failed (reason=1, type=A, method=A)",A,1,A`;
    if (x < 0.96) return `${date},${time},100,${user},${term},SU01,SAPMSU01,AUD,User master record ${pick(r, USERS)} changed.,${pick(r, USERS)},,`;
    if (x < 0.965) return `${date},${time},100,${user},${term},SE38,RSDEBUG,CUL,Field content in debugger changed by user ${user}: X (Y),${user},X,Y`;
    if (x < 0.98) return `${date},${time},100,${user},${term},,RFC,AUK,Successful RFC call RFC_READ_TABLE (function group = SDTX),SDTX,,RFC_READ_TABLE`;
    return `${date},${time},100,${user},${term},${tcode},SAPLSMTR,AUY,Download 2048 Bytes to File C:\\temp\\x.xls,2048,,C:\\temp\\x.xls`;
  });
}

/** Change numbers shared by the CDHDR and CDPOS generators (same seed, same numbering). */
export function generateCdhdr(path: string, targetBytes: number, seed = 2): Promise<number> {
  const r = seededRandom(seed);
  let n = 1_000_000;
  let t = Date.UTC(2026, 9, 1, 6, 0, 0) / 1000;
  return writeUntil(path, targetBytes, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND', () => {
    t += Math.floor(r() * 20);
    const d = new Date(t * 1000);
    const cls = CLASSES[n % CLASSES.length]!;
    return `${cls},${String(n % 50_000).padStart(10, '0')},${String(n++).padStart(10, '0')},${pick(r, USERS)},${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())},${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())},${pick(r, TCODES)},U`;
  });
}

export function generateCdpos(path: string, targetBytes: number, seed = 3): Promise<number> {
  const r = seededRandom(seed);
  let n = 1_000_000;
  let item = 0;
  return writeUntil(path, targetBytes, 'OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD', () => {
    // About three items per change document.
    if (item++ >= 3) {
      item = 1;
      n++;
    }
    const cls = CLASSES[n % CLASSES.length]!;
    const value = (r() * 100000).toFixed(2);
    return `${cls},${String(n % 50_000).padStart(10, '0')},${String(n).padStart(10, '0')},${pick(r, TABLES)},100${String(n % 50_000).padStart(10, '0')},${pick(r, FIELDS)},U,${value},${(r() * 100000).toFixed(2)}`;
  });
}

export function generateTickets(path: string, targetBytes: number, seed = 4): Promise<number> {
  const r = seededRandom(seed);
  let n = 1;
  let t = Date.UTC(2026, 9, 1, 8, 0, 0) / 1000;
  return writeUntil(path, targetBytes, 'Number,Title,Description,Request user,Request time,Close time,Status', () => {
    t += Math.floor(r() * 30);
    const open = new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const close = new Date((t + 3600 * 8) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    return `INC${String(n++).padStart(8, '0')},Change request for ${pick(r, TCODES)},"Please update master data for ${pick(r, USERS)}, approved by manager",${pick(r, USERS)},${open},${close},Closed`;
  });
}
