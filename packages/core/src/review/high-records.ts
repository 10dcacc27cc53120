/**
 * Every flagged record of high or critical severity, as the report step writes results.csv
 * (`high-records.ndjson` beside it): the findings of flagged records come from here, not from
 * the 10 sample records per flag the report keeps. One JSON line per record, in results.csv order;
 * the first line says how many there are (`total`; `kept` and `cap` equal it: nothing is left out,
 * DETECTION.md section 3). Each record carries its acting user and time as the engine read them:
 * for a change-document item, its header's (and, as cells of its evidence, the header's user, time
 * and transaction).
 */
import type { ByteSink, Workspace } from '../engine/contract.ts';
import { FLAG_KEYS, type FileType, type FlagKey } from '../model/index.ts';
import { ruleById } from '../rules/index.ts';
import { openFindingLines, type FindingLinesResult } from './finding-lines.ts';
import { copyOf } from '../workspace/index.ts';
import { LineSink } from './line-sink.ts';

/** A record: its cells by column label (with FILE_TYPE and SOURCE_FILE), its flag reasons and rule ids. */
export interface HighRecord {
  record: Record<string, string>;
  reasons: Partial<Record<FlagKey, string>>;
  rules: string[];
  /** Acting user as the engine read it (a CDPOS item's from its header; '' unknown). Absent in files written before. */
  user?: string;
  /** "YYYY-MM-DD HH:MM:SS" in the analysis time zone (a CDPOS item's from its header; '' unknown). */
  time?: string;
}

/** What a high record line takes of the engine's canonical record. */
export interface HighRecordSource {
  user: string;
  date: string;
  time: string;
  fileType: string;
  joined: boolean;
  /** The transaction (a CDPOS item's from its header). Absent: not known. */
  tcode?: string;
}

// Cells a change-document item gets from its joined header (in types.ts: the web reads them too).
import { HEADER_TCODE_CELL, HEADER_TIME_CELL, HEADER_USER_CELL } from './types.ts';
export { HEADER_TCODE_CELL, HEADER_TIME_CELL, HEADER_USER_CELL };

export interface HighRecords {
  /** High-severity flagged records in the analysis. */
  total: number;
  cap: number;
  records: HighRecord[];
}

const isHighRule = (id: string) => {
  const r = ruleById(id);
  return !!r && r.kind === 'flag' && (r.severity === 'high' || r.severity === 'critical');
};

/**
 * One report part's high-severity records, written to the workspace as JSON lines; with
 * `findingsOf` (the analysis id) also their findings, made here in the part's task (finding-lines.ts).
 */
