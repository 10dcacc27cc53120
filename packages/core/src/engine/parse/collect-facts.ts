import { DOC_KEY_SEPARATOR, docKey, toEpoch, DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder, DocRowVolume, changeDocDetail, describeChangeDoc, describeSm20, NO_DOC, emptyActivities, emptyCollectedDocs, emptyDocumentLists, emptyLogonRows, emptySecurityEvents, emptySm20Changes, emptyTickets, type CollectedDocs, type CollectedFacts, type CollectedLogonRows, type CollectedSm20Activities, type FileMeta } from '../../facts/index.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { ChangeVolumeCounter } from '../../flags/change-volume.ts';
import { FACT_MARKS, FLAG_INDEX, MARK_SENSITIVE_TABLE_CHANGE, type FlagResult } from '../../flags/flag-result.ts';
import { FAILED_LOGON_EVENTS, GENERIC_TABLE_EVENTS, USER_ADMIN_EVENTS } from '../../flags/sm20-events.ts';
import { DECLARED_FACTS } from '../../rules/pattern/fact-list.ts';
import { compileDeclaredFacts, peerAddress, type CompiledFact, type DeclaredByType } from './declared-facts.ts';
import { normaliseDate, normaliseTime } from '../../formats/dates.ts';
import type { ViewRecord } from './view-record.ts';
import type { DateOrder } from '../../formats/types.ts';

const SENSITIVE_MASK = (1 << FLAG_INDEX.SENSITIVE_FIELD_FLAG) | (1 << FLAG_INDEX.SENSITIVE_OBJECT_FLAG);
const TIMING_BIT = 1 << FLAG_INDEX.CHANGE_TIMING_FLAG;
const TICKET_TEXT_LIMIT = 4000;
const TICKET_COLUMNS = ['TICKET_ID', 'USER', 'ASSIGNED_TO', 'TITLE', 'DESCRIPTION', 'REQUEST_TIME', 'CLOSE_TIME'];

/** A ticket row's cells by column index, '' for a column the file lacks (-1) or past the row's end: a RowScanner, or `RowCells` over a row of strings. */
export interface TicketCells {
  cell(i: number): string;
}

/** TicketCells over a row of strings (rows from openFile). */
export class RowCells implements TicketCells {
  row: string[] = [];
  cell(i: number): string {
    return i < 0 ? '' : (this.row[i] ?? '');
  }
}
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

const sm20Activities = (): CollectedSm20Activities => ({ users: new DictColumnBuilder(), times: NumColumnBuilder.float64(), activities: new PackedColumnBuilder() });


/** A ticket date-time column's last day and its epoch (undefined: not a date). */
interface DayMemo {
  day: string;
  start: number | undefined;
}

/** Epoch of a ticket's date-time cell; 'YYYY-MM-DD HH:MM:SS' (the usual export) without regexes, one date parse per day in `memo`'s column. */
function ticketTime(v: string, dateOrder: DateOrder, memo: DayMemo): number | null {
  if (isIsoDateTime(v)) {
    const day = v.slice(0, 10);
    if (day !== memo.day) {
      memo.day = day;
      const d = normaliseDate(day, dateOrder);
      memo.start = d === undefined ? undefined : toEpoch(d, '');
    }
    if (memo.start === undefined) return null;
    const h = digits2(v, 11), m = digits2(v, 14), s = digits2(v, 17);
    return memo.start + (h <= 23 && m <= 59 && s <= 59 ? h * 3600 + m * 60 + s : 0);
  }
  const d = normaliseDate(v, dateOrder);
  return d === undefined ? null : (toEpoch(d, normaliseTime(v.length > 10 ? v : '') ?? '00:00:00') ?? null);
}

