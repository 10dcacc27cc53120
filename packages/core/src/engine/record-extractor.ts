import type { CanonicalRecord } from '../flags/canonical-record.ts';
import { splitVariables } from '../flags/sm20-events.ts';
import { normaliseDate, normaliseTime } from '../formats/dates.ts';
import type { DateOrder } from '../formats/types.ts';
import type { FileType } from '../model/index.ts';

type Canonical = Partial<Record<string, number>>;

const HHMMSS = /^\d\d:\d\d:\d\d$/;

/** Date normaliser remembering its last answer: consecutive rows mostly share a date. */
function cachedDate(order: DateOrder): (v: string) => string {
  let lastIn = '';
  let lastOut = '';
  return (v) => {
    if (v !== lastIn) {
      lastIn = v;
      lastOut = normaliseDate(v, order) ?? '';
    }
    return lastOut;
  };
}

function fastTime(v: string): string {
  return v.length === 8 && HHMMSS.test(v) ? v : (normaliseTime(v) ?? '');
}

/**
 * Builds the row -> CanonicalRecord filler for one opened file. Column positions are looked up
 * once; per row only the cells flagging reads are copied and dates/times normalised.
 */
export function createRecordExtractor(fileType: FileType, canonical: Canonical, dateOrder: DateOrder): (row: string[], rec: CanonicalRecord) => void {
  const at = (name: string) => canonical[name] ?? -1;
  const get = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '') : '');
  const date = cachedDate(dateOrder);
  const iUser = at(fileType === 'SM20' || fileType === 'TICKETS' ? 'USER' : 'USERNAME');
  const iDate = at(fileType === 'SM20' ? 'DATE' : 'UDATE');
  const iTime = at(fileType === 'SM20' ? 'TIME' : 'UTIME');
  const [iTcode, iTerminal, iEvent, iMessage, iProgram, iVar1, iVar2, iVar3] = ['TCODE', 'TERMINAL', 'EVENT', 'MESSAGE', 'PROGRAM', 'VAR1', 'VAR2', 'VAR3'].map(at) as number[];
  const [iClass, iObjectId, iChangenr, iTab, iField] = ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'FNAME'].map(at) as number[];
  return (row, rec) => {
    rec.user = get(row, iUser);
    const d = get(row, iDate);
    const t = get(row, iTime);
    // SM20 "Date" cells sometimes hold date and time together.
    rec.date = d === '' ? '' : date(d);
    rec.time = t !== '' ? fastTime(t) : d.length > 10 ? (normaliseTime(d) ?? '') : '';
    rec.tcode = get(row, iTcode);
    if (fileType === 'SM20') {
      rec.terminal = get(row, iTerminal);
      rec.event = get(row, iEvent).toUpperCase();
      rec.message = get(row, iMessage);
      rec.program = get(row, iProgram);
      rec.var1 = get(row, iVar1);
      rec.var2 = get(row, iVar2);
      rec.var3 = get(row, iVar3);
      splitVariables(rec);
    } else if (fileType !== 'TICKETS') {
      rec.objectclas = get(row, iClass);
      rec.objectid = get(row, iObjectId);
      rec.changenr = get(row, iChangenr);
      rec.tabname = get(row, iTab);
      rec.fname = get(row, iField);
    }
  };
}
