import { FILE_TYPES, type FileType } from '../model/index.ts';
import { ENGLISH_LABELS } from './labels/english.ts';
import { GERMAN_LABELS } from './labels/german.ts';
import { SERVICENOW_LABELS } from './labels/servicenow.ts';
import { SIEM_LABELS } from './labels/siem.ts';
import { TECHNICAL_LABELS } from './labels/technical.ts';
import type { LabelTable } from './labels/types.ts';

export type { LabelTable } from './labels/types.ts';

/**
 * The label tables, in the order their spellings rank when two columns of a file match one
 * canonical name (the earlier table's, and within a table the earlier label, wins). Another
 * language is one more table here.
 */
export const LABEL_TABLES: readonly { name: string; labels: LabelTable }[] = [
  { name: 'English', labels: ENGLISH_LABELS },
  { name: 'SAP technical names', labels: TECHNICAL_LABELS },
  { name: 'SIEM', labels: SIEM_LABELS },
  { name: 'ServiceNow', labels: SERVICENOW_LABELS },
  { name: 'German', labels: GERMAN_LABELS },
];

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