/** Pass 1 bookkeeping of one file: the compact facts correlation and the report step need. */
export class FactsCollector {
  /** User-day ids and SM20 change events; change documents are counted by docVolume. */
  readonly volume = new ChangeVolumeCounter();
  readonly facts: CollectedFacts;
  private readonly seenDocs = new Map<string, number>();
  private readonly docVolume: DocRowVolume;
  // Non-joined CDPOS: one entry per run of items with the same header key (items of a document are
  // adjacent): no Map entry per change document.
  private readonly runKeys = new PackedColumnBuilder();
  private readonly runCounts = NumColumnBuilder.uint32();
  private readonly runSensitiveKeys = new PackedColumnBuilder();
  private readonly runSensitive = new PackedColumnBuilder();
  private runCount = 0;
  private runHasSensitive = false;
  private lastClass = '';
  private lastId = '';
  private lastNr = '';
  private lastKey = '';

  /**
   * `declared`: the facts the patterns declare, per record type, by mark bit (declared-facts.ts);
   * those of the pattern list unless a test gives others.
   */
  private readonly declared: DeclaredByType;

  /**
   * `logonRows`: where the present row lies in the source (step 1 reading delimited text with a
   * RowScanner, logon-rows.ts): each successful logon is then kept as its row's bytes, and
   * correlation reads its cells; without it (rows from openFile), as its values.
   */
  constructor(index: number, opened: FileMeta, declared: DeclaredByType = DECLARED_BY_TYPE, private readonly logonRows?: LogonRowSource) {
    this.declared = declared;
    this.facts = {
      index, fileName: opened.fileName, fileType: opened.fileType, columns: opened.columns, canonical: opened.canonical, joined: opened.joined, records: 0, logonRows: emptyLogonRows(),
      volume: { documents: emptyDocumentLists(), events: [] }, sm20Changes: emptySm20Changes(), docs: emptyCollectedDocs(),
      debuggerChanges: sm20Activities(), tableChanges: sm20Activities(),
      failedLogons: { users: new DictColumnBuilder(), terminals: new DictColumnBuilder(), times: NumColumnBuilder.float64(), peers: new DictColumnBuilder() },
      securityEvents: emptySecurityEvents(),
      logons: { users: new DictColumnBuilder(), terminals: new DictColumnBuilder(), times: NumColumnBuilder.float64(), peers: new DictColumnBuilder() },
      userAdmin: { users: new DictColumnBuilder(), targets: new DictColumnBuilder(), times: NumColumnBuilder.float64(), activities: new PackedColumnBuilder() },
      itemKeys: { keys: new PackedColumnBuilder(), counts: NumColumnBuilder.uint32() },
      sensitiveItemKeys: { keys: new PackedColumnBuilder(), details: new PackedColumnBuilder() },
      afterHoursSensitive: emptyActivities(), tickets: emptyTickets(),
    };
    this.docVolume = new DocRowVolume(this.facts.docs.changenrs);
  }

