import { docKey, emptyDocColumns, toEpoch, type DocColumns, type FileFacts } from '../correlate/facts.ts';
import type { CanonicalRecord } from '../flags/canonical-record.ts';
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import { FLAG_INDEX, type FlagResult } from '../flags/flag-result.ts';
import { GENERIC_TABLE_EVENTS, USER_ADMIN_EVENTS } from '../flags/sm20-events.ts';
import { normaliseDate, normaliseTime } from '../formats/dates.ts';
import type { DateOrder, OpenedFile } from '../formats/types.ts';

/** What facts need to know of an opened file (plain data: it travels to worker threads). */
export type FileMeta = Pick<OpenedFile, 'fileName' | 'fileType' | 'columns' | 'canonical' | 'joined' | 'dateOrder'>;
import { describeChangeDoc, describeSm20 } from './sm20-activity.ts';

const SENSITIVE_MASK = (1 << FLAG_INDEX.SENSITIVE_FIELD_FLAG) | (1 << FLAG_INDEX.SENSITIVE_OBJECT_FLAG);
const TIMING_BIT = 1 << FLAG_INDEX.CHANGE_TIMING_FLAG;
const TICKET_TEXT_LIMIT = 4000;
const TICKET_COLUMNS = ['TICKET_ID', 'USER', 'ASSIGNED_TO', 'TITLE', 'DESCRIPTION', 'REQUEST_TIME', 'CLOSE_TIME'];

const cellAt = (row: string[], i: number): string => (i < 0 ? '' : (row[i] ?? ''));
const digits2 = (v: string, i: number): number => (v.charCodeAt(i) - 48) * 10 + v.charCodeAt(i + 1) - 48;

