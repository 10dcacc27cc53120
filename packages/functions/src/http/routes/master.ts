/**
 * Master lists: autocomplete search (any signed-in user; harmless reference data) and the
 * administrators' import of their own system's TSTCT / DD02T exports.
 */
import { z } from 'zod';
import { VisibleError } from '../errors.ts';
import type { RouteContext, RouteRegistrar } from '../types.ts';
import { requireImportJob, startMasterImport } from '../../services/master/import-jobs.ts';

import type { MasterKind } from '../../services/master/master-kinds.ts';
import { SEARCH_MAX_RESULTS, searchMaster } from '../../services/master/master-search.ts';
import { readListWorkbook } from '../../services/imports/read-list.ts';
import { ensureSeeded } from '../../services/risk/seed.ts';
import { listSourceFields, readListSource } from './imports.ts';

/** Largest xlsxBase64 taken inline (about 4 MB of XLSX); larger workbooks go through POST /imports/upload. */
export const MASTER_IMPORT_MAX_XLSX_BASE64 = 5.5 * 1024 * 1024;

const searchQuerySchema = z.object({
  q: z.string().max(30, 'must be at most 30 characters').default(''),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
});

const importSchema = z
  .object({
    type: z.enum(['tables', 'tcodes'], { message: "must be 'tables' or 'tcodes'" }),
    ...listSourceFields,
    xlsxBase64: z.string().optional(),
  })
  .refine((b) => [b.csvContent, b.xlsxBase64, b.key].filter((v) => v !== undefined).length === 1, {
    message: 'send exactly one of key (from POST /imports/upload), csvContent (CSV text) or xlsxBase64 (an XLSX file, base64-encoded)',
    path: ['csvContent'],
  });

export function registerMasterRoutes(r: RouteRegistrar): void {
  for (const [path, kind] of [
    ['/master-tables/search', 'table'],
    ['/master-tcodes/search', 'tcode'],
  ] as const) {
    r.route('GET', path, { access: 'user' }, async ({ services, req }) => {
      const q = searchQuerySchema.parse(Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== '')));
      await ensureSeeded(services);
      return { status: 200, body: { results: await searchMaster(services, kind, q.q, q.limit ?? SEARCH_MAX_RESULTS) } };
    });
  }

  r.route('POST', '/master-import', { access: 'admin', body: importSchema, summary: 'Imports a TSTCT/DD02T export' }, async ({ services, caller, body }: RouteContext) => {
    const input = importSchema.parse(body ?? {});
    const kind: MasterKind = input.type === 'tables' ? 'table' : 'tcode';
    if ((input.xlsxBase64?.length ?? 0) > MASTER_IMPORT_MAX_XLSX_BASE64) {
      throw new VisibleError('TOO_LARGE', 'xlsxBase64 is too large: about 4 MB of XLSX is accepted inline; upload the file (POST /imports/upload) and send its key');
    }
    await ensureSeeded(services);
    const source =
      input.xlsxBase64 !== undefined
        ? { rows: await readListWorkbook(decodeBase64(input.xlsxBase64)), format: 'xlsx' as const }
        : { rows: await readListSource(services, caller, input), format: input.key && /\.xlsx$/i.test(input.key) ? ('xlsx' as const) : ('csv' as const) };
    // Read and checked now (a file without a usable header is refused here); written by the job.
    const job = await startMasterImport(services, kind, caller.sub, source);
    return { status: 202, body: job };
  });

  r.route(
    'GET',
    '/master-import/jobs/{jobId}',
    { access: 'admin', params: { jobId: { label: 'import job ID', schema: z.string().uuid('must be a jobId returned by POST /master-import') } }, summary: "An import job's progress and final counts" },
    async ({ services, params }: RouteContext) => ({ status: 200, body: await requireImportJob(services, params.jobId!) }),
  );
}

function decodeBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(text)) throw new VisibleError('BAD_REQUEST', 'Invalid request: xlsxBase64 must be base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw new VisibleError('BAD_REQUEST', 'Invalid request: xlsxBase64 is empty');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
