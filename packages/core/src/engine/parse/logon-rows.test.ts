import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../facts/index.ts';
import { loadDefaultLists } from '../../lists/index.ts';
import { createFolderWorkspace } from '../../workspace/index.ts';
import type { EngineContext } from '../contract.ts';
import { correlateAndStore } from '../correlate/correlate-step.ts';
import { flagContextOf } from '../engine.ts';
import { factsName } from '../names.ts';
import { parseAndFlagFile } from './parse-and-flag-file.ts';

// Step 1 keeps each successful logon as where its row lies in the source (byte offset and length);
// correlation reads the rows' cells there (logon-rows.ts). These files put logons of one user in
// both parts of a file and in a second file, after German text (multi-byte UTF-8, or Windows-1252
// bytes), read in 97-byte chunks (a character's bytes cut between chunks), with CRLF line ends and a
// byte order mark: the offsets and the logons read from them must be exact.

const HEADER = 'Datum;Uhrzeit;Mandant;Benutzer;Terminalname;Peer;Transaktionscode;Programm;Ereignis;Audit-Log-Meldungstext;Erster Variablenwert;Variable 2;Variable 3';
const row = (time: string, user: string, terminal: string, peer: string, event: string, text: string, var1 = '') => `18.11.2026;${time};100;${user};${terminal};${peer};;;${event};${text};${var1};;`;
const logon = (time: string, user: string, terminal: string, peer = '') => row(time, user, terminal, peer, 'AU1', 'Anmeldung erfolgreich (Typ=A)', 'A');
const german = (i: number) => row(`08:${String(i % 60).padStart(2, '0')}:00`, `FÜLL${i % 5}`, 'PC-Ä', '', 'AU3', `Transaktion SE38 gestartet, Größe ${'äöü€'.repeat(i % 4)}`, 'SE38');

type Encoding = 'utf-8' | 'windows-1252';

function encode(text: string, encoding: Encoding): Uint8Array {
  if (encoding === 'utf-8') return new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
  // Windows-1252: the characters above are all in Latin-1 but €, which is 0x80.
  return new Uint8Array(Buffer.from(text.replaceAll('€', '\u0080'), 'latin1'));
}

/** Two SM20 exports of one user's logons from four addresses: two in file A's first part, one in its second (and a logon without a date), one in file B. */
function files(): { texts: string[]; logons: string[][] } {
  const aFirst = [logon('09:00:00', 'KARL', 'PC-K1', '10.0.0.1:3200'), ...Array.from({ length: 30 }, (_, i) => german(i)), logon('09:05:00', 'KARL', 'PC-K2', '[fe80::1]:3200')];
  const aSecond = [...Array.from({ length: 20 }, (_, i) => german(i + 7)), logon('09:10:00', 'KARL', 'PC-K3'), ...Array.from({ length: 18 }, (_, i) => german(i + 3)), logon('', 'NODATE', 'PC-X').replace('18.11.2026', '')];
  const b = [german(1), logon('09:20:00', 'KARL', 'PC-K4', '10.0.0.4'), german(2)];
  const lines = (rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;
  return { texts: [lines([...aFirst, ...aSecond]), lines(b)], logons: [[...aFirst, ...aSecond].filter((r) => r.includes(';AU1;')), b.filter((r) => r.includes(';AU1;'))] };
}

async function* chunked(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 97) yield bytes.slice(i, i + 97);
}

