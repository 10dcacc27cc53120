import { describe, expect, it } from 'vitest';
import { createCanonicalRecord } from '../../flags/canonical-record.ts';
import { RowScanner } from '../../formats/row-scanner.ts';
import { createRecordExtractor } from './record-extractor.ts';
import { CodeTable, DEBUG_TEXT_PATTERNS, ViewRecord, addressEnd } from './view-record.ts';
import { DictColumnBuilder } from '../../facts/column-builders.ts';
import { toEpoch } from '../../facts/file-facts.ts';
import { peerAddress } from './declared-facts.ts';

const HEADER = ['DATE', 'TIME', 'USER', 'TCODE', 'PROGRAM', 'EVENT', 'MESSAGE', 'VAR1', 'VAR2', 'VAR3'];
const canonical = Object.fromEntries(HEADER.map((h, i) => [h, i]));
const FIELDS = ['var1', 'var2', 'var3', 'message', 'program', 'event', 'tcode', 'user', 'date', 'time'] as const;

type Field = (typeof FIELDS)[number];

/** Each row through RowScanner + ViewRecord, reading `order` (then maybeDebugText), against the extractor over split rows. */
function readBoth(rows: string[][], order: readonly Field[]) {
  const viewed: Record<string, string | boolean>[] = [];
  const rec = new ViewRecord('SM20', canonical, 'DMY', ',');
  const scanner = new RowScanner(',', { width: HEADER.length, header: HEADER }, 1, (row) => {
    rec.load(row);
    const got: Record<string, string | boolean> = {};
    for (const f of order) got[f] = rec[f];
    got.maybeDebugText = rec.maybeDebugText;
    viewed.push(got);
  }, DEBUG_TEXT_PATTERNS, 6);
  scanner.push(`${[HEADER, ...rows].map((r) => r.join(',')).join('\n')}\n`);
  scanner.end();
  const extract = createRecordExtractor('SM20', canonical, 'DMY');
  const want = rows.map((row) => {
    const r = createCanonicalRecord('SM20');
    extract(row, r);
    return Object.fromEntries(order.map((f) => [f, r[f]]));
  });
  return { viewed, want };
}

const ROWS = [
  ['01.10.2026', '06:00:05', 'U1', 'MM02', 'SAPMSYST', 'AU3', 'Transaction MM02 started.', 'MM02', '', ''],
  ['01.10.2026', '06:00:06', 'U2', 'SE38', 'RSDEBUG', 'CUL', 'Field content in debugger changed', 'U2', 'X', 'Y'],
  ['01.10.2026', '06:00:07', 'U3', '', 'RFC', 'AUK', 'Call', 'SDTX&A B&RFC_READ_TABLE', '', ''],
  ['01.10.2026', '06:00:08', 'U4', '', 'RFC', 'AUK', 'Call', 'SDTX&A', 'two', ''],
  ['01.10.2026', '06:00:09', 'U5', 'SE80', 'X', 'AUW', 'DEBUGGING ON', 'A', '', ''],
  ['01.10.2026', '06:00:10', 'U6', 'SE80', 'X', 'AUW', 'Report started', 'A', 'CODE -> EDIT', ''],
  ['01.10.2026', '06:00:11', 'U7', 'SE80', 'X', 'AUW', 'Report started', 'BUGS', '', ''],
];

describe('ViewRecord', () => {
  it('gives the extractor values whatever is read first, VAR2 and VAR3 alone, and all three from one cell with "&"', () => {
    for (const order of [FIELDS, [...FIELDS].reverse(), ['var2', 'var1'], ['var3'], ['var1']] as Field[][]) {
      const { viewed, want } = readBoth(ROWS, order);
      expect(viewed.map(({ maybeDebugText: _, ...v }) => v)).toEqual(want);
    }
    const { viewed } = readBoth(ROWS, ['var3']);
    expect(viewed[2]!.var3).toBe('RFC_READ_TABLE');
    expect(viewed[3]!.var3).toBe('');
  });

  it('says a row may mention debugging or hold "->" only when its text does ("bug" without "ebug" is a harmless maybe)', () => {
    const { viewed } = readBoth(ROWS, []);
    expect(viewed.map((v) => v.maybeDebugText)).toEqual([false, true, false, false, true, true, true]);
  });
});

