/**
 * Export of the active high-risk lists as two CSV files in the blob store, handed out as
 * expiring download URLs. The files use the import columns, so they re-import unchanged.
 */
import { blobKeys } from '../keys.ts';
import type { Services } from '../types.ts';
import { formatCsv } from './csv-text.ts';
import { listRiskItems } from './risk-items.ts';
import { RISK_KINDS, itemId, type RiskKind } from './risk-kinds.ts';

export interface RiskExport {
  tablesUrl: string;
  tcodesUrl: string;
  tablesCount: number;
  tcodesCount: number;
}

const FILE_NAMES: Record<RiskKind, string> = { table: 'high_risk_tables.csv', tcode: 'high_risk_tcodes.csv' };
const URL_TTL_SECONDS = 15 * 60;

export async function exportRiskLists(services: Services): Promise<RiskExport> {
  const [tables, tcodes] = await Promise.all([writeList(services, 'table'), writeList(services, 'tcode')]);
  return { tablesUrl: tables.url, tcodesUrl: tcodes.url, tablesCount: tables.count, tcodesCount: tcodes.count };
}

/** The CSV text of one list's active items (also what the export file holds). */
export async function renderListCsv(services: Services, kind: RiskKind): Promise<{ csv: string; count: number }> {
  const info = RISK_KINDS[kind];
  const items = await listRiskItems(services, kind);
  const rows = items.map((item) => [itemId(info, item), item.category, item.description]);
  return { csv: formatCsv([info.csvIdColumn, 'CATEGORY', info.csvDescriptionColumn], rows), count: items.length };
}

async function writeList(services: Services, kind: RiskKind): Promise<{ url: string; count: number }> {
  const { csv, count } = await renderListCsv(services, kind);
  const key = blobKeys.riskExport(FILE_NAMES[kind]);
  await services.blobs.put(key, csv, 'text/csv; charset=utf-8');
  const url = await services.blobs.presignGet(key, {
    expiresIn: URL_TTL_SECONDS,
    downloadName: FILE_NAMES[kind],
    contentType: 'text/csv; charset=utf-8',
  });
  return { url, count };
}
