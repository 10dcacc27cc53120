/** What a file type's home (formats/<type>/index.ts) declares; FILE_FORMATS registers one per type. */

/** The names of the label tables, in the order their spellings rank (the earlier table's label wins). */
export const LABEL_TABLE_NAMES = ['English', 'SAP technical names', 'SIEM', 'ServiceNow', 'German'] as const;
export type LabelTableName = (typeof LABEL_TABLE_NAMES)[number];

/** The fields of a record the rules and the facts read (flags/canonical-record.ts), each taken from one canonical column. */
export const RECORD_FIELDS = ['user', 'date', 'time', 'tcode', 'terminal', 'event', 'message', 'program', 'var1', 'var2', 'var3', 'peer', 'objectclas', 'objectid', 'changenr', 'tabname', 'fname', 'tabkey', 'chngind', 'valueNew', 'valueOld'] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];

/**
 * How a record of the type is read (engine/parse/record-extractor.ts and view-record.ts):
 * `events`: an audit log's events (event code upper-cased, variables split, the raw text searched
 * for debugging); `documents`: change documents (object, change number, table and field on every
 * row); `none`: not flagged per record (tickets: correlation reads their own columns).
 */
export type RecordShape = 'events' | 'documents' | 'none';

/** What a record of the type is made of: its shape and the canonical column of each field it has (a field not named is '' in every record). */
export interface RecordLayout {
  shape: RecordShape;
  columns: Partial<Record<RecordField, string>>;
}

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
  /** The record columns: which canonical column each field of a record comes from. */
  record: RecordLayout;
}
