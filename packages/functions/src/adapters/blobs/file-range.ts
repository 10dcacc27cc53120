/**
 * Reads `length` bytes of a file from `start`: fewer at its end, none past it. Shared by the
 * file-system blob store (fs-store.ts `readRange`) and the streamed export's worker thread
 * (services/review/export-worker.ts), which reads the store's files without the store.
 * A missing file rejects with the file system's ENOENT (the store turns it into BlobNotFoundError).
 */
import { open } from 'node:fs/promises';

export async function readFileRange(path: string, start: number, length: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await file.read(buf, got, length - got, start + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return buf.subarray(0, got);
  } finally {
    await file.close();
  }
}