/** Step 1 (file A in two parts when `split`) and correlation of both files; with `ranges` false, step 1 reads openFile's rows (values kept, no offsets). */
async function run(encoding: Encoding, split: boolean, ranges = true) {
  const { texts, logons } = files();
  const sources = texts.map((t) => encode(t, encoding));
  const temp = await mkdtemp(join(tmpdir(), 'logon-rows-'));
  try {
    const opened: [number, number, number][] = [];
    const full: EngineContext = {
      workspace: createFolderWorkspace(temp),
      lists: loadDefaultLists(),
      settings: { holidays: { country: 'US' } },
      openSource: (i) => chunked(sources[i]!),
      openSourceRange: (i, start, end) => (opened.push([i, start, end]), chunked(sources[i]!.subarray(start, end))),
      sourceSize: async (i) => sources[i]!.length,
    };
    const { openSourceRange: _, ...plain } = full;
    const ctx = ranges ? full : plain;
    const fc = flagContextOf(full);
    const step1 = [await parseAndFlagFile(ctx, fc, 0, 'a.csv', undefined, split ? { splitThreshold: 0, parts: 2 } : {}), await parseAndFlagFile(ctx, fc, 1, 'b.csv')];
    const rows = [];
    for (const f of step1) rows.push((await readFacts<{ logonRows: { starts: number[]; lengths: number[] } }>(full.workspace, factsName(f.index), (k) => k !== 'logonRows'))!.logonRows);
    opened.length = 0;
    const stored = await correlateAndStore(ctx, fc, step1);
    return { sources, logons, step1, rows, opened, patterns: stored.patterns.map((p) => [p.pattern, p.user, p.sm20_time, p.sm20_activity]) };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

describe('successful logons kept as their rows, read in correlation', () => {
  for (const encoding of ['utf-8', 'windows-1252'] as const) {
    it(`${encoding}: the offsets step 1 keeps are the logon rows' bytes, in both parts and both files`, async () => {
      const r = await run(encoding, true);
      expect(r.step1[0]!.parts?.ranges.length).toBe(2);
      // The second part starts after the first logon rows: logons were kept on both sides of the edge.
      const edge = r.step1[0]!.parts!.ranges[0]!.end;
      expect(r.rows[0]!.starts.filter((s) => s < edge).length).toBe(2);
      expect(r.rows[0]!.starts.filter((s) => s >= edge).length).toBe(2);
      const decode = new TextDecoder(encoding);
      for (let f = 0; f < 2; f++) {
        const got = r.rows[f]!.starts.map((s, i) => decode.decode(r.sources[f]!.subarray(s, s + r.rows[f]!.lengths[i]!)).replaceAll('\u0080', '€'));
        expect(got).toEqual(r.logons[f]!.map((l) => `${l}\r\n`));
      }
    });

    it(`${encoding}: correlation reads the logons there (MULTIPLE_LOGONS_BY_USER over both parts and files), the same patterns as from values`, async () => {
      const fromRows = await run(encoding, true);
      const shared = fromRows.patterns.filter((p) => p[0] === 'MULTIPLE_LOGONS_BY_USER');
      // One run of the four: two addresses of part 1, one of part 2 (the terminal: no peer), one of file B.
      expect(shared).toEqual([['MULTIPLE_LOGONS_BY_USER', 'KARL', '2026-11-18 09:10:00', 'Logons of KARL from 4 different addresses, 3 or more within 60 minutes (10.0.0.1, [fe80::1], PC-K3, 10.0.0.4)']]);
      // Only the files with logons are read, each once, from its first logon row to the end of its last.
      const first = (f: number) => fromRows.rows[f]!.starts[0]!;
      const end = (f: number) => fromRows.rows[f]!.starts.at(-1)! + fromRows.rows[f]!.lengths.at(-1)!;
      expect(fromRows.opened.sort((x, y) => x[0] - y[0])).toEqual([
        [0, first(0), end(0)],
        [1, first(1), end(1)],
      ]);
      // In one piece, and from openFile's rows (no offsets: the values are kept), the same patterns.
      const whole = await run(encoding, false);
      expect(whole.step1[0]!.parts).toBeUndefined();
      expect(whole.patterns).toEqual(fromRows.patterns);
      const values = await run(encoding, true, false);
      expect(values.rows.map((r) => r.starts)).toEqual([[], []]);
      expect(values.patterns).toEqual(fromRows.patterns);
    });
  }
});
