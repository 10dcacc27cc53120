/** Upload validation and naming rules (spec section 5). */
import type { FileRejection } from '@mantine/dropzone';

/** MIME type -> extensions, as the picker takes it. */
export type Accept = Record<string, string[]>;

export const MAX_FILE_BYTES = 104_857_600; // 100 MB
export const SECONDS_PER_FILE = 30;

const XLS = 'application/vnd.ms-excel';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Every upload path (single, multi): the five names SAP exports come as. The picker filters by them;
 * what a file is, is then read from its content (`content-check.ts`), not from the name.
 */
export const UPLOAD_ACCEPT: Accept = {
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'text/plain': ['.txt'],
  [XLS]: ['.xls'],
  [XLSX]: ['.xlsx'],
};
export const SINGLE_ACCEPT = UPLOAD_ACCEPT;
export const MULTI_ACCEPT = UPLOAD_ACCEPT;

const EXTENSIONS = ['.csv', '.tsv', '.txt', '.xls', '.xlsx'];

export type UploadMode = 'single' | 'multi';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

export function invalidTypeMessage(name: string, _mode?: UploadMode): string {
  return `${name}: Invalid file type. Please use CSV, TSV, TXT or Excel files`;
}

export function tooLargeMessage(name: string): string {
  return `${name}: File is too large (max 100MB)`;
}

/** The message for a file that must not be uploaded, or null when it is fine. */
export function validateFile(file: { name: string; size: number }, mode: UploadMode): string | null {
  if (!EXTENSIONS.includes(extensionOf(file.name))) return invalidTypeMessage(file.name, mode);
  if (file.size > MAX_FILE_BYTES) return tooLargeMessage(file.name);
  return null;
}

/** One message per rejected file: ours for size and type, the picker's own text otherwise. */
export function rejectionMessages(rejections: FileRejection[], mode: UploadMode): string[] {
  return rejections.map(({ file, errors }) => {
    const codes = errors.map((e) => e.code);
    if (codes.includes('file-invalid-type')) return invalidTypeMessage(file.name, mode);
    if (codes.includes('file-too-large')) return tooLargeMessage(file.name);
    return `${file.name}: ${errors[0]?.message ?? 'File rejected'}`;
  });
}

/** The `fileType` sent to POST /upload, by content: 'excel' for a workbook, 'csv' for text (whatever the name). */
export function uploadFileType(kind: 'xlsx' | 'text'): 'excel' | 'csv' {
  return kind === 'xlsx' ? 'excel' : 'csv';
}

/** The storage content type by extension (anything unknown is sent as CSV). */
export function contentTypeFor(name: string): string {
  const ext = extensionOf(name);
  if (ext === '.xls') return XLS;
  if (ext === '.xlsx') return XLSX;
  return 'text/csv';
}

export function addedMessage(count: number): string {
  return `${count} file(s) added successfully`;
}
