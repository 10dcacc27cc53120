import { FILE_TYPES, type FileType } from '../model/index.ts';
import { LABEL_TABLE_NAMES } from './file-format.ts';
import { FILE_FORMATS } from './file-formats.ts';

/** Labels per file type and canonical column, best first. One table per language or tool. */
export type LabelTable = Partial<Record<FileType, Record<string, readonly string[]>>>;

/**
 * The label tables, in the order their spellings rank when two columns of a file match one
 * canonical name (the earlier table's, and within a table the earlier label, wins), gathered from
 * each type's home (formats/<type>/index.ts). Another language is one more table name
 * (file-format.ts) and its labels in each home.
 */
export const LABEL_TABLES: readonly { name: string; labels: LabelTable }[] = LABEL_TABLE_NAMES.map((name) => ({
  name,
  labels: Object.fromEntries(FILE_TYPES.flatMap((t) => (FILE_FORMATS[t].labels[name] ? [[t, FILE_FORMATS[t].labels[name]!]] : []))) as LabelTable,
}));

function mergeTables(tables: readonly { labels: LabelTable }[]): Record<FileType, Record<string, readonly string[]>> {
  const merged = Object.fromEntries(FILE_TYPES.map((t) => [t, {} as Record<string, string[]>])) as Record<FileType, Record<string, string[]>>;
  for (const { labels } of tables) {
    for (const type of FILE_TYPES) {
      for (const [canonical, list] of Object.entries(labels[type] ?? {})) (merged[type][canonical] ??= []).push(...list);
    }
  }
  return merged;
}

/**
 * Header labels seen in real exports, per type and canonical column, best first (all tables merged).
 * Labels are compared after `normaliseLabel` (lower case, letters and digits only, accents dropped),
 * so "Cl.", "Doc.Number", "ObjectClass_s", "Tabellenschlüssel" and "  TCODE " match their plain spellings.
 */
export const HEADER_LABELS: Record<FileType, Record<string, readonly string[]>> = mergeTables(LABEL_TABLES);

const ASCII_LABEL = /^[\x20-\x7e]*$/;

/** Lower case, letters and digits only: "Doc.Number" -> "docnumber", "Tabellenschlüssel" -> "tabellenschlussel". */
export function normaliseLabel(label: string): string {
  const plain = ASCII_LABEL.test(label) ? label : label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss');
  return plain.toLowerCase().replace(/[^a-z0-9]+/g, '');
}
