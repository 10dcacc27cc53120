import type { TextEncoding } from './decode-text.ts';
import type { FileType } from '../model/index.ts';

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export type Container = 'csv' | 'sap-list' | 'xlsx';

export interface FormatFacts {
  container: Container;
  delimiter?: string;
  encoding: string;
}

export interface OpenedFile {
  fileName: string;
  fileType: FileType;
  /** Original column labels in file order, trimmed, made unique ("Unit", "Unit (2)"). */
  columns: string[];
  /** Canonical column name (DETECTION.md table, e.g. 'USER','TCODE','VAR1','CHANGENR') -> index into columns. */
  canonical: Partial<Record<string, number>>;
  /** CDPOS file that also carries header fields (SIEM joined change documents). */
  joined: boolean;
  /** Day/month order decided for this file from its values (see DETECTION.md). */
  dateOrder: DateOrder;
  /** Rows in batches; each row is string[] aligned with `columns`, cells trimmed; short rows padded with ''. */
  batches(): AsyncIterable<string[][]>;
  /** Format facts for messages/docs. */
  format: FormatFacts;
  /** How raw rows are shaped (text files): lets a byte range of the file be read on its own (read-text-part.ts). */
  shape?: RowShape;
}

export interface RowShape {
  /** Row width: cells beyond are cut, shorter rows padded. */
  width: number;
  /** Header cells (trimmed, padded to width): rows equal to it are dropped (SAP repeats the header per page). */
  header: string[];
  /** Non-blank raw rows up to and including the header row. */
  rowsToHeader: number;
  /** Text files: the encoding sniffed from the head and the byte order mark's length. */
  encoding?: TextEncoding;
  bomLength?: number;
}

/** A raw row source: rows of untrimmed cells in file order, pulled in batches. */
export type RowSource = AsyncIterator<string[][]>;