describe('ViewRecord over change-document items', () => {
  const HEAD = ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'FNAME', 'CHNGIND'];
  const canon = Object.fromEntries(HEAD.map((h, i) => [h, i]));
  it('gives the extractor values when key cells repeat, change, are quoted or padded', () => {
    const lines = ['BELEG,0001,0100,BSEG,DMBTR,U', 'BELEG,0001,0100,BSEG,WRBTR,U', 'BELEG, 0001 ,"0100",BKPF,XBLNR,U', 'IDENTITY,KWEBER,0101,USR02,UFLAG,U', 'IDENTITY,"K""W",0101,,,I', 'IDENTITY,,0102,USR02,UFLAG,U'];
    const viewed: string[][] = [];
    const rec = new ViewRecord('CDPOS', canon, 'DMY', ',');
    const scanner = new RowScanner(',', { width: HEAD.length, header: HEAD }, 1, (row) => {
      rec.load(row);
      viewed.push([rec.objectclas, rec.objectid, rec.changenr, rec.tabname, rec.fname, rec.chngind, rec.date, rec.time]);
    }, DEBUG_TEXT_PATTERNS, rec.eagerCells);
    scanner.push(`${[HEAD.join(','), ...lines].join('\n')}\n`);
    scanner.end();
    expect(viewed).toEqual([
      ['BELEG', '0001', '0100', 'BSEG', 'DMBTR', 'U', '', ''],
      ['BELEG', '0001', '0100', 'BSEG', 'WRBTR', 'U', '', ''],
      ['BELEG', '0001', '0100', 'BKPF', 'XBLNR', 'U', '', ''],
      ['IDENTITY', 'KWEBER', '0101', 'USR02', 'UFLAG', 'U', '', ''],
      ['IDENTITY', 'K"W', '0101', '', '', 'I', '', ''],
      ['IDENTITY', '', '0102', 'USR02', 'UFLAG', 'U', '', ''],
    ]);
  });
});

describe('record columns from the file type homes (formats/<type>/index.ts record)', async () => {
  const { FILE_FORMATS } = await import('../../formats/file-formats.ts');
  const { RECORD_FIELDS } = await import('../../formats/file-format.ts');
  const { recordColumns } = await import('./record-extractor.ts');
  it('gives each type exactly the fields its home names', () => {
    for (const [type, format] of Object.entries(FILE_FORMATS)) {
      const all = [...format.canonical, ...format.extraCanonical];
      const cols = recordColumns(type as keyof typeof FILE_FORMATS, Object.fromEntries(all.map((c, i) => [c, i])));
      for (const f of RECORD_FIELDS) {
        const named = format.record.columns[f];
        expect(cols[f], `${type} ${f}`).toBe(named === undefined ? -1 : all.indexOf(named));
      }
    }
  });
  it('reads the old value of a change-document item, in the view as in the extractor', () => {
    const header = ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'TABKEY', 'FNAME', 'CHNGIND', 'VALUE_NEW', 'VALUE_OLD'];
    const row = ['PFCG', 'Z_ROLE', '0000000001', 'AGR_USERS', '100Z_ROLE', 'TO_DAT', 'U', '99991231', '20240101'];
    const cdpos = Object.fromEntries(header.map((h, i) => [h, i]));
    const got: string[] = [];
    const rec = new ViewRecord('CDPOS', cdpos, 'DMY', ',');
    const scanner = new RowScanner(',', { width: header.length, header }, 1, (r) => {
      rec.load(r);
      got.push(rec.valueOld, rec.valueNew, rec.fname);
    }, DEBUG_TEXT_PATTERNS, 6);
    scanner.push(`${header.join(',')}\n${row.join(',')}\n`);
    scanner.end();
    expect(got).toEqual(['20240101', '99991231', 'TO_DAT']);
    const r = createCanonicalRecord('CDPOS');
    createRecordExtractor('CDPOS', cdpos, 'DMY')(row, r);
    expect([r.valueOld, r.valueNew]).toEqual(['20240101', '99991231']);
  });
});

