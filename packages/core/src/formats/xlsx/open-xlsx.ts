import { EngineError } from '../../errors/index.ts';
import type { OpenedFile } from '../types.ts';

export async function openXlsx(_bytes: AsyncIterable<Uint8Array>, fileName: string): Promise<OpenedFile> {
  throw new EngineError('UNSUPPORTED_FORMAT', 'XLSX reading is not available yet; save the file as CSV', fileName);
}
