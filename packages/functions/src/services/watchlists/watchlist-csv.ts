/**
 * CSV import and export of a watchlist, in the columns of the shipped default files
 * (USER,KIND,DESCRIPTION; PROFILE,DESCRIPTION; NAME,KIND,DESCRIPTION), so an export re-imports
 * unchanged and the default files import as they are. Bad rows are reported as `Row N: problem`
 * (the header is row 1) and skipped; each good row is one whole entry and one IMPORT audit entry.
 */
import { blobKeys } from '../keys.ts';
import type { Services } from '../types.ts';
import { batchPutItems } from '../master/batch-write.ts';
import { auditItem } from '../risk/audit-log.ts';
import { formatCsv } from '../risk/csv-text.ts';
import { readListCsv } from '../risk/list-csv-rows.ts';
import { bumpVersionCounter } from '../risk/list-version.ts';
import { printable } from '../risk/sap-ids.ts';
import { buildStoredEntry, listWatchlistEntries, queryAllWatchlistEntries } from './watchlist-items.ts';
import { WATCHLISTS, normaliseKind, normaliseWatchlistId, toApiEntry, type WatchlistName } from './watchlist-kinds.ts';

export interface WatchlistImportResult {
  imported: number;
  errors: string[];
}

export interface WatchlistExport {
  url: string;
  fileName: string;
  count: number;
}

/** Watchlists hold tens of entries; the cap keeps one import well inside API Gateway's time limit. */
export const WATCHLIST_IMPORT_MAX_ROWS = 5_000;
const URL_TTL_SECONDS = 15 * 60;

interface ValidRow {
  id: string;
  kind?: string;
  description: string;
}

export async function importWatchlistCsv(services: Services, name: WatchlistName, userId: string, table: string[][]): Promise<WatchlistImportResult> {
  const info = WATCHLISTS[name];
  const { rows, errors } = readWatchlistRows(name, table);
  if (rows.length === 0) return { imported: 0, errors };
  const existing = new Map((await queryAllWatchlistEntries(services, name)).map((e) => [e.sk, e]));
  const entries = rows.map((row) => {
    const previous = existing.get(row.id);
    const description = row.description || previous?.description || '';
    return buildStoredEntry(name, { ...row, description }, previous?.active ? previous.addedBy : userId, userId);
  });
  const audits = entries.map((entry) => {
    const previous = existing.get(entry.id);
    return auditItem({
      action: 'IMPORT',
      itemId: entry.id,
      itemType: info.auditType,
      userId,
      previousValue: previous ? toApiEntry(previous) : null,
      newValue: toApiEntry(entry),
    });
  });
  await batchPutItems(services, entries);
  await batchPutItems(services, audits);
  await bumpVersionCounter(services, info.versionSk);
  return { imported: entries.length, errors };
}

/** Validates the header and every row; returns the good rows and one message per bad row. */
export function readWatchlistRows(name: WatchlistName, table: string[][]): { rows: ValidRow[]; errors: string[] } {
  const info = WATCHLISTS[name];
  const hasKinds = info.kinds.length > 0;
  return readListCsv<{ kind?: string }>(
    {
      idColumn: info.csvIdColumn,
      idRule: info.idRule,
      normaliseId: (raw) => normaliseWatchlistId(info, raw),
      columns: hasKinds ? ['KIND'] : [],
      descriptionColumns: ['DESCRIPTION'],
      maxRows: WATCHLIST_IMPORT_MAX_ROWS,
      readFields: (cells) => {
        if (!hasKinds) return {};
        const rawKind = (cells.KIND ?? '').trim();
        const kind = normaliseKind(info, rawKind);
        return kind ? { kind } : `KIND "${printable(rawKind)}" must be one of ${info.kinds.join(', ')}`;
      },
    },
    table,
  );
}

/** The CSV text of a list's active entries, in the import columns. */
export async function renderWatchlistCsv(services: Services, name: WatchlistName): Promise<{ csv: string; count: number }> {
  const info = WATCHLISTS[name];
  const entries = await listWatchlistEntries(services, name);
  const hasKinds = info.kinds.length > 0;
  const header = hasKinds ? [info.csvIdColumn, 'KIND', 'DESCRIPTION'] : [info.csvIdColumn, 'DESCRIPTION'];
  const rows = entries.map((e) => (hasKinds ? [e.id, e.kind ?? '', e.description] : [e.id, e.description]));
  return { csv: formatCsv(header, rows), count: entries.length };
}

/** Writes the export file to the blob store and hands out an expiring download URL. */
export async function exportWatchlist(services: Services, name: WatchlistName): Promise<WatchlistExport> {
  const { fileName } = WATCHLISTS[name];
  const { csv, count } = await renderWatchlistCsv(services, name);
  const key = blobKeys.riskExport(fileName);
  await services.blobs.put(key, csv, 'text/csv; charset=utf-8');
  const url = await services.blobs.presignGet(key, { expiresIn: URL_TTL_SECONDS, downloadName: fileName, contentType: 'text/csv; charset=utf-8' });
  return { url, fileName, count };
}
