/**
 * The engine's entry points as the pipeline (Step Functions tasks) and the CLI call them.
 * Each step gets small JSON in and gives small JSON out (Step Functions payloads stay far
 * below 256 KB); bulky data goes through a Workspace of named byte streams (S3 / local blob
 * store in the pipeline, a temp folder in the CLI).
 */
import type { AnalysisReport, DetectionLists, EngineSettings, FileType, AnalysisSummary } from '../model/index.ts';
import type { TextPartLayout } from '../formats/read-text-part.ts';
import type { DateOrder } from '../formats/types.ts';
import type { ByteSink, Workspace } from '../workspace/types.ts';

export type { ByteSink, Workspace };

export interface EngineContext {
  workspace: Workspace;
  lists: DetectionLists;
  settings: EngineSettings;
  /** Opens the original upload of file `index` again (steps may re-read instead of storing copies). */
  openSource(index: number): AsyncIterable<Uint8Array>;
  /** Bytes [start, end) of the original upload of file `index` (lets one large file be parsed in parts). */
  openSourceRange?(index: number, start: number, end: number): AsyncIterable<Uint8Array>;
  /** Size in bytes of the original upload of file `index`. */
  sourceSize?(index: number): Promise<number>;
  /**
   * Where CPU-heavy engine tasks (tasks.ts) run: worker threads in the CLI; absent, they run
   * one after another in this thread (Lambda, tests).
   */
  tasks?: import('./pool/task-pool.ts').TaskRunner;
}

/** Result of step 1 for one file: small, JSON-serialisable. */
export interface FileStepResult {
  index: number;
  fileName: string;
  fileType: FileType;
  records: number;
  /** Flags known from this file alone (before correlation). */
  summary: AnalysisSummary;
  /** Line breaks inside quoted cells: lines of the file joined into one record (reported as a warning). */
  joinedLines?: number;
  /** When step 1 read the file in byte ranges: the ranges, for the report step to read the same way. */
  parts?: SourceParts;
}

/**
 * Where step 1 read a large file in byte ranges (source-parts.ts): the report step reads the same
 * ranges, one report part each.
 */
export interface SourceParts {
  layout: TextPartLayout;
  dateOrder: DateOrder;
  size: number;
  /** Byte ranges [start, end) of whole rows, in order, and how many records each holds. */
  ranges: PartRange[];
}

/** Bytes [start, end) of whole rows that one part read, and how many records they hold. */
export interface PartRange {
  start: number;
  end: number;
  rows: number;
}

/** Result of step 2: small, JSON-serialisable; the bulk stays in the workspace. */
export interface CorrelateStepResult {
  patterns: number;
  correlated: boolean;
}

export interface ReportOutputs {
  xlsx: ByteSink;
  csv: ByteSink;
  /** The per-user timeline index over results.csv (review/timeline-index); not written when absent. */
  timelineIndex?: ByteSink;
  /** Every flagged record of high severity, for the findings (review/high-records.ts); not written when absent. */
  highRecords?: ByteSink;
  /** `cases.json` (cases/types.ts CasesFile): the analysis's cases, ordered, with the settings it ran with. Not written when absent (the report still carries `cases`). */
  cases?: ByteSink;
  /** `findings.ndjson`: every finding with its caseId, by case then time (report/write-findings.ts); needs `cases`. */
  findings?: ByteSink;
  /** `findings.offsets`: each findings.ndjson line's byte offset (Float64 LE), then the file's length. */
  findingsOffsets?: ByteSink;
}

/** One flagged record offered to the AI annotate step; `ref` is "fileIndex:rowIndex". */
export interface FlaggedRecordRef {
  ref: string;
  fileType: FileType;
  record: Record<string, string>;
  flags: string[];
}

/**
 * Workspace names the engine reads in the report step if present:
 * `annotations.ndjson` — one JSON object per line: {"ref": "0:17", "text": "..."},
 * written by the AI annotate step; the text goes into the output column
 * (EngineReportOptions.aiOutputColumn, default AI_Analysis).
 */
export const ANNOTATIONS_NAME = 'annotations.ndjson';

export interface EngineReportOptions {
  aiOutputColumn?: string;
  /** The analysis's id: part of each finding's id in findings.ndjson (findingId). Default ''. */
  analysisId?: string;
  /** From this many patterns on, the report's suspicious_patterns is a read-only view over the pattern table (correlate/pattern-table.ts). */
  lazyPatternsFrom?: number;
  /**
   * Told of every finding as findings.ndjson is written (`finding`: in the order they are made,
   * numbered from 0; `line`: that finding's line and byte offset, in file order), so that the
   * caller can index the file without reading it again (the pipeline's findings-index.bin).
   */
  findingsListener?: FindingsListener;
}

/** What a findings.ndjson line holds for its index (review/types.ts Finding, without the evidence). */
export interface FindingFields {
  findingId: string;
  kind: 'pattern' | 'record';
  rule: { id: string; title: string; severity: 'critical' | 'high' | 'medium' | 'low' };
  user: string;
  time: string;
  object: string;
  terminal: string;
  source: { flag?: string };
  caseId?: string;
}

export interface FindingsListener {
  finding(f: FindingFields): void;
  line(seq: number, offset: number): void;
  /** Optional: `finding` by numbers, used for the findings the report parts and pattern tasks made (write-findings.ts). */
  numbers?: FindingNumbers;
}

/**
 * `FindingsListener.finding` by numbers: each distinct text is asked for its number once (in the
 * order the findings come, so the listener numbers its tables as `finding` would), then `add` tells
 * a finding by those numbers, with no string or object per finding.
 */
export interface FindingNumbers {
  rule(rule: FindingFields['rule']): number;
  user(v: string): number;
  object(v: string): number;
  terminal(v: string): number;
  /**
   * Numbers for a part's times, one after another from the one returned (its `times`, each once): a
   * time may get other numbers in other parts (the index keeps only the times' order, not a table).
   */
  times(values: readonly string[]): number;
  caseId(v: string): number;
  flag(v: string): number;
  /** A finding (`finding` of it); its id is the ASCII bytes [idStart, idEnd) of `buf`; `flag` -1 for none. */
  add(buf: Uint8Array, idStart: number, idEnd: number, record: boolean, rule: number, user: number, object: number, terminal: number, time: number, caseNo: number, flag: number): void;
}

export interface Engine {
  /** Step 1 (Map over files): read, detect, parse, normalise and flag one file. */
  parseAndFlagFile(ctx: EngineContext, index: number, fileName: string): Promise<FileStepResult>;
  /** Step 2: cross-file joins, cross-file flags (e.g. CDPOS timing from CDHDR), patterns. */
  correlateFiles(ctx: EngineContext, files: FileStepResult[]): Promise<CorrelateStepResult>;
  /** For the AI step: the flagged records after correlation, in file/row order. */
  listFlaggedRecords(ctx: EngineContext, files: FileStepResult[]): AsyncIterable<FlaggedRecordRef>;
  /** Step 4: final flags, Excel + CSV outputs, and the report. */
  writeReports(ctx: EngineContext, files: FileStepResult[], outputs: ReportOutputs, options?: EngineReportOptions): Promise<AnalysisReport>;
}
