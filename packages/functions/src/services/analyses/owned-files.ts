/** The caller's uploaded files an analysis may use: owned (keyed by sub) and `ready`. */
import { VisibleError } from '../../http/errors.ts';
import { findOwnedFile } from '../files.ts';
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
