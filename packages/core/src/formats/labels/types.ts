import type { FileType } from '../../model/index.ts';

/** Labels per file type and canonical column, best first. One table per language or tool. */
export type LabelTable = Partial<Record<FileType, Record<string, readonly string[]>>>;
