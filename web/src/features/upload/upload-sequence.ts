/**
 * The upload sequence shared by single and multi upload (spec 4, DECISIONS 4):
 * POST /upload → PUT uploadUrl (XMLHttpRequest for real progress; on AWS a form POST with the
 * returned uploadFields, whose policy bounds the size) → PUT /files → POST /analyze.
 */
import { api, ApiError } from '../../api/client.ts';
import { extractErrorMessage } from '../../api/api-error.ts';
import { contentTypeFor, uploadFileType } from './file-rules.ts';
import { checkUploadContent, type UploadKind } from './content-check.ts';

async function kindOf(file: File): Promise<UploadKind> {
  const check = await checkUploadContent(file);
  if (!check.ok) throw new ApiError(400, check.message);
  return check.kind;
}
import type { AiSettings } from '../ai-settings/settings.ts';

export interface UploadedFile {
  fileId: string;
  key?: string;
}

/** The `ai_settings` preference as POST /analyze accepts it. */
export type AiSettingsPayload = AiSettings;

/**
 * Sends the file to a presigned URL, reporting percent 0..100: the raw bytes as a PUT, or, with
 * `fields`, a form POST (the fields first, the file last, as S3 requires).
 */
export function putFile(uploadUrl: string, file: Blob, contentType: string, onProgress: (percent: number) => void, fields?: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(fields ? 'POST' : 'PUT', new URL(uploadUrl, window.location.origin).toString());
    if (!fields) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.max(0, Math.round((e.loaded / e.total) * 100))));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: keep the text */
      }
      reject(new ApiError(xhr.status, extractErrorMessage(body, `Failed to upload file: the storage answered HTTP ${xhr.status}`)));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Failed to upload file: the connection to the storage failed (network error, or the link expired)'));
    if (!fields) return void xhr.send(file);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}

/** Creates the file record, sends the bytes and marks the file ready. */
export async function uploadFile(file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  const created = await api.post<{ uploadUrl: string; uploadFields?: Record<string, string>; fileId: string; key?: string }>(
    '/upload',
    { fileName: file.name, fileType: uploadFileType(await kindOf(file)) },
    { fallback: 'Failed to upload file' },
  );
  await putFile(created.uploadUrl, file, contentTypeFor(file.name), onProgress, created.uploadFields);
  try {
    await api.put('/files', { fileId: created.fileId, status: 'ready', size: file.size }, { fallback: 'Failed to upload file' });
  } catch (err) {
    // The spec only warns here, but a 4xx is the server refusing the file (e.g. over 100 MB): the user must know.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) throw err;
    console.warn(`Could not mark ${file.name} as ready`, err);
  }
  return { fileId: created.fileId, key: created.key };
}

export interface StartedAnalysis {
  analysisId: string;
  status?: string;
}

/** POST /analyze: several files are a correlated 'multi' analysis. */
export function startAnalysis(fileIds: string[], aiSettings?: AiSettingsPayload): Promise<StartedAnalysis> {
  const multi = fileIds.length > 1;
  return api.post<StartedAnalysis>(
    '/analyze',
    {
      fileIds,
      analysisType: multi ? 'multi' : 'single',
      correlateFiles: multi,
      ...(aiSettings ? { aiSettings } : {}),
    },
    { fallback: multi ? 'Failed to analyze files' : 'Failed to analyze file' },
  );
}
