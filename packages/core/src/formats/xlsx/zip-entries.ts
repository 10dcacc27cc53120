import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { Inflate, Unzip, type UnzipDecoder, type UnzipFile } from 'fflate';
import { EngineError } from '../../errors/index.ts';
import { limitExceeded } from '../read-limits.ts';

/** One archive entry kept still compressed, so holding it costs its compressed size only. */
export interface RawEntry {
  name: string;
  compression: number;
  chunks: Uint8Array[];
}

/** Upper bound on kept compressed bytes: a larger workbook should be exported as CSV. */
const MAX_KEPT_BYTES = 256 * 1024 * 1024;

/**
 * Reads a ZIP stream once and keeps the raw (still deflated) data of the entries `wanted`
 * accepts. Workbook parts come in any order (sharedStrings often after the sheets), so the
 * sheets are kept compressed and inflated later as a stream.
 */
export async function collectZipEntries(bytes: AsyncIterable<Uint8Array>, wanted: (name: string) => boolean): Promise<Map<string, RawEntry>> {
  const entries = new Map<string, RawEntry>();
  let kept = 0;
  let failure: unknown;
  const makeCollector = (compression: number) =>
    class Collector implements UnzipDecoder {
      static compression = compression;
      ondata: UnzipDecoder['ondata'] = () => {};
      private readonly entry: RawEntry | undefined;
      constructor(name: string) {
        if (wanted(name)) {
          this.entry = { name, compression, chunks: [] };
          entries.set(name, this.entry);
        }
      }
      push(chunk: Uint8Array): void {
        if (!this.entry || chunk.length === 0) return;
        kept += chunk.length;
        if (kept > MAX_KEPT_BYTES) failure ??= new EngineError('UNSUPPORTED_FORMAT', 'the workbook is too large to read; save the sheet as CSV');
        else this.entry.chunks.push(chunk.slice());
      }
    };
  const unzip = new Unzip((file: UnzipFile) => {
    file.ondata = (err) => {
      if (err) failure ??= err;
    };
    try {
      file.start();
    } catch (e) {
      failure ??= e;
    }
  });
  unzip.register(makeCollector(0));
  unzip.register(makeCollector(8));
  try {
    for await (const chunk of bytes) {
      unzip.push(chunk, false);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (e) {
    failure ??= e;
  }
  if (failure) {
    if (failure instanceof EngineError) throw failure;
    throw new EngineError('MALFORMED_FILE', `the file looks like XLSX but its ZIP structure is damaged (${(failure as Error)?.message ?? String(failure)})`);
  }
  return entries;
}

/** Inflates an entry as a stream of byte chunks, a compressed chunk at a time. */
export function* inflateEntry(entry: RawEntry): Generator<Uint8Array> {
  if (entry.compression === 0) {
    yield* entry.chunks;
    return;
  }
  const out: Uint8Array[] = [];
  const inflate = new Inflate((data) => {
    if (data.length > 0) out.push(data);
  });
  try {
    for (let i = 0; i < entry.chunks.length; i++) {
      inflate.push(entry.chunks[i]!, i === entry.chunks.length - 1);
      yield* out.splice(0);
    }
    if (entry.chunks.length === 0) return;
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError('MALFORMED_FILE', `the XLSX part ${entry.name} could not be decompressed (${(e as Error)?.message ?? String(e)})`);
  }
  yield* out.splice(0);
}

/**
 * Inflates a large entry (a worksheet) as an async stream with Node's native zlib, about twice
 * as fast as fflate's JavaScript inflate here; memory stays at one chunk in flight.
 */
export async function* inflateEntryStream(entry: RawEntry): AsyncGenerator<Uint8Array> {
  if (entry.compression === 0) {
    yield* entry.chunks;
    return;
  }
  const inflater = Readable.from(entry.chunks, { objectMode: false }).pipe(createInflateRaw({ chunkSize: 128 * 1024 }));
  try {
    for await (const chunk of inflater) yield chunk as Uint8Array;
  } catch (e) {
    throw new EngineError('MALFORMED_FILE', `the XLSX part ${entry.name} could not be decompressed (${(e as Error)?.message ?? String(e)})`);
  } finally {
    inflater.destroy();
  }
}

/** The whole text of a small entry (workbook, relationships), refused past `maxBytes`. */
export function entryText(entry: RawEntry, maxBytes: number): string {
  const decoder = new TextDecoder('utf-8');
  const texts: string[] = [];
  let inflated = 0;
  for (const chunk of inflateEntry(entry)) {
    inflated += chunk.length;
    if (inflated > maxBytes) throw limitExceeded(`the workbook part ${entry.name} expands to`, maxBytes, 'bytes');
    texts.push(decoder.decode(chunk, { stream: true }));
  }
  return texts.join('') + decoder.decode();
}
