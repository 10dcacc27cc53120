import { EngineError } from '../errors/index.ts';
import { ChunkDecoder, decodeChunks, type SniffedEncoding, sniffEncoding } from './decode-text.ts';
import { EXPECTED_TYPES_MESSAGE } from './detect-file-type.ts';
import { looksBinary, sniffTextLayout, type TextLayout } from './sniff-text-layout.ts';
import { readTextRows } from './text-rows.ts';

const HEAD_CHARS = 64 * 1024;

export interface TextRows {
  rows: AsyncGenerator<string[][]>;
  layout: TextLayout;
  sniffed: SniffedEncoding;
  /** Live: it may switch to Windows-1252 at the first invalid byte, even late in the file. */
  decoder: ChunkDecoder;
}

/**
 * Decodes a text source (CSV/TXT or SAP list) whose first bytes are `head` and splits it into raw
 * row batches, encoding and layout sniffed from the first 64 K characters. `expected` tells a user
 * with a binary file what to upload instead.
 */
export async function openTextRows(head: Uint8Array, all: AsyncIterable<Uint8Array>, fileName: string, expected = EXPECTED_TYPES_MESSAGE): Promise<TextRows> {
  const sniffed = sniffEncoding(head);
  const decoder = new ChunkDecoder(sniffed.encoding);
  const texts = decodeChunks(all, decoder, sniffed.bomLength);
  const headTexts: string[] = [];
  let headLength = 0;
  while (headLength < HEAD_CHARS) {
    const next = await texts.next();
    if (next.done) break;
    headTexts.push(next.value);
    headLength += next.value.length;
  }
  const headText = headTexts.join('');
  if (headText.trim() === '') throw new EngineError('EMPTY_FILE', 'the file contains no text', fileName);
  if (looksBinary(headText)) {
    throw new EngineError('UNRECOGNISED_FILE', `the file is neither text (CSV/TXT) nor an XLSX workbook. ${expected}`, fileName);
  }
  const layout = sniffTextLayout(headText);
  async function* replayed(): AsyncGenerator<string> {
    yield headText;
    yield* texts;
  }
  return { rows: readTextRows(replayed(), layout), layout, sniffed, decoder };
}