  add(rec: CanonicalRecord, out: FlagResult): void {
    const f = this.facts;
    f.records++;
    // Date and time are read only where needed: a reader may make them on demand (view-record.ts).
    switch (rec.fileType) {
      case 'SM20': {
        if (out.countsAsChangeEvent) this.volume.addEvent(rec.user, rec.date);
        const ev = rec.event;
        // One lookup per record for what the event contributes (most events contribute nothing).
        // The low four bits: the collector's own columns (logons, failed logons, user administration);
        // above them, the marks of the facts the patterns declare for the event (their `events`).
        const facts = EVENT_FACTS.get(ev) ?? 0;
        const wanted = out.isChange || facts !== 0 || out.marks !== 0;
        if (!wanted) break;
        if ((facts & LOGON_FACT) !== 0 && this.logonRows !== undefined) {
          // Every successful logon (a quarter of an export's rows): where its row lies, 12 bytes;
          // correlation reads its user, terminal, peer and time there (engine/correlate/logon-rows.ts).
          this.logonRows.keep(f.logonRows);
          // Most logons contribute nothing else: no moment needed.
          if (facts === LOGON_FACT && out.marks === 0 && !out.isChange) break;
        }
        // The moment without date and time strings when the row is read in place (view-record.ts).
        const t = isView(rec) ? rec.epoch() : rec.date === '' ? null : (toEpoch(rec.date, rec.time) ?? Number.NaN);
        if (t === null) break;
        if (out.isChange) {
          const c = f.sm20Changes;
          c.users.push(rec.user);
          c.times.push(t);
          c.events.push(ev);
          c.tcodes.push(rec.tcode);
          // 1: flagged; 3: flagged and a change event (CHANGE_WITHOUT_TICKET reads only those).
          c.flagged.push(out.mask === 0 ? 0 : out.countsAsChangeEvent ? 3 : 1);
        }
        if (ev === 'CUL') pushActivity(f.debuggerChanges, rec, t);
        if (out.countsAsChangeEvent && GENERIC_TABLE_EVENTS.has(ev)) pushActivity(f.tableChanges, rec, t);
        if ((facts & LOGON_FACT) !== 0 && this.logonRows === undefined) {
          // Rows read from openFile (workbooks, text the decoder switched in): every successful logon's
          // values (20 bytes each); the patterns a logon completes and MULTIPLE_LOGONS_BY_USER /
          // UNEXPECTED_NETWORK_LOGON read them in correlation.
          const l = f.logons;
          if (isView(rec)) {
            // Read in place from the row: no string per logon for user, terminal and peer.
            rec.pushUser(l.users);
            rec.pushTerminal(l.terminals);
            rec.pushPeerAddress(l.peers);
          } else {
            l.users.push(rec.user);
            l.terminals.push(rec.terminal);
            l.peers.push(peerAddress(rec.peer));
          }
          l.times.push(t);
        }
        if ((facts & FAILED_LOGON_FACT) !== 0) {
          f.failedLogons.users.push(ev === 'BU1' ? rec.var2 : rec.user);
          f.failedLogons.terminals.push(rec.terminal);
          f.failedLogons.times.push(t);
          f.failedLogons.peers.push(peerAddress(rec.peer));
        }
        const declared = (out.marks | (facts >>> EVENT_MARK_SHIFT)) & FACT_MARKS;
        if (declared !== 0) this.addDeclared(this.declared.SM20, rec, out, declared, t);
        if ((facts & USER_ADMIN_FACT) !== 0) {
          const u = f.userAdmin;
          u.users.push(rec.user);
          u.targets.push(rec.var1);
          u.times.push(t);
          u.activities.push(describeSm20(rec));
        }
        break;
      }
      case 'CDHDR':
        pushDoc(f.docs, rec, out.mask !== 0);
        this.addDocument(rec, f.docs.changenrs.length - 1);
        if ((out.marks & FACT_MARKS) !== 0) this.addDeclared(this.declared.CDHDR, rec, out, out.marks & FACT_MARKS, rec.date === '' ? Number.NaN : toEpoch(rec.date, rec.time)!);
        break;
      case 'CDPOS': {
        if ((out.marks & FACT_MARKS) !== 0) this.addDeclared(this.declared.CDPOS, rec, out, out.marks & FACT_MARKS, rec.date === '' ? Number.NaN : toEpoch(rec.date, rec.time)!);
        // Items of one change document are adjacent: build the key only when it changes.
        if (rec.objectclas !== this.lastClass || rec.objectid !== this.lastId || rec.changenr !== this.lastNr) {
          if (!f.joined) this.endRun();
          this.lastClass = rec.objectclas;
          this.lastId = rec.objectid;
          this.lastNr = rec.changenr;
          // Non-joined items need the key only as bytes (endRun).
          if (f.joined) this.lastKey = docKey(rec.objectclas, rec.objectid, rec.changenr);
        }
        if (f.joined) {
          const key = this.lastKey;
          const at = this.seenDocs.get(key);
          if (at === undefined) {
            this.seenDocs.set(key, f.docs.changenrs.length);
            pushDoc(f.docs, rec, out.mask !== 0);
          } else if (out.mask !== 0) {
            f.docs.flagged.set(at, 1); // a header is flagged when any of its items is
          }
          this.addDocument(rec, at ?? f.docs.changenrs.length - 1);
        } else {
          this.runCount++;
          if ((out.mask & SENSITIVE_MASK) !== 0 && !this.runHasSensitive) {
            this.runHasSensitive = true;
            this.runSensitiveKeys.pushJoined([rec.objectclas, rec.objectid, rec.changenr], DOC_KEY_SEPARATOR);
            this.runSensitive.push(changeDocDetail(rec.tabname, rec.fname, rec.tcode));
          }
        }
        break;
      }
      case 'TICKETS':
        break;
    }
    if (((out.mask & SENSITIVE_MASK) !== 0 || (out.marks & MARK_SENSITIVE_TABLE_CHANGE) !== 0) && (out.mask & TIMING_BIT) !== 0 && rec.date !== '') {
      const a = f.afterHoursSensitive;
      a.users.push(rec.user);
      a.times.push(toEpoch(rec.date, rec.time)!);
      // A CDHDR row's text follows from its docs row (just pushed): made when written.
      if (rec.fileType === 'CDHDR' && rec.tabname === '') a.docRows.push(f.docs.changenrs.length - 1);
      else {
        a.docRows.push(NO_DOC);
        a.activities.push(rec.fileType === 'SM20' ? describeSm20(rec) : describeChangeDoc(rec));
      }
    }
  }

