/** zod schemas of what each task receives (the state machine's Parameters). */
import { z } from 'zod';
import { FILE_TYPES } from '@app/core';

const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;

const ids = {
  analysisId: z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'analysisId must be letters, digits and dashes'),
  userSub: z.string().min(1).max(128).regex(/^[A-Za-z0-9-]+$/, 'userSub must be letters, digits and dashes'),
};

const fileRef = z.object({ fileId: z.string().min(1), fileName: z.string().min(1), key: z.string().min(1) });

const summary = z.object({
  total_records: z.number(),
  flagged_records: z.number(),
  flag_counts: z.record(z.string(), z.number()),
});

const count = z.number().int().nonnegative();

/** Where step 1 read a large file in byte ranges (only where a step has a task pool: step-tasks.ts). */
const sourceParts = z.object({
  layout: z.object({
    shape: z.object({
      width: z.number().int().positive(),
      header: z.array(z.string()),
      rowsToHeader: count,
      encoding: z.enum(TEXT_ENCODINGS).optional(),
      bomLength: count.optional(),
    }),
    delimiter: z.string().min(1).max(4),
    encoding: z.enum(TEXT_ENCODINGS),
    bomLength: count,
  }),
  dateOrder: z.enum(['DMY', 'MDY', 'YMD']),
  size: count,
  ranges: z.array(z.object({ start: count, end: count, rows: count })).min(1).max(10_000),
});

export const fileStepResult = z.object({
  index: z.number().int().nonnegative(),
  fileName: z.string(),
  fileType: z.enum(FILE_TYPES),
  records: z.number(),
  summary,
  joinedLines: z.number().int().nonnegative().optional(),
  parts: sourceParts.optional(),
});

export const parseAndFlagInput = z.object({ ...ids, index: z.number().int().nonnegative(), file: fileRef });
export const correlateInput = z.object({ ...ids, correlate: z.boolean(), files: z.array(fileStepResult).min(1) });
export const prepareAnnotationInput = z.object({ ...ids, files: z.array(fileStepResult).min(1) });
export const annotateBatchInput = z.object({ ...ids, batch: z.unknown() });
export const reportInput = z.object({ ...ids, files: z.array(fileStepResult).min(1) });
export const markCompletedInput = z.object({
  ...ids,
  report: z.object({ xlsx: z.string(), csv: z.string(), report: z.string() }),
});
export const markFailedInput = z.object({
  ...ids,
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
