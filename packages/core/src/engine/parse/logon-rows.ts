/**
 * Successful logons (SM20 AU1 AU5) kept by where their rows lie. They are about a quarter of an SM20
 * export's rows; making their user, terminal, peer and time into values cost step 1 a sixth of its
 * CPU (docs/benchmarks.md, 2026-11-28). Step 1 keeps only each logon row's byte offset and length
 * in the source (`LogonRowBytes`: the event is known when the row is classified, and the bytes follow
 * from where the row lies in the decoded text), and correlation reads those rows' cells again with
 * step 1's own reader (`readLogonRows`, while correlation loads the facts): the same values as
 * step 1 would have kept, from the same bytes, without a second pass over the file's other rows.
 */
import { isAscii } from 'node:buffer';
import { readFacts, type CollectedLogonRows } from '../../facts/index.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import { openFile } from '../../formats/open-file.ts';
import type { TextPartEnd, TextPartLayout, TextSink } from '../../formats/read-text-part.ts';
import { RowScanner } from '../../formats/row-scanner.ts';
import type { DateOrder } from '../../formats/types.ts';
import { LogonLogBuilder, type LogonLog } from '../../rules/pattern/index.ts';
import type { EngineContext, SourceParts } from '../contract.ts';
import { factsName } from '../names.ts';
import type { LogonRowSource } from './collect-facts.ts';
import { peerAddress } from './declared-facts.ts';
import { partLayoutOf } from './parse-parts.ts';
import { ViewRecord } from './view-record.ts';

/**
 * Step 1's sink for a part's decoded text (read-text-part.ts feedTextPart): hands the text to the
 * RowScanner and keeps, for each piece, where it starts in characters and in bytes, so that a row's
 * place in the text (RowScanner.rowFrom / rowTo) gives its bytes. ASCII text (most exports) maps one
 * to one; other UTF-8 text is measured from the last place asked for on (rows come in order).
 * Offsets are the file's: the part's text begins at `end.start` (feedTextPart sets it before the
 * first text), after the byte order mark when that is the file's start.
 */
export class LogonRowBytes implements TextSink, LogonRowSource {
  scanner!: RowScanner;
  private readonly texts: string[] = [];
  private readonly charAt: number[] = [];
  private readonly byteAt: number[] = [];
  private readonly ascii: boolean[] = [];
  private chars = 0;
  private bytes = 0;
  /** The piece the last place asked for lies in, and (in a non-ASCII piece) that place in characters and bytes. */
  private at = 0;
  private atChar = 0;
  private atByte = 0;
  /** The file's byte where the part's text begins (-1 until the first text). */
  private base = -1;

  /**
   * `utf8`: the part is decoded as UTF-8 (Windows-1252 is one byte per character). `partEnd`: the
   * part's (feedTextPart), whose `start` is known by the first text; `bomLength`: the bytes of the
   * byte order mark, skipped when the part is the file's start. Without `end`, offsets are the text's.
   */
  constructor(
    private readonly utf8: boolean,
    private readonly partEnd?: TextPartEnd,
    private readonly bomLength = 0,
  ) {}

  push(text: string, ascii?: boolean): void {
    if (this.base < 0) this.base = this.partEnd === undefined ? 0 : this.partEnd.start + (this.partEnd.start === 0 ? this.bomLength : 0);
    // ASCII (the decoder says so; most chunks of an export) and Windows-1252: a byte per character.
    const n = ascii === true || !this.utf8 ? text.length : Buffer.byteLength(text, 'utf8');
    this.texts.push(text);
    this.charAt.push(this.chars);
    this.byteAt.push(this.bytes);
    this.ascii.push(n === text.length);
    this.chars += text.length;
    this.bytes += n;
    this.scanner.push(text);
  }

  get quoteState(): number {
    return this.scanner.quoteState;
  }

  end(): void {
    this.scanner.end();
  }

