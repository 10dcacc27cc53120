/**
 * Where an administrator uploads a list file before importing it (high-risk lists, watchlists,
 * master exports), and the request fields an import names its file by.
 */
import { z } from 'zod';
import { VisibleError } from '../errors.ts';
import type { Caller, RouteContext, RouteRegistrar } from '../types.ts';
import { createListUpload, takeListUpload } from '../../services/imports/list-upload.ts';
import { readListText } from '../../services/imports/read-list.ts';
import type { Services } from '../../services/types.ts';

/** Largest csvContent an import takes inline (API Gateway and Lambda cap a request near 6 MB); larger files go through POST /imports/upload. */
export const INLINE_CSV_MAX_CHARS = 5 * 1024 * 1024;

/** An import names its file by `key` (from POST /imports/upload) or sends small CSV text inline. */
export const listSourceFields = {
  csvContent: z.string({ message: 'must be the CSV file text' }).optional(),
  key: z.string().max(300, 'must be at most 300 characters').optional(),
};

export const EXACTLY_ONE_SOURCE = 'send exactly one of key (from POST /imports/upload) or csvContent (CSV text)';

export const hasOneSource = (b: { csvContent?: string; key?: string }) => (b.csvContent === undefined) !== (b.key === undefined);

/** The rows of the file an import names; an uploaded file is deleted once read. */
export async function readListSource(services: Services, caller: Caller, source: { csvContent?: string; key?: string }): Promise<string[][]> {
  if (source.key !== undefined) return takeListUpload(services, caller.sub, source.key);
  const text = source.csvContent ?? '';
  if (text.length > INLINE_CSV_MAX_CHARS) {
    throw new VisibleError('TOO_LARGE', `csvContent is too large: at most ${INLINE_CSV_MAX_CHARS / 1024 / 1024} MB of CSV text is accepted inline; upload the file (POST /imports/upload) and send its key`);
  }
  return readListText(text);
}

const uploadSchema = z.object({ fileName: z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters') });

export function registerImportRoutes(r: RouteRegistrar): void {
  r.route(
    'POST',
    '/imports/upload',
    { access: 'admin', body: uploadSchema, summary: 'Where to upload a list file (CSV or XLSX, up to 20 MB) before importing it' },
    async ({ services, caller, body }: RouteContext) => {
      const input = uploadSchema.parse(body ?? {});
      return { status: 200, body: await createListUpload(services, caller.sub, input.fileName) };
    },
  );
}
