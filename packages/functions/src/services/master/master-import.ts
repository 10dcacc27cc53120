/**
 * Extends a master list from the customer's own system: a TSTCT (transaction codes) or DD02T
 * (tables) export, read as rows by the engine's readers (services/imports/read-list.ts). The
 * import runs as a job (import-jobs.ts): entries are upserted with BatchWrite across the list's
 * partitions; one IMPORT audit entry summarises the import (tens of thousands of per-row entries
 * would drown the audit log).
 */

/** The export's rows and the format it came in (for the audit entry). */
export interface MasterImportSource {
  rows: string[][];
  format: 'csv' | 'xlsx';
}
