import type { OpenedFile } from '../formats/types.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder } from './column-builders.ts';
import type { FileFacts } from './file-facts.ts';
import { TimeColumnBuilder } from './time-column-builder.ts';

/**
 * The facts as step 1 collects them (CollectedFacts: FileFacts with its large parts as compact
 * column builders) and their empty groups; writable-facts.ts gives what the facts codec writes of them.
 */

/** What facts need to know of an opened file (plain data: it travels to worker threads). */
export type FileMeta = Pick<OpenedFile, 'fileName' | 'fileType' | 'columns' | 'canonical' | 'joined' | 'dateOrder'>;

/** Change document headers as step 1 collects them: compact columns (column-builders.ts), not a string per cell. */
export interface CollectedDocs {
  classes: DictColumnBuilder;
  ids: PackedColumnBuilder;
  changenrs: PackedColumnBuilder;
  users: DictColumnBuilder;
  dates: DictColumnBuilder;
  times: TimeColumnBuilder;
  tcodes: DictColumnBuilder;
  flagged: NumColumnBuilder<Uint8Array>;
}

/** Activities ([user, epoch, text] rows) as three columns. */
export interface CollectedActivities {
  users: DictColumnBuilder;
  times: NumColumnBuilder<Float64Array>;
  /**
   * Per row, the `docs` row whose change-document text it is (CDHDR: the text is made when the
   * facts are written, not held per record), or NO_DOC when the row's text is the next of `activities`.
   */
  docRows: NumColumnBuilder<Uint32Array>;
  activities: PackedColumnBuilder;
}

export const NO_DOC = 0xffffffff;

/** Tickets ([id, users, text, start, end] rows) as columns; users as list lengths and one flat column; NaN for no time. */
export interface CollectedTickets {
  ids: PackedColumnBuilder;
  userCounts: NumColumnBuilder<Uint32Array>;
  users: DictColumnBuilder;
  texts: PackedColumnBuilder;
  starts: NumColumnBuilder<Float64Array>;
  ends: NumColumnBuilder<Float64Array>;
}

export function emptyTickets(): CollectedTickets {
  return { ids: new PackedColumnBuilder(), userCounts: NumColumnBuilder.uint32(), users: new DictColumnBuilder(), texts: new PackedColumnBuilder(), starts: NumColumnBuilder.float64(), ends: NumColumnBuilder.float64() };
}

/** Volume's change numbers per user-day: keys in first-seen order, the length of each list, and all lists' numbers in one packed column. */
export interface DocumentLists {
  keys: string[];
  lens: Uint32Array;
  numbers: PackedColumnBuilder;
}

/** Non-joined CDPOS item counts per header key, and the first activity of each key with sensitive items. */
export interface CollectedItemKeys {
  keys: PackedColumnBuilder;
  counts: NumColumnBuilder<Uint32Array>;
}
/** Per run of items with sensitive ones, the header key and the first such item's detail (facts.ts itemActivity makes its text). */
export interface CollectedSensitiveItems {
  keys: PackedColumnBuilder;
  details: PackedColumnBuilder;
}

/** SM20 change records as compact columns (FileFacts' Sm20ChangeColumns). */
export interface CollectedSm20Changes {
  users: DictColumnBuilder;
  times: NumColumnBuilder<Float64Array>;
  events: DictColumnBuilder;
  tcodes: DictColumnBuilder;
  flagged: NumColumnBuilder<Uint8Array>;
}

/** SM20 activities ([user, epoch, text]: debugger and table changes) as columns. */
export interface CollectedSm20Activities {
  users: DictColumnBuilder;
  times: NumColumnBuilder<Float64Array>;
  activities: PackedColumnBuilder;
}

/** Failed logons ([user, terminal, epoch, peer]) as columns. */
export interface CollectedFailedLogons {
  users: DictColumnBuilder;
  terminals: DictColumnBuilder;
  times: NumColumnBuilder<Float64Array>;
  peers: DictColumnBuilder;
}

/** Records the v2 patterns read (facts.ts SecurityEvent) as columns. */
export interface CollectedSecurityEvents {
  kinds: DictColumnBuilder;
  users: DictColumnBuilder;
  targets: DictColumnBuilder;
  terminals: DictColumnBuilder;
  peers: DictColumnBuilder;
  times: NumColumnBuilder<Float64Array>;
  activities: PackedColumnBuilder;
  keys: PackedColumnBuilder;
}

export function emptySecurityEvents(): CollectedSecurityEvents {
  const dict = () => new DictColumnBuilder();
  return { kinds: dict(), users: dict(), targets: dict(), terminals: dict(), peers: dict(), times: NumColumnBuilder.float64(), activities: new PackedColumnBuilder(), keys: new PackedColumnBuilder() };
}

/** User administration ([user, target user, epoch, text]) as columns. */
export interface CollectedUserAdmin {
  users: DictColumnBuilder;
  targets: DictColumnBuilder;
  times: NumColumnBuilder<Float64Array>;
  activities: PackedColumnBuilder;
}

export function emptySm20Changes(): CollectedSm20Changes {
  return { users: new DictColumnBuilder(), times: NumColumnBuilder.float64(), events: new DictColumnBuilder(), tcodes: new DictColumnBuilder(), flagged: NumColumnBuilder.bytes() };
}

/** FileFacts as step 1 holds them (its largest parts compact); `writableFacts` gives what the facts codec writes. */
/** Where step 1's successful logons lie in the source (FileFacts.logonRows). */
export interface CollectedLogonRows {
  starts: NumColumnBuilder<Float64Array>;
  lengths: NumColumnBuilder<Uint32Array>;
}

export function emptyLogonRows(): CollectedLogonRows {
  return { starts: NumColumnBuilder.float64(), lengths: NumColumnBuilder.uint32() };
}

export type CollectedFacts = Omit<FileFacts, 'logonRows' | 'docs' | 'afterHoursSensitive' | 'volume' | 'tickets' | 'itemKeys' | 'sensitiveItemKeys' | 'sm20Changes' | 'debuggerChanges' | 'tableChanges' | 'failedLogons' | 'securityEvents' | 'logons' | 'userAdmin'> & {
  logonRows: CollectedLogonRows;
  sm20Changes: CollectedSm20Changes;
  debuggerChanges: CollectedSm20Activities;
  tableChanges: CollectedSm20Activities;
  failedLogons: CollectedFailedLogons;
  securityEvents: CollectedSecurityEvents;
  logons: CollectedFailedLogons;
  userAdmin: CollectedUserAdmin;
  itemKeys: CollectedItemKeys;
  sensitiveItemKeys: CollectedSensitiveItems;
  tickets: CollectedTickets;
  docs: CollectedDocs;
  afterHoursSensitive: CollectedActivities;
  volume: { documents: DocumentLists; events: [string, number][] };
};

export function emptyDocumentLists(): DocumentLists {
  return { keys: [], lens: new Uint32Array(0), numbers: new PackedColumnBuilder() };
}


export function emptyCollectedDocs(): CollectedDocs {
  const dict = () => new DictColumnBuilder();
  return { classes: dict(), ids: new PackedColumnBuilder(), changenrs: new PackedColumnBuilder(), users: dict(), dates: dict(), times: new TimeColumnBuilder(), tcodes: dict(), flagged: NumColumnBuilder.bytes() };
}

export function emptyActivities(): CollectedActivities {
  return { users: new DictColumnBuilder(), times: NumColumnBuilder.float64(), docRows: NumColumnBuilder.uint32(), activities: new PackedColumnBuilder() };
}
