import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw, type ZlibOptions } from 'node:zlib';
import { crc32Combine } from './crc32-combine.ts';
import type { ByteSink, ChunkSource, ChunkWriter } from '../workspace/index.ts';
import { TextChunker } from './text-chunker.ts';

interface EntryRecord {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const MAX_32 = 0xffffffff;

/**
 * A streaming ZIP writer over native zlib (deflate runs on libuv's thread pool, beside the
 * JS that builds the XML). Entries are written one after another with data descriptors, so
 * nothing is buffered beyond one chunk. No ZIP64: an entry or archive past 4 GiB is refused.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: EntryRecord[] = [];
  private open = false;

  constructor(private readonly sink: ByteSink, private readonly level = 1) {}

  private emit(chunk: Uint8Array, release?: () => void): void | Promise<void> {
    this.offset += chunk.length;
    return this.sink.write(chunk, release);
  }

  /** Starts an entry; write to it, then `close()` it before opening the next. */
  async openEntry(name: string): Promise<ZipEntryWriter> {
    if (this.open) throw new Error('ZipWriter: close the current entry first');
    this.open = true;
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 names
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(dosDateTime(), 10);
    header.writeUInt16LE(nameBytes.length, 26);
    const record: EntryRecord = { name: nameBytes, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    await this.emit(header);
    await this.emit(nameBytes);
    // A deep input buffer lets the XML builder run ahead while zlib compresses on the thread pool.
    const deflate = createDeflateRaw({ level: this.level, chunkSize: 1 << 18, writableHighWaterMark: 16 << 20 } as ZlibOptions);
    return new ZipEntryWriter(deflate, record, (c, release) => this.emit(c, release), async () => {
      const dd = Buffer.alloc(16);
      dd.writeUInt32LE(0x08074b50, 0);
      dd.writeUInt32LE(record.crc >>> 0, 4);
      dd.writeUInt32LE(record.compressedSize, 8);
      dd.writeUInt32LE(record.size, 12);
      await this.emit(dd);
      this.entries.push(record);
      this.open = false;
    });
  }

  /** Writes a whole small entry. */
  async addEntry(name: string, content: string): Promise<void> {
    const e = await this.openEntry(name);
    await e.write(content);
    await e.close();
  }

  /**
   * Writes one entry from raw-deflate segments compressed elsewhere (other threads, in order),
   * each ending on a byte boundary without a final block (openDeflateSegment); an empty final
   * block closes the entry. CRC and sizes are combined from the segments'.
   */
  async addSegmentedEntry(name: string, segments: Iterable<SegmentSource> | AsyncIterable<SegmentSource>): Promise<void> {
    const entry = await this.openEntry(name);
    await entry.writeSegments(segments);
    await entry.close();
  }

  /** Writes the central directory and ends the sink. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt32LE(dosDateTime(), 12);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressedSize, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.emit(h);
      await this.emit(e.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    if (this.offset > MAX_32) throw new Error('ZipWriter: archive exceeds 4 GiB');
    await this.emit(end);
    await this.sink.end();
  }
}

export class ZipEntryWriter {
  private readonly text = new TextChunker();
  private readonly done: Promise<void>;
  private failure: Error | undefined;
  private outputChain: Promise<void> = Promise.resolve();

  constructor(
    private readonly deflate: DeflateRaw,
    private readonly record: EntryRecord,
    private readonly emitRaw: ChunkWriter,
    private readonly onClosed: () => Promise<void>,
  ) {
    const emit = emitRaw;
    deflate.on('data', (chunk: Buffer) => {
      record.compressedSize += chunk.length;
      let pending: void | Promise<void>;
      try {
        pending = emit(chunk);
      } catch (e) {
        this.failure = e as Error;
        deflate.destroy(e as Error);
        return;
      }
      if (!pending) return;
      // The sink asks to wait: hold zlib's output until it has taken this chunk.
      deflate.pause();
      this.outputChain = this.outputChain.then(() => pending).then(
        () => void deflate.resume(),
        (e: Error) => {
          this.failure = e;
          deflate.destroy(e);
        },
      );
    });
    this.done = new Promise((resolve, reject) => {
      deflate.on('end', () => resolve(this.outputChain));
      deflate.on('error', reject);
    });
    this.done.catch(() => undefined);
  }

  /**
   * Instead of text: copies already-compressed segments (nothing may have been written, and
   * nothing may follow but close()). The entry's deflate stream then only adds the final block.
   */
  async writeSegments(segments: Iterable<SegmentSource> | AsyncIterable<SegmentSource>): Promise<void> {
    if (this.record.size > 0 || this.text.pending > 0) throw new Error('ZipEntryWriter: segments must come first');
    for await (const seg of segments) {
      await seg.copy((chunk, release) => {
        this.record.compressedSize += chunk.length;
        return this.emitRaw(chunk, release);
      });
      this.record.crc = crc32Combine(this.record.crc, seg.crc, seg.size);
      this.record.size += seg.size;
      if (this.record.size > MAX_32) throw new Error('ZipWriter: entry exceeds 4 GiB');
    }
  }

  /**
   * Appends text (UTF-8) or bytes; resolves quickly unless zlib asks to wait. `release` (bytes
   * only) is called once zlib has consumed them.
   */
  write(data: string | Uint8Array, release?: () => void): Promise<void> | void {
    if (typeof data === 'string') {
      const full = this.text.append(data);
      return full ? this.push(full) : undefined;
    }
    const flushed = this.flush();
    return flushed ? flushed.then(() => this.push(data, release)) : this.push(data, release);
  }

  private flush(): Promise<void> | void {
    const buf = this.text.take();
    return buf ? this.push(buf) : undefined;
  }

  private push(buf: Uint8Array, release?: () => void): Promise<void> | void {
    if (this.failure) return Promise.reject(this.failure);
    this.record.crc = crc32(buf, this.record.crc);
    this.record.size += buf.length;
    if (this.record.size > MAX_32) return Promise.reject(new Error('ZipWriter: entry exceeds 4 GiB'));
    if (this.deflate.write(buf, release && (() => release()))) return;
    return new Promise((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.deflate.once('drain', () => {
        this.deflate.off('error', onError);
        resolve();
      });
      this.deflate.once('error', onError);
    });
  }

  async close(): Promise<void> {
    await this.flush();
    this.deflate.end();
    await this.done;
    if (this.failure) throw this.failure;
    await this.onClosed();
  }
}

function dosDateTime(): number {
  const d = new Date();
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2);
  const date = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  return ((date << 16) | time) >>> 0;
}

