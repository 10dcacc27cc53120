/** The caller's uploaded files an analysis may use: owned (keyed by sub) and `ready`. */
import { VisibleError } from '../../http/errors.ts';
import { findOwnedFile, MAX_FILE_BYTES, measureObject, tooLargeMessage } from '../files.ts';
import type { Services } from '../types.ts';

export interface ReadyFile {
  fileId: string;
  fileName: string;
  key: string;
  /** Size and SHA-256 taken when the upload was confirmed (no hash on files confirmed before it was kept). */
  size: number;
  sha256?: string;
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
    return { fileId, fileName: item.fileName, key: item.key, size: item.size, sha256: item.sha256 };
  });
}

/**
 * What an analysis reads must be what the user confirmed: the object is measured and hashed again
 * and compared with the size and SHA-256 taken at confirmation (an upload URL is single-use on the
 * local stack, but an S3 presigned PUT cannot be revoked before it expires).
 */
export async function assertUnchangedSinceConfirmed(services: Services, files: ReadyFile[]): Promise<void> {
  const heads = await Promise.all(files.map((f) => services.blobs.head(f.key)));
  files.forEach((f, i) => {
    const head = heads[i];
    if (!head) throw new VisibleError('BAD_REQUEST', `File "${f.fileName}" is no longer stored; upload it again`);
    if (head.size > MAX_FILE_BYTES) throw new VisibleError('TOO_LARGE', tooLargeMessage(f.fileName));
    if (head.size !== f.size) throw changed(f);
  });
  for (const f of files) {
    if (f.sha256 === undefined) continue;
    const now = await measureObject(services, f.key);
    if (now.size !== f.size || now.sha256 !== f.sha256) throw changed(f);
  }
}

function changed(f: ReadyFile): VisibleError {
  return new VisibleError('CONFLICT', `File "${f.fileName}" was changed after its upload was confirmed; upload it again`);
}
