/** Spec section 7: POST /upload, PUT /files, GET /files, DELETE /files, all scoped to the caller. */
import { z } from 'zod';
import { createUpload, deleteFile, listFiles, markFileReady } from '../../services/files.ts';
import type { RouteRegistrar } from '../types.ts';

// Names come from the browser's File object: keep them printable and reasonably short.
const fileName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'must not contain control characters');

const fileId = z.string().uuid('must be a fileId returned by POST /upload');

const uploadBody = z.object({ fileName, fileType: z.enum(['csv', 'excel']) });
const readyBody = z.object({ fileId, status: z.literal('ready'), size: z.number().int().nonnegative().optional() });
const deleteBody = z.object({ fileId, userId: z.string().optional() });

export function registerFileRoutes(r: RouteRegistrar): void {
  r.route('POST', '/upload', { access: 'user', body: uploadBody, summary: 'A presigned URL to upload one file to' }, async ({ caller, body, services }) => {
    const input = uploadBody.parse(body ?? {});
    return { status: 200, body: await createUpload(services, caller.sub, input) };
  });

  r.route('PUT', '/files', { access: 'user', body: readyBody, summary: 'Marks an uploaded file ready' }, async ({ caller, body, services }) => {
    const input = readyBody.parse(body ?? {});
    return { status: 200, body: { file: await markFileReady(services, caller.sub, input.fileId) } };
  });

  r.route('GET', '/files', { access: 'user' }, async ({ caller, services }) => ({
    status: 200,
    body: { files: await listFiles(services, caller.sub) },
  }));

  // The id may come in the body (spec) or the query string (clients that drop DELETE bodies).
  r.route('DELETE', '/files', { access: 'user' }, async ({ caller, body, req, services }) => {
    const input = deleteBody.parse(body ?? { fileId: req.query.fileId });
    await deleteFile(services, caller.sub, input.fileId);
    return { status: 200, body: { deleted: true, fileId: input.fileId } };
  });
}
