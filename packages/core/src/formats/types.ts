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
}

/** A raw row source: rows of untrimmed cells in file order, pulled in batches. */
export type RowSource = AsyncIterator<string[][]>;
