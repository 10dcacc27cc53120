import { describe, expect, it } from 'vitest';
import type { FileMeta } from '../../facts/index.ts';
import { FactsCollector, RowCells } from './collect-facts.ts';

const meta: FileMeta = {
  fileName: 'tickets.csv',
  fileType: 'TICKETS',
  columns: ['Number', 'Title', 'Description', 'Request user', 'Request time', 'Close time', 'Status'],
  canonical: { TICKET_ID: 0, TITLE: 1, DESCRIPTION: 2, USER: 3, REQUEST_TIME: 4, CLOSE_TIME: 5, STATUS: 6 },
  joined: false,
  dateOrder: 'YMD',
};

/** UTC epoch seconds of 'YYYY-MM-DD HH:MM:SS' (the engine reads ticket times as UTC wall time). */
const utc = (v: string) => Date.parse(`${v.replace(' ', 'T')}Z`) / 1000;

describe('ticket times', () => {
  it('reads request and close times right when tickets close on another day than they open', () => {
    const c = new FactsCollector(0, meta);
    const rows: [string, string][] = [
      ['2026-10-01 16:30:00', '2026-10-02 00:30:00'],
      ['2026-10-01 17:00:05', '2026-10-02 01:00:05'],
      ['2026-10-02 08:00:00', '2026-10-02 16:00:00'],
      ['2026-10-02 23:59:59', '2026-10-05 09:15:00'],
      ['2026-10-02 10:00:00', '2026-10-01 10:00:00'],
      ['2026-10-03 09:00:00', ''],
      ['', '2026-10-03 09:00:01'],
      ['2026-10-03 09:00:02', '2026-10-31 12:00:00'],
    ];
    const cells = new RowCells();
    for (const [i, [start, end]] of rows.entries()) {
      cells.row = [`INC${i}`, 'Title', 'Text', 'USER1', start, end, 'Closed'];
      c.addTicket(cells, meta.dateOrder);
    }
    const t = c.finish().tickets;
    expect(t.starts.column().slice(0, rows.length)).toEqual(Float64Array.from(rows, ([s]) => (s ? utc(s) : Number.NaN)));
    expect(t.ends.column().slice(0, rows.length)).toEqual(Float64Array.from(rows, ([, e]) => (e ? utc(e) : Number.NaN)));
  });
});