/** A compressed piece of an entry: its CRC and sizes, and its bytes when asked. */
export interface SegmentSource {
  crc: number;
  size: number;
  compressedSize: number;
  /** Its bytes, when asked. */
  copy: ChunkSource;
}

/** CRC and sizes of a finished segment. */
export interface DeflateSegment {
  crc: number;
  size: number;
  compressedSize: number;
}

/** Where a segment's bytes go: `write` resolves when the sink asks to wait; `close` ends the segment. */
export interface SegmentWriter {
  write(data: Uint8Array, release?: () => void): Promise<void> | void;
  close(): Promise<void>;
}

/**
 * A raw-deflate segment into `sink` that ends with a sync flush instead of a final block, so
 * segments compressed apart can be concatenated into one ZIP entry (as pigz does). Write bytes,
 * then `close()`; `segment` holds the CRC and sizes once closed.
 *
 * Each chunk written is compressed at once, in the calling thread, as a piece of its own ending in
 * a sync flush (so pieces concatenate as segments do; each starts without the previous chunk's
 * history, which costs about 0.3 % in size with the report's 1 MB chunks). Through zlib's stream
 * the compression ran on libuv's threads beside the report's two workers, more threads than the
 * two cores, and the 4-file run took 36.2–39.5 s; compressed in each worker, 34.3–34.7 s
 * (docs/benchmarks.md). The stream's 16 MB queue of text per segment is gone too.
 */
export function openDeflateSegment(sink: ByteSink, level = 1): { writer: SegmentWriter; segment: DeflateSegment } {
  const segment: DeflateSegment = { crc: 0, compressedSize: 0, size: 0 };
  const writer: SegmentWriter = {
    write(data, release) {
      segment.crc = crc32(data, segment.crc);
      segment.size += data.length;
      if (segment.size > MAX_32) throw new Error('ZipWriter: entry exceeds 4 GiB');
      const bytes = deflateRawSync(data, { level, finishFlush: constants.Z_SYNC_FLUSH });
      release?.();
      segment.compressedSize += bytes.length;
      return sink.write(bytes);
    },
    close: async () => {
      await sink.end();
    },
  };
  return { writer, segment };
}

/** A small in-memory segment (sheet heads and tails). */
export function deflateSegmentOf(text: string, level = 1): SegmentSource {
  const raw = Buffer.from(text, 'utf8');
  const bytes = deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return {
    crc: crc32(raw),
    size: raw.length,
    compressedSize: bytes.length,
    copy: async (write) => {
      await write(bytes);
    },
  };
}
