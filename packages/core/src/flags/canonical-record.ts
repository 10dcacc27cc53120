import type { FileType } from '../model/index.ts';

/**
 * The canonical fields flagging reads from one record, whatever the file's layout.
 * Empty string means "not present". `date` is ISO "YYYY-MM-DD", `time` "HH:MM:SS".
 * For CDPOS items the engine fills user/date/time/tcode from the joined header when known.
 * One instance is reused per file (filled per row), so flagging allocates nothing on a miss.
 */
export interface CanonicalRecord {
  fileType: FileType;
  user: string;
  date: string;
  time: string;
  tcode: string;
  terminal: string;
  event: string;
  message: string;
  program: string;
  var1: string;
  var2: string;
  var3: string;
  objectclas: string;
  objectid: string;
  changenr: string;
  tabname: string;
  fname: string;
  /** SM20 peer address (IP and port). */
  peer: string;
  /** CDPOS table key, item change indicator, new and old value (read only by the rules that need them). */
  tabkey: string;
  chngind: string;
  valueNew: string;
  valueOld: string;
  /** First character code of the user cell (0 when empty, -1 unknown): the watchlist skips most users by it. */
  userInitial: number;
  /** A CDPOS row of a joined export (its TCODE is its header's own, not inherited). */
  joined: boolean;
  /**
   * False when no text cell of the record can mention debugging or hold "CODE -> EDIT" (a reader
   * that sees the row's raw text can tell at once): the flagger then skips those searches.
   */
  maybeDebugText: boolean;
}

export function createCanonicalRecord(fileType: FileType, joined = false): CanonicalRecord {
  return {
    fileType, user: '', date: '', time: '', tcode: '', terminal: '', event: '', message: '', program: '',
    var1: '', var2: '', var3: '', objectclas: '', objectid: '', changenr: '', tabname: '', fname: '', maybeDebugText: true,
    peer: '', tabkey: '', chngind: '', valueNew: '', valueOld: '', userInitial: 0, joined,
  };
}
