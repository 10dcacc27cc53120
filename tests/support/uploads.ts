/** Upload helpers the integration suites share. */
import { request } from 'node:http';

export interface StreamedPutOptions {
  contentType?: string;
  /** Send Content-Length (default); false streams chunked without one. */
  declareLength?: boolean;
  /** Written at the start of each 1 MB chunk (a header the confirm step reads). */
  head?: string;
  /** A server that answers before reading the whole body may reset the connection: wait for its answer instead of failing. */
  tolerateReset?: boolean;
}

/** PUTs `size` bytes to a URL without holding them in memory; resolves with the status code. */
export function putStreamed(url: string, size: number, opts: StreamedPutOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'text/csv' };
    if (opts.declareLength !== false) headers['content-length'] = String(size);
    const req = request(url, { method: 'PUT', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e) => {
      const code = (e as NodeJS.ErrnoException).code;
      if (opts.tolerateReset && (code === 'EPIPE' || code === 'ECONNRESET')) return;
      reject(e);
    });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    if (opts.head) chunk.write(opts.head);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
