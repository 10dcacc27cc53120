export type UploadItemStatus = 'pending' | 'uploading' | 'success' | 'error';

/** One selected file of the single-upload screen (spec 3: selected upload item). */
export interface UploadItem {
  id: string;
  file: File;
  status: UploadItemStatus;
  progress: number;
  analysisId?: string;
  error?: string;
}

let seq = 0;
export function newUploadItem(file: File): UploadItem {
  return { id: `u${Date.now().toString(36)}${++seq}`, file, status: 'pending', progress: 0 };
}