/** 'YYYY-MM-DD HH:MM:SS' (or with 'T'): exactly what normaliseDate/normaliseTime read the same as date and time apart. */
function isIsoDateTime(v: string): boolean {
  if (v.length !== 19) return false;
  for (let i = 0; i < 19; i++) {
    const c = v.charCodeAt(i);
    if (i === 4 || i === 7) {
      if (c !== 45) return false;
    } else if (i === 10) {
      if (c !== 32 && c !== 84) return false;
    } else if (i === 13 || i === 16) {
      if (c !== 58) return false;
    } else if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Pass 1 bookkeeping of one file: the compact facts correlation and the report step need. */
export class FactsCollector {
  readonly volume = new ChangeVolumeCounter();
  readonly facts: FileFacts;
  private readonly seenDocs = new Map<string, number>();
  private readonly itemKeys = new Map<string, number>();
  private readonly sensitiveItems = new Map<string, string>();
  private lastClass = '';
  private lastId = '';
  private lastNr = '';
  private lastKey = '';

  constructor(index: number, opened: FileMeta) {
    this.facts = {
      index, fileName: opened.fileName, fileType: opened.fileType, columns: opened.columns, canonical: opened.canonical, joined: opened.joined, records: 0,
      volume: { documents: [], events: [] }, sm20Changes: { users: [], times: [], events: [], tcodes: [], flagged: [] }, debuggerChanges: [], tableChanges: [], failedLogons: [], userAdmin: [], docs: emptyDocColumns(),
      itemKeys: [], sensitiveItemKeys: [], afterHoursSensitive: [], tickets: [],
    };
  }

  add(rec: CanonicalRecord, out: FlagResult): void {
    const f = this.facts;
    f.records++;
    const hasTime = rec.date !== '';
    switch (rec.fileType) {
      case 'SM20': {
        if (out.countsAsChangeEvent) this.volume.addEvent(rec.user, rec.date);
        if (!hasTime) break;
        const ev = rec.event;
        const wanted = out.isChange || ev === 'AU2' || USER_ADMIN_EVENTS.has(ev);
        if (!wanted) break;
        const t = toEpoch(rec.date, rec.time)!;
        if (out.isChange) {
          const c = f.sm20Changes;
          c.users.push(rec.user);
          c.times.push(t);
          c.events.push(ev);
          c.tcodes.push(rec.tcode);
          c.flagged.push(out.mask !== 0 ? 1 : 0);
        }
        if (ev === 'CUL') f.debuggerChanges.push([rec.user, t, describeSm20(rec)]);
        if (out.countsAsChangeEvent && GENERIC_TABLE_EVENTS.has(ev)) f.tableChanges.push([rec.user, t, describeSm20(rec)]);
        if (ev === 'AU2') f.failedLogons.push([rec.user, rec.terminal, t]);
        if (USER_ADMIN_EVENTS.has(ev)) f.userAdmin.push([rec.user, rec.var1, t, describeSm20(rec)]);
        break;
      }
      case 'CDHDR':
        this.volume.addDocument(rec.user, rec.date, rec.changenr);
        pushDoc(f.docs, rec, out.mask !== 0);
        break;
      case 'CDPOS': {
        // Items of one change document are adjacent: build the key only when it changes.
        if (rec.objectclas !== this.lastClass || rec.objectid !== this.lastId || rec.changenr !== this.lastNr) {
          this.lastClass = rec.objectclas;
          this.lastId = rec.objectid;
          this.lastNr = rec.changenr;
          this.lastKey = docKey(rec.objectclas, rec.objectid, rec.changenr);
        }
        const key = this.lastKey;
        if (f.joined) {
          this.volume.addDocument(rec.user, rec.date, rec.changenr);
          const at = this.seenDocs.get(key);
          if (at === undefined) {
            this.seenDocs.set(key, f.docs.changenrs.length);
            pushDoc(f.docs, rec, out.mask !== 0);
          } else if (out.mask !== 0) {
            f.docs.flagged[at] = 1; // a header is flagged when any of its items is
          }
        } else {
          this.itemKeys.set(key, (this.itemKeys.get(key) ?? 0) + 1);
          if ((out.mask & SENSITIVE_MASK) !== 0 && !this.sensitiveItems.has(key)) this.sensitiveItems.set(key, describeChangeDoc(rec));
        }
        break;
      }
      case 'TICKETS':
        break;
    }
    if ((out.mask & SENSITIVE_MASK) !== 0 && (out.mask & TIMING_BIT) !== 0 && hasTime) {
      f.afterHoursSensitive.push([rec.user, toEpoch(rec.date, rec.time)!, rec.fileType === 'SM20' ? describeSm20(rec) : describeChangeDoc(rec)]);
    }
  }

  /** Tickets read their own columns (text and two date-times). */
  addTicket(row: string[], dateOrder: DateOrder): void {
    const c = (this.ticketColumns ??= TICKET_COLUMNS.map((name) => this.facts.canonical[name] ?? -1));
    const users: string[] = [];
    const user = cellAt(row, c[1]!).trim().toUpperCase();
    if (user !== '') users.push(user);
    const assigned = cellAt(row, c[2]!).trim().toUpperCase();
    if (assigned !== '') users.push(assigned);
    const text = `${cellAt(row, c[3]!)} ${cellAt(row, c[4]!)}`.toUpperCase().slice(0, TICKET_TEXT_LIMIT).trim();
    this.facts.records++;
    this.facts.tickets.push([cellAt(row, c[0]!), users, text, this.ticketTime(cellAt(row, c[5]!), dateOrder), this.ticketTime(cellAt(row, c[6]!), dateOrder)]);
  }

  private ticketColumns: number[] | undefined;
  private lastDay = '';
  private lastDayStart: number | undefined;

  /** Epoch of a ticket's date-time cell; 'YYYY-MM-DD HH:MM:SS' (the usual export) without regexes, one date parse per day. */
  private ticketTime(v: string, dateOrder: DateOrder): number | null {
    if (isIsoDateTime(v)) {
      const day = v.slice(0, 10);
      if (day !== this.lastDay) {
        this.lastDay = day;
        const d = normaliseDate(day, dateOrder);
        this.lastDayStart = d === undefined ? undefined : toEpoch(d, '');
      }
      if (this.lastDayStart === undefined) return null;
      const h = digits2(v, 11), m = digits2(v, 14), s = digits2(v, 17);
      return this.lastDayStart + (h <= 23 && m <= 59 && s <= 59 ? h * 3600 + m * 60 + s : 0);
    }
    const d = normaliseDate(v, dateOrder);
    return d === undefined ? null : (toEpoch(d, normaliseTime(v.length > 10 ? v : '') ?? '00:00:00') ?? null);
  }

  finish(): FileFacts {
    this.facts.volume = this.volume.toJSON();
    this.facts.itemKeys = [...this.itemKeys];
    this.facts.sensitiveItemKeys = [...this.sensitiveItems];
    return this.facts;
  }
}

function pushDoc(d: DocColumns, rec: CanonicalRecord, flagged: boolean): void {
  d.classes.push(rec.objectclas);
  d.ids.push(rec.objectid);
  d.changenrs.push(rec.changenr);
  d.users.push(rec.user);
  d.dates.push(rec.date);
  d.times.push(rec.time);
  d.tcodes.push(rec.tcode);
  d.flagged.push(flagged ? 1 : 0);
}
