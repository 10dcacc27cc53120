/**
 * Turns the rows of a TSTCT / DD02T export (SE16 as CSV, spreadsheet or "unconverted" list)
 * into master entries. The header row is found among the first rows (SE16 may put a title
 * above it); only one language's texts are kept: English (E/EN) when present, else the only one.
 */
import { VisibleError } from '../../http/errors.ts';
import { ID_RULE, normaliseSapId } from '../risk/sap-ids.ts';
import type { MasterKindInfo } from './master-kinds.ts';

export interface MasterEntryRow {
  id: string;
  description: string;
}

export const MAX_REPORTED_ERRORS = 100;
const HEADER_SEARCH_ROWS = 20;
const ENGLISH = new Set(['E', 'EN']);

export function readSapExportRows(info: MasterKindInfo, table: string[][]): { entries: MasterEntryRow[]; errors: string[]; rejected: number } {
  const headerAt = table.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => findColumn(row, info.idColumns) >= 0);
  if (headerAt < 0) {
    throw new VisibleError(
      'BAD_REQUEST',
      `No header row with ${info.idColumns[0]} found; expected a ${info.sapTable} export with the columns ${info.idColumns[0]} and ${info.textColumns[0]}`,
    );
  }
  const header = table[headerAt]!;
  const idCol = findColumn(header, info.idColumns);
  const textCol = findColumn(header, info.textColumns);
  const langCol = findColumn(header, info.languageColumns);
  if (textCol < 0) {
    throw new VisibleError('BAD_REQUEST', `The ${info.sapTable} export needs a ${info.textColumns[0]} column next to ${info.idColumns[0]}`);
  }

  const errors: string[] = [];
  let errorCount = 0;
  const candidates: { id: string; description: string; language: string }[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const cells = table[i]!;
    if (cells.every((c) => /^[\s\-|]*$/.test(c))) continue; // blank lines and list rulers
    const raw = (cells[idCol] ?? '').trim();
    const id = normaliseSapId(raw);
    if (!id) {
      errorCount++;
      if (errors.length < MAX_REPORTED_ERRORS) {
        errors.push(`Row ${i + 1}: ${info.idColumns[0]} "${raw.slice(0, 40)}" is not ${ID_RULE}`);
      }
      continue;
    }
    const description = (cells[textCol] ?? '').trim().replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 255);
    candidates.push({ id, description, language: langCol >= 0 ? (cells[langCol] ?? '').trim().toUpperCase() : '' });
  }
  if (errorCount > errors.length) errors.push(`... and ${errorCount - errors.length} more rows with errors`);

  const language = pickLanguage(info, candidates.map((c) => c.language));
  const seen = new Set<string>();
  const entries: MasterEntryRow[] = [];
  for (const c of candidates) {
    if (language !== undefined && c.language !== language && !(ENGLISH.has(language) && ENGLISH.has(c.language))) continue;
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    entries.push({ id: c.id, description: c.description });
  }
  return { entries, errors, rejected: errorCount };
}

function findColumn(row: string[], names: string[]): number {
  const labels = row.map((c) => c.trim().toUpperCase());
  for (const name of names) {
    const at = labels.indexOf(name);
    if (at >= 0) return at;
  }
  return -1;
}

/** The language to keep, or undefined to keep every row (no language column). */
function pickLanguage(info: MasterKindInfo, languages: string[]): string | undefined {
  const distinct = [...new Set(languages)];
  if (distinct.length <= 1) return distinct[0] || undefined;
  const english = distinct.find((l) => ENGLISH.has(l));
  if (english) return english;
  throw new VisibleError(
    'BAD_REQUEST',
    `The ${info.sapTable} export holds texts in several languages (${distinct.slice(0, 5).join(', ')}) and none in English; export one language only`,
  );
}