export function openHighRecordsPart(workspace: Workspace, name: string, fileType: FileType, fileName: string, columns: readonly string[], findingsOf?: string) {
  const sink = new LineSink(workspace.write(name));
  const findings = findingsOf !== undefined ? openFindingLines(workspace, `${name}.findings`, findingsOf) : undefined;
  let kept = 0;
  let total = 0;
  /** Bytes of the part's file so far (the findings name their record's line by offset; the step places the parts by it). */
  let bytes = 0;
  // Whether a list of rule ids has a high one: a part sees few lists (compared, not joined into a key per row).
  const lists: (readonly string[])[] = [];
  const listHigh: boolean[] = [];
  const highOf = (rules: readonly string[]): boolean => {
    const n = rules.length;
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i]!;
      if (list.length !== n) continue;
      let j = 0;
      while (j < n && list[j] === rules[j]) j++;
      if (j === n) return listHigh[i]!;
    }
    const high = rules.some(isHighRule);
    if (lists.length < 64) {
      lists.push(rules.slice());
      listHigh.push(high);
    }
    return high;
  };
  return {
    /** A flagged row (reasons by flag index, rule ids that fired). */
    add(row: readonly string[], reasons: readonly (string | undefined)[], rules: readonly string[], rec?: HighRecordSource): Promise<void> | undefined {
      if (!highOf(rules)) return;
      total++;
      kept++;
      const record: Record<string, string> = { FILE_TYPE: fileType, SOURCE_FILE: fileName };
      for (let j = 0; j < columns.length; j++) record[columns[j]!] = row[j] ?? '';
      const time = rec && rec.date !== '' ? `${rec.date} ${rec.time || '00:00:00'}` : '';
      if (rec && rec.fileType === 'CDPOS' && !rec.joined) {
        record[HEADER_USER_CELL] = rec.user;
        record[HEADER_TIME_CELL] = time;
        record[HEADER_TCODE_CELL] = rec.tcode ?? '';
      }
      const flags: Partial<Record<FlagKey, string>> = {};
      for (let i = 0; i < FLAG_KEYS.length; i++) if (reasons[i]) flags[FLAG_KEYS[i]!] = reasons[i];
      // The rules as they are: the line is made (and its findings read it) before the row's next record.
      const line: HighRecord = { record, reasons: flags, rules: rules as string[] };
      if (rec) {
        line.user = rec.user.trim().toUpperCase();
        line.time = time;
      }
      const json = JSON.stringify(line);
      let made: Promise<void> | undefined;
      const length = Buffer.byteLength(json);
      if (findings) made = findings.add(line, json, bytes, length);
      bytes += length + 1;
      const out = sink.line(json);
      return made && out ? Promise.all([made, out]).then(() => undefined) : made || out || undefined;
    },
    /** `bytes`: the file's length (where the next part starts in high-records.ndjson). */
    async close(): Promise<{ name: string; kept: number; total: number; bytes: number; findings?: FindingLinesResult }> {
      await sink.end();
      return { name, kept, total, bytes, ...(findings ? { findings: await findings.close() } : {}) };
    },
  };
}

/** Joins the parts (in results.csv order) into the analysis's high-records.ndjson: every line, nothing capped. */
/**
 * Writes high-records.ndjson from the report parts' files: a header line, then every part's lines
 * as they are. `starts`: the byte offset in the file of each part's first line (a finding names its
 * evidence by offset, write-findings.ts).
 */
export async function writeHighRecords(workspace: Workspace, parts: { name: string; kept: number; total: number }[], sink: ByteSink): Promise<{ total: number; kept: number; starts: number[] }> {
  const { total, kept, head } = highRecordsHead(parts);
  await sink.write(head);
  let at = head.byteLength;
  const starts: number[] = [];
  for (const part of parts) {
    starts.push(at);
    if (part.kept === 0) continue;
    // A part's file is its lines, each with its line feed, all kept: copied as bytes (splitting
    // and joining 1.7 GB of lines as text was seconds of the report step's own thread).
    await copyOf(workspace, part.name)((chunk, release) => {
      at += chunk.byteLength;
      return sink.write(chunk, release);
    });
  }
  await sink.end();
  return { total, kept, starts };
}

function highRecordsHead(parts: readonly { kept: number; total: number }[]) {
  const total = parts.reduce((n, p) => n + p.total, 0);
  const kept = parts.reduce((n, p) => n + p.kept, 0);
  return { total, kept, head: Buffer.from(`${JSON.stringify({ total, kept, cap: kept })}\n`) };
}

/**
 * writeHighRecords' `starts` from the parts' lengths (`bytes`, as the parts count them), before any
 * is copied: the findings can then be written while high-records.ndjson is; undefined when a part
 * has no length.
 */
export function highRecordStarts(parts: readonly { kept: number; total: number; bytes?: number }[]): number[] | undefined {
  if (parts.some((p) => p.bytes === undefined)) return undefined;
  let at = highRecordsHead(parts).head.byteLength;
  return parts.map((p) => {
    const start = at;
    if (p.kept > 0) at += p.bytes!;
    return start;
  });
}

/** Reads high-records.ndjson; throws on a file that is not one. */
export function parseHighRecords(text: string): HighRecords {
  const lines = text.split('\n').filter((l) => l !== '');
  const head = JSON.parse(lines[0] ?? '{}') as { total?: unknown; cap?: unknown };
  if (typeof head.total !== 'number' || typeof head.cap !== 'number') throw new Error('high-records.ndjson has no header line');
  return { total: head.total, cap: head.cap, records: lines.slice(1).map((l) => JSON.parse(l) as HighRecord) };
}