  /** Keeps where the scanner's present row lies (LogonRowSource: a logon's row). */
  keep(to: CollectedLogonRows): void {
    const from = this.byteOf(this.scanner.rowFrom);
    to.starts.push(this.base + from);
    to.lengths.push(this.byteOf(this.scanner.rowTo) - from);
  }

  /** The byte (from the text's first) where character `c` of the text pushed so far starts; `c` never less than the last asked for. */
  private byteOf(c: number): number {
    let k = this.at;
    const last = this.charAt.length - 1;
    if (k < last && this.charAt[k + 1]! <= c) {
      while (k < last && this.charAt[k + 1]! <= c) this.texts[k++] = ''; // pieces passed are let go
      this.at = k;
      this.atChar = this.charAt[k]!;
      this.atByte = this.byteAt[k]!;
    }
    if (this.ascii[k]) return this.byteAt[k]! + (c - this.charAt[k]!);
    const base = this.charAt[k]!;
    this.atByte += Buffer.byteLength(this.texts[k]!.slice(this.atChar - base, c - base), 'utf8');
    this.atChar = c;
    return this.atByte;
  }

}

/** An SM20 file whose successful logons step 1 may have kept as rows. */
export interface LogonRowsInput {
  index: number;
  fileName: string;
  /** Where step 1 read the file in byte ranges (FileStepResult.parts); absent for a file read in one piece. */
  parts?: SourceParts;
}

/**
 * The logons of one file's rows, in file order, as step 1 read them: user and terminal cells, the
 * peer address without its port (declared-facts.ts peerAddress) and the moment; a logon without a
 * date is left out (step 1 kept none such). Distinct values once, each logon as ids into them.
 * `log`: all of them as the LogonLog of MULTIPLE_LOGONS_BY_USER and UNEXPECTED_NETWORK_LOGON.
 */
export interface RowLogons {
  users: string[];
  terminals: string[];
  peers: string[];
  user: Uint32Array;
  terminal: Uint32Array;
  peer: Uint32Array;
  time: Float64Array;
  log: LogonLog;
}

/** Distinct strings in first-seen order, and their ids. */
class Ids {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  of(v: string): number {
    let id = this.ids.get(v);
    if (id === undefined) {
      this.ids.set(v, (id = this.values.length));
      this.values.push(v);
    }
    return id;
  }
}

/** The logons whose rows step 1 kept (facts `logonRows`), undefined when it kept none. */
export async function readLogonRows(ctx: EngineContext, fc: FlagContext, input: LogonRowsInput): Promise<RowLogons | undefined> {
  const wanted = ['canonical', 'joined', 'logonRows'];
  const facts = await readFacts<{ canonical: Partial<Record<string, number>>; joined: boolean; logonRows?: { starts: ArrayLike<number>; lengths: ArrayLike<number> } }>(
    ctx.workspace,
    factsName(input.index),
    (key) => !wanted.includes(key),
    'compact',
    wanted,
  );
  if (!facts) throw new Error(`facts of file ${input.index} (${input.fileName}) are missing: run parseAndFlagFile first`);
  const rows = facts.logonRows;
  const n = rows?.starts.length ?? 0;
  if (!rows || n === 0) return undefined;
  let layout: TextPartLayout | undefined = input.parts?.layout;
  let dateOrder: DateOrder | undefined = input.parts?.dateOrder;
  if (!layout || !dateOrder) {
    // Read in one piece: the layout as step 1 found it, from the file's head.
    const source = ctx.openSource(input.index);
    const opened = await openFile(source, input.fileName);
    (source as { destroy?: () => void }).destroy?.();
    layout = partLayoutOf(opened);
    dateOrder = opened.dateOrder;
    if (!layout) throw new Error(`${input.fileName}: step 1 kept logon rows of a file that is not delimited text`);
  }

  const users = new Ids();
  const terminals = new Ids();
  const peers = new Ids();
  const user = new Uint32Array(n);
  const terminal = new Uint32Array(n);
  const peer = new Uint32Array(n);
  const time = new Float64Array(n);
  const log = new LogonLogBuilder();
  let kept = 0;
  const rec = new ViewRecord('SM20', facts.canonical, dateOrder, layout.delimiter, fc.timeZone, facts.joined);
  const scanner = new RowScanner(layout.delimiter, layout.shape, 0, (row) => {
    rec.load(row);
    const t = rec.epoch();
    if (t === null) return;
    const u = rec.user;
    const term = rec.terminal;
    const p = peerAddress(rec.peer);
    user[kept] = users.of(u);
    terminal[kept] = terminals.of(term);
    peer[kept] = peers.of(p);
    time[kept++] = t;
    log.add(u, p, term, t);
  }, [], rec.eagerCells);
  await eachRow(ctx, input.index, rows.starts, rows.lengths, layout.encoding, (text) => scanner.push(text));
  scanner.end();
  return { users: users.values, terminals: terminals.values, peers: peers.values, user: user.slice(0, kept), terminal: terminal.slice(0, kept), peer: peer.slice(0, kept), time: time.slice(0, kept), log: log.toPlain() };
}

