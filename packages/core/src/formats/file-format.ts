/** What a file type's home (formats/<type>/index.ts) declares; FILE_FORMATS registers one per type. */

/** The names of the label tables, in the order their spellings rank (the earlier table's label wins). */
export const LABEL_TABLE_NAMES = ['English', 'SAP technical names', 'SIEM', 'ServiceNow', 'German'] as const;
export type LabelTableName = (typeof LABEL_TABLE_NAMES)[number];

export interface FileFormat {
  /** Canonical columns, as DETECTION.md section 1 lists them. */
  canonical: readonly string[];
  /** Canonical columns a file may carry beyond the list (a joined export's header fields, the ticket assignee). */
  extraCanonical: readonly string[];
  /** Header labels per table (language or tool) and canonical column, best first. Another language is one more table. */
  labels: Partial<Record<LabelTableName, Record<string, readonly string[]>>>;
  /** What a header row must have to be read as this type (`has`: a canonical column matched; `score`: how many did). */
  requirement: (has: (canonical: string) => boolean, score: number) => boolean;
  /** The type in words, for the message naming what was expected when no type fits. */
  expected: string;
}
