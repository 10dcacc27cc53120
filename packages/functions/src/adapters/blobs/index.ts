/** Picks the blob store for the runtime: the file system locally, S3 on AWS. */
import type { AppConfig } from '../../config/index.ts';
import type { BlobStore } from '../../ports/index.ts';
import { createFsBlobStore } from './fs-store.ts';
import { createS3BlobStore } from './s3-store.ts';

export { createFsBlobStore, type FsBlobStore, type FsBlobStoreOptions } from './fs-store.ts';
export { createS3BlobStore, createS3Client } from './s3-store.ts';

export function createBlobStore(config: AppConfig): BlobStore {
  if (config.blobDir) {
    if (!config.publicUrl) throw new Error('Missing configuration PUBLIC_URL (needed to sign local blob URLs)');
    return createFsBlobStore({ dir: config.blobDir, secret: config.secret, publicUrl: config.publicUrl });
  }
  return createS3BlobStore(config);
}