/**
 * Hands the text of rows [starts[i], starts[i] + lengths[i]) of source `index` to `onRow`, in order
 * (the offsets ascend), as step 1's decoder made it (read-text-part.ts: ASCII as Latin-1), the rows
 * ending in one chunk of the source together. One stream from the first row to the end of the last;
 * an ASCII chunk is decoded once and each row is a slice of it; a row in a chunk with other bytes,
 * or spanning chunks, is decoded alone.
 */
async function eachRow(ctx: EngineContext, index: number, starts: ArrayLike<number>, lengths: ArrayLike<number>, encoding: TextPartLayout['encoding'], onRow: (text: string) => void): Promise<void> {
  // Not fatal: the offsets exist only where step 1 decoded its part without switching, and the end of
  // a file cut inside a character reads as U+FFFD there too.
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  const decode = (bytes: Buffer) => (isAscii(bytes) ? bytes.toString('latin1') : decoder.decode(bytes));
  const n = starts.length;
  const first = starts[0]!;
  const last = starts[n - 1]! + lengths[n - 1]!;
  const ranged = ctx.openSourceRange !== undefined;
  let pos = ranged ? first : 0;
  let i = 0;
  // A row begun in an earlier chunk: its bytes so far.
  let pending: Buffer | undefined;
  let filled = 0;
  const batch: string[] = [];
  for await (const raw of ranged ? ctx.openSourceRange!(index, first, last) : ctx.openSource(index)) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const at = pos;
    pos += chunk.length;
    if (pending) {
      const take = Math.min(pending.length - filled, chunk.length);
      chunk.copy(pending, filled, 0, take);
      filled += take;
      if (filled < pending.length) continue;
      batch.push(decode(pending));
      pending = undefined;
      i++;
    }
    let text: string | undefined;
    while (i < n && starts[i]! < pos) {
      const s = starts[i]!;
      const e = s + lengths[i]!;
      if (s >= at && e <= pos) {
        text ??= isAscii(chunk) ? chunk.toString('latin1') : '';
        batch.push(text !== '' ? text.slice(s - at, e - at) : decode(chunk.subarray(s - at, e - at)));
        i++;
        continue;
      }
      if (e <= at) throw new Error(`logon row at byte ${s} lies before the bytes read`);
      pending = Buffer.allocUnsafe(e - s);
      filled = chunk.copy(pending, 0, s - at);
      break;
    }
    // The chunk's rows in one text (each ends with its line break): the scanner reads them in one go.
    if (batch.length > 0) onRow(batch.join(''));
    batch.length = 0;
    if (i >= n) break;
  }
  if (pending || i < n) throw new Error(`source ${index} ended before its logon rows (${n - i} left)`);
}
