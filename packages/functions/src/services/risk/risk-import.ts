/**
 * CSV import into a high-risk list. Columns: tables TABNAME, CATEGORY, DDTEXT; tcodes TCODE,
 * CATEGORY, DESCRIPTION (the description column is optional and filled from the master list).
 * Bad rows are reported as `Row N: problem` (N counts the header as row 1, like a spreadsheet)
 * and skipped; valid rows are written, each as one whole item, with one IMPORT audit entry each.
 */
import { canonicalCategory } from '@app/core/lists/index.ts';
import type { Services } from '../types.ts';
import { batchPutItems } from '../master/batch-write.ts';
import { lookupMasterDescriptions } from '../master/master-lookup.ts';
import { auditItem } from './audit-log.ts';
import { restoreNeutralised } from './csv-text.ts';
import { readListCsv } from './list-csv-rows.ts';
import { bumpListVersion } from './list-version.ts';
import { buildStoredItem, listRiskCategories, queryAllRiskItems } from './risk-items.ts';
import { RISK_KINDS, toApiItem, type RiskKind, type StoredRiskItem } from './risk-kinds.ts';
import { CATEGORY_RULE, ID_RULE, isValidCategory, normaliseSapId } from './sap-ids.ts';

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

/**
 * Translated and other near-duplicate category names, folded into the category the lists use
 * (issue 27): an import of "Benutzerverwaltung" lands in "User Administration", not beside it. The
 * canonical names of the shipped lists' own aliases (User & Authorization, System Configuration,
 * Financial Posting …) come from core's category-aliases.ts and are folded first.
 */
export const CATEGORY_SYNONYMS: Record<string, string> = {
  'user and authorization': 'User Administration',
  'user management': 'User Administration',
  benutzerverwaltung: 'User Administration',
  berechtigungen: 'User Administration',
  systemverwaltung: 'System Administration',
  systemkonfiguration: 'System Administration',
  basis: 'System Administration',
  finanzbuchhaltung: 'Finance',
  finanzen: 'Finance',
  zahlungsverkehr: 'Payment & Banking',
  stammdaten: 'Master Data',
};

/**
 * The existing category an imported one means: a near-duplicate's canonical name, then the same
 * name in any case, or a known synonym; else the name as given (a new category).
 * @example matchCategory('System Configuration', []) // { category: 'System Administration', matched: 'System Configuration' }
 */
export function matchCategory(category: string, existing: readonly string[]): { category: string; matched?: string } {
  const canonical = canonicalCategory(category);
  const key = canonical.trim().toLowerCase();
  const same = existing.find((c) => c.toLowerCase() === key);
  if (same) return same === category ? { category } : { category: same, matched: category };
  const synonym = CATEGORY_SYNONYMS[key];
  if (synonym) return { category: synonym, matched: category };
  return canonical === category ? { category } : { category: canonical, matched: category };
}

export interface ImportPreview {
  /** IDs not in the list yet, with their category (after matching). */
  added: { id: string; category: string; description: string }[];
  /** Entries whose fields change: old -> new per field. */
  changed: { id: string; changes: { field: string; from: string; to: string }[] }[];
  unchanged: string[];
  /** Imported category names folded into an existing one. */
  categoriesMatched: { from: string; to: string }[];
  /** Categories the import creates. */
  categoriesNew: string[];
  errors: string[];
  warnings: string[];
}

/** What an import would do, written nowhere: new, changed (field by field) and unchanged entries and the categories matched. */
export async function previewRiskImport(services: Services, kind: RiskKind, table: string[][]): Promise<ImportPreview> {
  const { rows, errors } = readRows(kind, table);
  const existing = new Map((await queryAllRiskItems(services, kind)).map((item) => [item.sk, item]));
  const categories = await listRiskCategories(services);
  const master = rows.length ? await lookupMasterDescriptions(services, kind, rows.map((r) => r.id)) : new Map<string, string>();
  const preview: ImportPreview = { added: [], changed: [], unchanged: [], categoriesMatched: [], categoriesNew: [], errors, warnings: [] };
  const matched = new Map<string, string>();
  const created = new Set<string>();
  for (const row of rows) {
    const m = matchCategory(row.category, categories);
    if (m.matched) matched.set(m.matched, m.category);
    if (!categories.includes(m.category)) created.add(m.category);
    const previous = existing.get(row.id);
    const description = row.description || previous?.description || master.get(row.id) || '';
    if (!master.has(row.id)) preview.warnings.push(`${row.id}: not in the SAP master list of ${kind === 'table' ? 'tables' : 'transaction codes'}; imported, but check the name`);
    if (!previous || !previous.active) {
      preview.added.push({ id: row.id, category: m.category, description });
      continue;
    }
    const changes = [
      { field: 'category', from: previous.category, to: m.category },
      { field: 'description', from: previous.description ?? '', to: description },
    ].filter((c) => c.from !== c.to);
    if (changes.length) preview.changed.push({ id: row.id, changes });
    else preview.unchanged.push(row.id);
  }
  preview.categoriesMatched = [...matched].map(([from, to]) => ({ from, to }));
  preview.categoriesNew = [...created];
  return preview;
}

export async function importRiskCsv(services: Services, kind: RiskKind, userId: string, table: string[][]): Promise<ImportResult> {
  const { rows: read, errors } = readRows(kind, table);
  if (read.length === 0) return { imported: 0, errors, warnings: [] };
  // Categories folded into the existing ones, as the preview showed them.
  const categories = await listRiskCategories(services);
  const rows = read.map((r) => ({ ...r, category: matchCategory(r.category, categories).category }));

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
  return readListCsv(
    {
      idColumn: info.csvIdColumn,
      idRule: ID_RULE,
      normaliseId: normaliseSapId,
      columns: ['CATEGORY'],
      descriptionColumns: DESCRIPTION_ALIASES[kind],
      maxRows: RISK_IMPORT_MAX_ROWS,
      readFields: (cells) => {
        const category = restoreNeutralised(cells.CATEGORY ?? '').trim();
        if (!category) return 'CATEGORY is empty';
        return isValidCategory(category) ? { category } : `CATEGORY must be ${CATEGORY_RULE}`;
      },
    },
    table,
  );
}
