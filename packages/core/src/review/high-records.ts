/**
 * Every flagged record of high or critical severity, as the report step writes results.csv
 * (`high-records.ndjson` beside it): the findings of flagged records come from here, not from
 * the 10 sample records per flag the report keeps. One JSON line per record; the first line says
 * how many there were and how many are kept: at most MAX_RECORD_FINDINGS, the first in results.csv
 * order, the count of the rest kept.
 */
import type { ByteSink, Workspace } from '../engine/contract.ts';
import { FLAG_KEYS, type FileType, type FlagKey } from '../model/index.ts';
import { ruleById } from '../rules/index.ts';

/** Flagged records of high severity that become findings; the rest are counted. */
export const MAX_RECORD_FINDINGS = 100_000;

/** A record: its cells by column label (with FILE_TYPE and SOURCE_FILE), its flag reasons and rule ids. */
export interface HighRecord {
  record: Record<string, string>;
  reasons: Partial<Record<FlagKey, string>>;
  rules: string[];
}

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

/** One report part's high-severity records, written to the workspace as JSON lines. */
export function openHighRecordsPart(workspace: Workspace, name: string, fileType: FileType, fileName: string, columns: readonly string[], cap = MAX_RECORD_FINDINGS) {
  const sink = workspace.write(name);
  let kept = 0;
  let total = 0;
  let text = '';
  const highByRules = new Map<string, boolean>();
  return {
    /** A flagged row (reasons by flag index, rule ids that fired). */
    add(row: readonly string[], reasons: readonly (string | undefined)[], rules: readonly string[]): Promise<void> | undefined {
      const key = rules.join(',');
      let high = highByRules.get(key);
      if (high === undefined) highByRules.set(key, (high = rules.some(isHighRule)));
      if (!high) return;
      total++;
      if (kept >= cap) return;
      kept++;
      const record: Record<string, string> = { FILE_TYPE: fileType, SOURCE_FILE: fileName };
      for (let j = 0; j < columns.length; j++) record[columns[j]!] = row[j] ?? '';
      const flags: Partial<Record<FlagKey, string>> = {};
      for (let i = 0; i < FLAG_KEYS.length; i++) if (reasons[i]) flags[FLAG_KEYS[i]!] = reasons[i];
      text += `${JSON.stringify({ record, reasons: flags, rules: [...rules] } satisfies HighRecord)}\n`;
      if (text.length < 1 << 20) return;
      const out = sink.write(Buffer.from(text));
      text = '';
      return out || undefined;
    },
    async close(): Promise<{ name: string; kept: number; total: number }> {
      if (text) await sink.write(Buffer.from(text));
      await sink.end();
      return { name, kept, total };
    },
  };
}

/** Joins the parts (in results.csv order) into the analysis's high-records.ndjson. */
export async function writeHighRecords(workspace: Workspace, parts: { name: string; kept: number; total: number }[], sink: ByteSink, cap = MAX_RECORD_FINDINGS): Promise<{ total: number; kept: number }> {
  const total = parts.reduce((n, p) => n + p.total, 0);
  const kept = Math.min(cap, parts.reduce((n, p) => n + p.kept, 0));
  await sink.write(Buffer.from(`${JSON.stringify({ total, kept, cap })}\n`));
  let left = kept;
  for (const part of parts) {
    if (left === 0) break;
    let pending = '';
    for await (const chunk of workspace.read(part.name)) {
      pending += Buffer.from(chunk).toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      const take = lines.slice(0, left);
      left -= take.length;
      if (take.length > 0) await sink.write(Buffer.from(`${take.join('\n')}\n`));
      if (left === 0) break;
    }
  }
  await sink.end();
  return { total, kept };
}

/** Reads high-records.ndjson; throws on a file that is not one. */
export function parseHighRecords(text: string): HighRecords {
  const lines = text.split('\n').filter((l) => l !== '');
  const head = JSON.parse(lines[0] ?? '{}') as { total?: unknown; cap?: unknown };
  if (typeof head.total !== 'number' || typeof head.cap !== 'number') throw new Error('high-records.ndjson has no header line');
  return { total: head.total, cap: head.cap, records: lines.slice(1).map((l) => JSON.parse(l) as HighRecord) };
}
