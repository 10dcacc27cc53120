/**
 * Extends a master list from the customer's own system: a TSTCT (transaction codes) or DD02T
 * (tables) export, read as rows by the engine's readers (services/imports/read-list.ts). Entries are upserted with BatchWrite; one IMPORT audit
 * entry summarises the import (tens of thousands of per-row entries would drown the audit log).
 */
import type { Services } from '../types.ts';
import { writeAudit } from '../risk/audit-log.ts';
import { batchPutItems } from './batch-write.ts';
import { MASTER_KINDS, type MasterKind } from './master-kinds.ts';
import { readSapExportRows } from './sap-export-rows.ts';

/** The export's rows and the format it came in (for the audit entry). */
export interface MasterImportSource {
  rows: string[][];
  format: 'csv' | 'xlsx';
}

export interface MasterImportResult {
  imported: number;
  errors: string[];
}

export async function importMasterList(
  services: Services,
  kind: MasterKind,
  userId: string,
  source: MasterImportSource,
): Promise<MasterImportResult> {
  const info = MASTER_KINDS[kind];
  const { entries, errors, rejected } = readSapExportRows(info, source.rows);
  const started = Date.now();
  await batchPutItems(
    services,
    entries.map((e) => ({ pk: info.pk, sk: e.id, description: e.description })),
    { concurrency: 16 },
  );
  await writeAudit(services, {
    action: 'IMPORT',
    itemId: `${info.sapTable} import`,
    itemType: info.auditType,
    userId,
    previousValue: null,
    newValue: { imported: entries.length, rejectedRows: rejected, format: source.format },
  });
  services.log.info('Master list imported', { kind, imported: entries.length, rejected, ms: Date.now() - started });
  return { imported: entries.length, errors };
}