  private pushSecurity(kind: string, user: string, target: string, t: number, activity: string, key = '', terminal = '', peer = ''): void {
    const s = this.facts.securityEvents;
    s.kinds.push(kind);
    s.users.push(user);
    s.targets.push(target);
    s.terminals.push(terminal);
    s.peers.push(peer);
    s.times.push(t);
    s.activities.push(activity);
    s.keys.push(key);
  }

  /**
   * The records of the facts the patterns declare (rules/pattern/define-fact.ts), one security event
   * per fact of `marks` that declares this record type: generic over the declarations, and reached
   * only for a record with such a mark (most records have none).
   */
  private addDeclared(facts: readonly (CompiledFact | undefined)[], rec: CanonicalRecord, out: FlagResult, marks: number, t: number): void {
    for (let m = marks; m !== 0; m &= m - 1) {
      const bit = 31 - Math.clz32(m & -m);
      const f = facts[bit];
      if (f === undefined || (f.when !== undefined && !f.when(rec))) continue;
      this.pushSecurity(f.kind, rec.user, f.target(rec, out), t, f.activity(rec, out), f.key(rec, out), f.terminal(rec, out), f.peer(rec, out));
    }
  }

  /** Tickets read their own columns (text and two date-times). */
  addTicket(row: TicketCells, dateOrder: DateOrder): void {
    const c = (this.ticketColumns ??= TICKET_COLUMNS.map((name) => this.facts.canonical[name] ?? -1));
    const t = this.facts.tickets;
    let users = 0;
    const user = row.cell(c[1]!).trim().toUpperCase();
    if (user !== '') {
      t.users.push(user);
      users++;
    }
    const assigned = row.cell(c[2]!).trim().toUpperCase();
    if (assigned !== '') {
      t.users.push(assigned);
      users++;
    }
    // The user fields are searched for user IDs as words too: "Karin Weber (KWEBER)" names KWEBER.
    const named = user.length > 12 || assigned.length > 12 || /[\s(]/.test(user + assigned) ? `${user} ${assigned} ` : '';
    const text = `${named}${row.cell(c[3]!)} ${row.cell(c[4]!)}`.toUpperCase().slice(0, TICKET_TEXT_LIMIT).trim();
    this.facts.records++;
    t.ids.push(row.cell(c[0]!));
    t.userCounts.push(users);
    t.texts.push(text);
    t.starts.push(ticketTime(row.cell(c[5]!), dateOrder, this.startDay) ?? Number.NaN);
    t.ends.push(ticketTime(row.cell(c[6]!), dateOrder, this.endDay) ?? Number.NaN);
  }

  private ticketColumns: number[] | undefined;
  // The last day read in each date-time column: one memo for both missed whenever a ticket closes
  // on a later day than it was opened (a third of the bench's tickets; with one memo each, step 1 of its 100 MB
  // tickets file took about 1.65 -> 1.4 CPU-s on one thread, together with reading only the cells used).
  private readonly startDay: DayMemo = { day: '', start: undefined };
  private readonly endDay: DayMemo = { day: '', start: undefined };

  /** ChangeVolumeCounter.addDocument, the change number being row `row` of the docs (same string). */
  private addDocument(rec: CanonicalRecord, row: number): void {
    if (rec.user === '' || rec.date === '' || rec.changenr === '') return;
    this.docVolume.add(this.volume.userDayOf(rec.user, rec.date), row);
  }

  finish(): CollectedFacts {
    this.facts.volume = { documents: this.docVolume.toLists((day) => this.volume.keyOf(day)), events: this.volume.toJSON().events };
    this.endRun();
    // Kept as runs: a key may come again later; correlation adds up and takes the first (facts.ts).
    this.facts.itemKeys = { keys: this.runKeys, counts: this.runCounts };
    this.facts.sensitiveItemKeys = { keys: this.runSensitiveKeys, details: this.runSensitive };
    return this.facts;
  }

  /** Closes the present run of non-joined CDPOS items (if any). */
  private endRun(): void {
    if (this.runCount === 0) return;
    this.runKeys.pushJoined([this.lastClass, this.lastId, this.lastNr], DOC_KEY_SEPARATOR);
    this.runCounts.push(this.runCount);
    this.runCount = 0;
    this.runHasSensitive = false;
  }
}

/**
 * A record read in place (view-record.ts): told by its `epoch` method, a property load V8 answers from
 * the record's shape; `instanceof` went through the InstanceOf builtin on every SM20 record with facts.
 */
function isView(rec: CanonicalRecord): rec is ViewRecord {
  return (rec as Partial<ViewRecord>).epoch !== undefined;
}

/** Keeps where the present row lies in the source (logon-rows.ts LogonRowBytes). */
export interface LogonRowSource {
  keep(to: CollectedLogonRows): void;
}

const LOGON_FACT = 1;
const FAILED_LOGON_FACT = 2;
const USER_ADMIN_FACT = 4;
/** What each SM20 event contributes to step 1's facts: bits of the three groups above, and the declared facts' marks shifted. */
const EVENT_FACTS = new Map<string, number>();
const addEventFacts = (events: Iterable<string>, bit: number) => {
  for (const e of events) EVENT_FACTS.set(e, (EVENT_FACTS.get(e) ?? 0) | bit);
};
addEventFacts(['AU1', 'AU5'], LOGON_FACT);
addEventFacts(FAILED_LOGON_EVENTS, FAILED_LOGON_FACT);
addEventFacts(USER_ADMIN_EVENTS, USER_ADMIN_FACT);
/** The declared facts of an SM20 event (`events`) sit above the four bits, as their marks shifted. */
const EVENT_MARK_SHIFT = 4;
for (const f of DECLARED_FACTS) addEventFacts(f.events ?? [], f.mark << EVENT_MARK_SHIFT);
const DECLARED_BY_TYPE = compileDeclaredFacts(DECLARED_FACTS);

function pushActivity(c: CollectedSm20Activities, rec: CanonicalRecord, t: number): void {
  c.users.push(rec.user);
  c.times.push(t);
  c.activities.push(describeSm20(rec));
}

function pushDoc(d: CollectedDocs, rec: CanonicalRecord, flagged: boolean): void {
  d.classes.push(rec.objectclas);
  d.ids.push(rec.objectid);
  d.changenrs.push(rec.changenr);
  d.users.push(rec.user);
  d.dates.push(rec.date);
  d.times.push(rec.time);
  d.tcodes.push(rec.tcode);
  d.flagged.push(flagged ? 1 : 0);
}
