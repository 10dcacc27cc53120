/**
 * Master lists: autocomplete search (any signed-in user; harmless reference data) and the
 * administrators' import of their own system's TSTCT / DD02T exports.
 */
import { z } from 'zod';
import { VisibleError } from '../errors.ts';
import type { RouteContext, RouteRegistrar } from '../types.ts';
import { importMasterList } from '../../services/master/master-import.ts';
import { createMasterUpload, takeMasterUpload } from '../../services/master/master-upload.ts';
import type { MasterKind } from '../../services/master/master-kinds.ts';
import { SEARCH_MAX_RESULTS, searchMaster } from '../../services/master/master-search.ts';
import { ensureSeeded } from '../../services/risk/seed.ts';

/** Size limits of POST /master-import (API Gateway and Lambda cap a request near 6 MB). */
export const MASTER_IMPORT_MAX_CSV_CHARS = 5 * 1024 * 1024;
export const MASTER_IMPORT_MAX_XLSX_BASE64 = 5.5 * 1024 * 1024;

const searchQuerySchema = z.object({
  q: z.string().max(30, 'must be at most 30 characters').default(''),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
});

const importSchema = z
  .object({
    type: z.enum(['tables', 'tcodes'], { message: "must be 'tables' or 'tcodes'" }),
    csvContent: z.string().optional(),
    xlsxBase64: z.string().optional(),
    key: z.string().max(300).optional(),
  })
  .refine((b) => [b.csvContent, b.xlsxBase64, b.key].filter((v) => v !== undefined).length === 1, {
    message: 'send exactly one of csvContent (CSV text), xlsxBase64 (an XLSX file, base64-encoded) or key (from POST /master-import/upload)',
    path: ['csvContent'],
  });

const uploadSchema = z.object({ fileName: z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters') });

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

  r.route('POST', '/master-import/upload', { access: 'admin', body: uploadSchema, summary: 'Where to upload a master-list export before importing it' }, async ({ services, body }: RouteContext) => {
    const input = uploadSchema.parse(body ?? {});
    if (!/\.(csv|txt|xlsx)$/i.test(input.fileName)) throw new VisibleError('BAD_REQUEST', `${input.fileName}: use a CSV or XLSX export`);
    return { status: 200, body: await createMasterUpload(services, input.fileName) };
  });

  r.route('POST', '/master-import', { access: 'admin', body: importSchema, summary: 'Imports an uploaded TSTCT/DD02T export' }, async ({ services, caller, body }: RouteContext) => {
    const input = importSchema.parse(body ?? {});
    const kind: MasterKind = input.type === 'tables' ? 'table' : 'tcode';
    if ((input.csvContent?.length ?? 0) > MASTER_IMPORT_MAX_CSV_CHARS || (input.xlsxBase64?.length ?? 0) > MASTER_IMPORT_MAX_XLSX_BASE64) {
      throw new VisibleError('TOO_LARGE', 'The export is too large: at most 5 MB of CSV or about 4 MB of XLSX per import; split the file');
    }
    await ensureSeeded(services);
    const source =
      input.key !== undefined
        ? await takeMasterUpload(services, input.key)
        : input.xlsxBase64 !== undefined
          ? { xlsx: decodeBase64(input.xlsxBase64) }
          : { csvContent: input.csvContent ?? '' };
    return { status: 200, body: await importMasterList(services, kind, caller.sub, source) };
  });
}

function decodeBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(text)) throw new VisibleError('BAD_REQUEST', 'Invalid request: xlsxBase64 must be base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw new VisibleError('BAD_REQUEST', 'Invalid request: xlsxBase64 is empty');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
