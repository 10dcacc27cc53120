/**
 * CSV import into a high-risk list. Columns: tables TABNAME, CATEGORY, DDTEXT; tcodes TCODE,
 * CATEGORY, DESCRIPTION (the description column is optional and filled from the master list).
 * Bad rows are reported as `Row N: problem` (N counts the header as row 1, like a spreadsheet)
 * and skipped; valid rows are written, each as one whole item, with one IMPORT audit entry each.
 */
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { batchPutItems } from '../master/batch-write.ts';
import { lookupMasterDescriptions } from '../master/master-lookup.ts';
import { auditItem } from './audit-log.ts';
import { restoreNeutralised } from './csv-text.ts';
import { bumpListVersion } from './list-version.ts';
import { buildStoredItem, queryAllRiskItems } from './risk-items.ts';
import { RISK_KINDS, toApiItem, type RiskKind, type StoredRiskItem } from './risk-kinds.ts';
import { CATEGORY_RULE, ID_RULE, hasControlChars, isValidCategory, normaliseSapId, printable } from './sap-ids.ts';

export interface ImportResult {
  imported: number;
  errors: string[];
  /** Imported rows whose ID is not in the SAP master list (a typo, or a custom object). */
  warnings: string[];
}

interface ValidRow {
  id: string;
  category: string;
  description: string;
}

/**
 * High-risk lists hold hundreds of entries; the cap keeps one import (each row is an item write
 * plus an audit entry) well inside API Gateway's 29-second limit.
 */
export const RISK_IMPORT_MAX_ROWS = 10_000;

const DESCRIPTION_ALIASES: Record<RiskKind, string[]> = {
  table: ['DDTEXT', 'DESCRIPTION'],
  tcode: ['DESCRIPTION', 'TTEXT', 'DDTEXT'],
};

export async function importRiskCsv(services: Services, kind: RiskKind, userId: string, table: string[][]): Promise<ImportResult> {
  const { rows, errors } = readRows(kind, table);
  if (rows.length === 0) return { imported: 0, errors, warnings: [] };

  const existing = new Map((await queryAllRiskItems(services, kind)).map((item) => [item.sk, item]));
  // Every ID is looked up: the description fills gaps, and an ID the master list lacks is worth a warning.
  const master = await lookupMasterDescriptions(services, kind, rows.map((r) => r.id));
  const warnings = rows
    .filter((r) => !master.has(r.id))
    .map((r) => `${r.id}: not in the SAP master list of ${kind === 'table' ? 'tables' : 'transaction codes'}; imported, but check the name`);

  const items: StoredRiskItem[] = [];
  const audits: object[] = [];
  for (const row of rows) {
    const previous = existing.get(row.id);
    const description = row.description || previous?.description || master.get(row.id) || '';
    const addedBy = previous?.active ? previous.addedBy : userId;
    const item = buildStoredItem(kind, { ...row, description }, addedBy, userId);
    items.push(item);
    audits.push(
      auditItem({
        action: 'IMPORT',
        itemId: row.id,
        itemType: kind,
        userId,
        previousValue: previous ? toApiItem(previous) : null,
        newValue: toApiItem(item),
      }),
    );
  }
  await batchPutItems(services, items);
  await batchPutItems(services, audits);
  await bumpListVersion(services, kind);
  return { imported: items.length, errors, warnings };
}

/** Validates the header and every row; returns the good rows and one message per bad row. */
export function readRows(kind: RiskKind, table: string[][]): { rows: ValidRow[]; errors: string[] } {
  const info = RISK_KINDS[kind];
  if (table.length - 1 > RISK_IMPORT_MAX_ROWS) {
    throw new VisibleError('TOO_LARGE', `The CSV has ${table.length - 1} rows; at most ${RISK_IMPORT_MAX_ROWS} rows are accepted per import`);
  }
  const header = (table[0] ?? []).map((h) => h.trim().toUpperCase());
  const idCol = header.indexOf(info.csvIdColumn);
  const catCol = header.indexOf('CATEGORY');
  const descCol = DESCRIPTION_ALIASES[kind].map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  if (idCol < 0 || catCol < 0) {
    throw new VisibleError(
      'BAD_REQUEST',
      `The CSV header must name the columns ${info.csvIdColumn} and CATEGORY (${info.csvDescriptionColumn} optional); found: ${header.join(', ') || 'nothing'}`,
    );
  }
  const rows: ValidRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < table.length; i++) {
    const cells = table[i]!;
    const rowNo = i + 1;
    if (cells.every((c) => c.trim() === '')) continue;
    const rawId = restoreNeutralised(cells[idCol] ?? '').trim();
    const category = restoreNeutralised(cells[catCol] ?? '').trim();
    const description = descCol >= 0 ? restoreNeutralised(cells[descCol] ?? '').trim() : '';
    const id = normaliseSapId(rawId);
    if (!rawId) errors.push(`Row ${rowNo}: ${info.csvIdColumn} is empty`);
    else if (!id) errors.push(`Row ${rowNo}: ${info.csvIdColumn} "${printable(rawId)}" is not ${ID_RULE}`);
    else if (!category) errors.push(`Row ${rowNo}: CATEGORY is empty`);
    else if (!isValidCategory(category)) errors.push(`Row ${rowNo}: CATEGORY must be ${CATEGORY_RULE}`);
    else if (description.length > 255 || hasControlChars(description))
      errors.push(`Row ${rowNo}: ${info.csvDescriptionColumn} must be at most 255 characters without control characters`);
    else if (seen.has(id)) errors.push(`Row ${rowNo}: ${id} repeats row ${seen.get(id)}; only the first is imported`);
    else {
      seen.set(id, rowNo);
      rows.push({ id, category, description });
    }
  }
  return { rows, errors };
}
