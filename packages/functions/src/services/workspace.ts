/**
 * The engine's Workspace over the blob store: named byte streams of one analysis under
 * `users/<sub>/analyses/<id>/work/`. Outputs (results.xlsx/csv, report.json) sit one level
 * up, in the analysis prefix itself.
 */
import type { Workspace } from '@app/core/engine/contract.ts';
import type { BlobStore } from '../ports/index.ts';
import { blobKeys } from './keys.ts';

export function analysisPrefix(userSub: string, analysisId: string): string {
  return blobKeys.analysisPrefix(userSub, analysisId);
}

export function workPrefix(userSub: string, analysisId: string): string {
  return `${analysisPrefix(userSub, analysisId)}work/`;
}

/** Output object keys of one analysis. */
export function outputKeys(userSub: string, analysisId: string) {
  const prefix = analysisPrefix(userSub, analysisId);
  return {
    xlsx: `${prefix}results.xlsx`,
    csv: `${prefix}results.csv`,
    report: `${prefix}report.json`,
  };
}

export function createBlobWorkspace(blobs: BlobStore, prefix: string): Workspace {
  return {
    write: (name) => blobs.writer(prefix + name),
    read: (name) => blobs.read(prefix + name),
  };
}

/** Reads a whole (small) object as UTF-8 text. */
export async function readText(blobs: BlobStore, key: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of blobs.read(key)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
