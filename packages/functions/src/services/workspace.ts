/**
 * The engine's Workspace over the blob store: named byte streams of one analysis under
 * `users/<sub>/analyses/<id>/work/`. Outputs (results.xlsx/csv, report.json) sit one level
 * up, in the analysis prefix itself.
 */
import type { Workspace } from '@app/core/engine/contract.ts';
import { BlobNotFoundError, type BlobStore } from '../ports/index.ts';
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
    timelineIndex: `${prefix}timeline-index.bin`,
    highRecords: `${prefix}high-records.ndjson`,
    // The cases and every finding by case (engine report step, issue 24): a page is a ranged read.
    cases: `${prefix}cases.json`,
    findings: `${prefix}findings.ndjson`,
    findingsOffsets: `${prefix}findings.offsets`,
    // Every pattern as the engine's table (report.json carries the first ones): read by page.
    patterns: `${prefix}patterns.bin`,
  };
}

export function createBlobWorkspace(blobs: BlobStore, prefix: string): Workspace {
  return {
    write: (name) => blobs.writer(prefix + name),
    read: (name) => readOrEnoent(blobs.read(prefix + name), name),
    // The report's parts (as many bytes as both outputs) go as soon as they are copied into the
    // outputs, not when MarkCompleted clears the work folder: on the file-system store they then
    // leave the page cache before the kernel writes them back to disk.
    remove: (name) => blobs.delete(prefix + name),
  };
}

/** The engine treats an ENOENT-coded error as "no such entry" (as with its folder workspace). */
async function* readOrEnoent(source: AsyncIterable<Uint8Array>, name: string): AsyncIterable<Uint8Array> {
  try {
    yield* source;
  } catch (e) {
    if (e instanceof BlobNotFoundError) throw Object.assign(new Error(`The workspace has no ${name}`), { code: 'ENOENT' });
    throw e;
  }
}

/** Reads a whole (small) object as UTF-8 text. */
export async function readText(blobs: BlobStore, key: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of blobs.read(key)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