describe('ViewRecord read in place: epoch, user, terminal and peer address as step 1 keeps them', () => {
  const H = ['DATE', 'TIME', 'USER', 'TERMINAL', 'PEER', 'TCODE', 'PROGRAM', 'EVENT', 'MESSAGE', 'VAR1', 'VAR2', 'VAR3'];
  const canon = Object.fromEntries(H.map((h, i) => [h, i]));
  const tail = 'SU01,SAPMSYST,AU1,"Logon successful (type=A, method=A)",A,,A';
  const LINES = [
    `01.10.2026,06:00:05,U1,PC158,10.1.2.3:3200,${tail}`,
    `01.10.2026,06:00:06,U1,PC158,10.1.2.3:3201,${tail}`, // same day, same terminal
    `02.10.2026,23:59:59,U2,Bäckerei-PC,[fe80::1]:3200,${tail}`, // new day, UTF-16 terminal
    `01.10.2026,00:00:00,U3,端末7,fe80::1,${tail}`, // back to an earlier day
    `01.10.2026,060005,USER0001,PC1,10.0.0.1,${tail}`, // HHMMSS
    `01.10.2026,25:00:00,U4,PC2,[fe80::2,${tail}`, // an hour past the day (as written)
    `01.10.2026,06:61:00,U4,PC2,:3200,${tail}`,
    `01.10.2026,06:0a:05,U4,PC2,,${tail}`,
    `01.10.2026,0;:00:00,U4,PC2,,${tail}`, // not digits, though their codes make a small number
    `01.10.2026,06:5;:00,U4,PC2,,${tail}`,
    `01.10.2026,06:00:/9,U4,PC2,,${tail}`,
    `01.10.2026, 06:00:05 , U5 , PC3 , 10.9.9.9:1 ,${tail}`, // padded cells
    `"01.10.2026","06:00:05","U6","PC,4","10.1.1.1:80",${tail}`, // quoted cells
    `,2026-10-01T06:00:05Z,U7,PC5,10.2.2.2:22,${tail}`, // a stamp in the time cell, no date
    `2026-10-01 06:00:05,,U8,PC6,10.3.3.3:22,${tail}`, // a date-time in the date cell
    `xx.yy.zzzz,06:00:05,U9,PC7,10.4.4.4,${tail}`, // not a date
    `,06:00:05,U10,PC8,10.5.5.5,${tail}`, // no date
    `31.02.2026,06:00:05,U11,PC9,1.1.1.1:1,${tail}`,
    `03.10.2026,06:00:05`, // a short row: no user, terminal or peer cells
    `03.10.2026,06:00:07,U12,PC1,10.0.0.1:3200:1,${tail}`, // two colons: kept whole
  ];

  function both(timeZone: string, readUserFirst: boolean) {
    const got: unknown[] = [];
    const want: unknown[] = [];
    const rec = new ViewRecord('SM20', canon, 'DMY', ',', timeZone);
    const extract = createRecordExtractor('SM20', canon, 'DMY', timeZone);
    const users = new DictColumnBuilder(), terminals = new DictColumnBuilder(), peers = new DictColumnBuilder();
    const scanner = new RowScanner(',', { width: H.length, header: H }, 1, (row) => {
      rec.load(row);
      const ref = createCanonicalRecord('SM20');
      extract(row.row(), ref);
      if (readUserFirst) void rec.user;
      got.push(rec.epoch());
      rec.pushUser(users);
      rec.pushTerminal(terminals);
      rec.pushPeerAddress(peers);
      want.push(ref.date === '' ? null : (toEpoch(ref.date, ref.time) ?? Number.NaN));
      want.push([ref.user, ref.terminal, peerAddress(ref.peer)]);
      got.push([users.get(users.length - 1), terminals.get(terminals.length - 1), peers.get(peers.length - 1)]);
      // Dates and times read afterwards are still the row's own.
      expect([rec.date, rec.time]).toEqual([ref.date, ref.time]);
    }, DEBUG_TEXT_PATTERNS, 8);
    scanner.push(`${[H.join(','), ...LINES].join('\n')}\n`);
    scanner.end();
    return { got, want, users, terminals };
  }

  it('gives what the strings give (toEpoch of date and time, push of user, terminal, peerAddress(peer))', () => {
    for (const zone of ['UTC', 'Europe/Berlin'])
      for (const first of [false, true]) {
        const { got, want, users, terminals } = both(zone, first);
        expect(got.length).toBe(2 * LINES.length);
        expect(got).toEqual(want);
        expect(new Set(users.dict).size).toBe(users.dict.length);
        expect(terminals.dict).toContain('端末7');
      }
    const { got } = both('UTC', false);
    expect(got[0]).toBe(Date.UTC(2026, 9, 1, 6, 0, 5) / 1000);
    expect(got[4]).toBe(Date.UTC(2026, 9, 2, 23, 59, 59) / 1000);
    expect(got[6]).toBe(Date.UTC(2026, 9, 1) / 1000);
    expect(got[5]).toEqual(['U2', 'Bäckerei-PC', '[fe80::1]']);
    expect(got[7]).toEqual(['U3', '端末7', 'fe80::1']);
    expect(got[25]).toEqual(['U6', 'PC,4', '10.1.1.1']);
  });

  it('addressEnd cuts where peerAddress cuts', () => {
    for (const peer of ['', '10.1.2.3:3200', '10.1.2.3', '[fe80::1]:3200', '[fe80::1', 'fe80::1', ':', '::', ':3200', '[]', 'a:b:c', 'host:'])
      for (const [before, after] of [['', ''], ['x,', ',y'], ['[', ']:1']]) {
        const text = before + peer + after;
        expect(text.slice(before.length, addressEnd(text, before.length, before.length + peer.length))).toBe(peerAddress(peer));
      }
  });
});

describe('CodeTable', () => {
  it('answers every code set, through growth and colliding slots, and nothing else; clear forgets all', () => {
    const table = new CodeTable();
    const codes: number[] = [];
    // Codes as RowScanner.cellCode makes them (below 2^30), many sharing their low bits.
    for (let i = 1; i <= 5_000; i++) codes.push(i % 2 === 0 ? i << 18 : (i * 7919) % (2 ** 30 - 1) + 1);
    codes.forEach((c) => table.set(c, `v${c}`));
    expect(table.size).toBe(new Set(codes).size);
    for (const c of codes) expect(table.get(c)).toBe(`v${c}`);
    expect(table.get(3)).toBeUndefined();
    table.set(codes[0]!, 'again');
    expect(table.get(codes[0]!)).toBe('again');
    expect(table.size).toBe(new Set(codes).size);
    table.clear();
    expect(table.size).toBe(0);
    for (const c of codes.slice(0, 100)) expect(table.get(c)).toBeUndefined();
  });
});
