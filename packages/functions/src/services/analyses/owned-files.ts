/** The caller's uploaded files an analysis may use: owned (keyed by sub) and `ready`. */
import { VisibleError } from '../../http/errors.ts';
import { findOwnedFile, MAX_FILE_BYTES, tooLargeMessage } from '../files.ts';
import type { Services } from '../types.ts';

export interface ReadyFile {
  fileId: string;
  fileName: string;
  key: string;
}

export async function loadReadyFiles(services: Services, userSub: string, fileIds: string[]): Promise<ReadyFile[]> {
  const items = await Promise.all(fileIds.map((id) => findOwnedFile(services, userSub, id)));
  return fileIds.map((fileId, i) => {
    const item = items[i];
    // Another user's file is indistinguishable from a missing one.
    if (!item) throw new VisibleError('NOT_FOUND', `File ${fileId} was not found among your uploads`);
    if (item.status !== 'ready') {
      throw new VisibleError('BAD_REQUEST', `File "${item.fileName}" is not ready for analysis (status: ${item.status}); finish its upload first`);
    }
    return { fileId, fileName: item.fileName, key: item.key };
  });
}

/**
 * The upload URL stays valid after PUT /files confirmed the size, so the object may have been
 * replaced since: measure it again before an analysis reads it (the pipeline also caps its read).
 */
export async function assertWithinSizeLimit(services: Services, files: ReadyFile[]): Promise<void> {
  const heads = await Promise.all(files.map((f) => services.blobs.head(f.key)));
  files.forEach((f, i) => {
    const head = heads[i];
    if (!head) throw new VisibleError('BAD_REQUEST', `File "${f.fileName}" is no longer stored; upload it again`);
    if (head.size > MAX_FILE_BYTES) throw new VisibleError('TOO_LARGE', tooLargeMessage(f.fileName));
  });
}
