/**
 * Where step 1 read a large file in byte ranges: the report step reads the same ranges in parallel
 * (one report part per range), so no range is read twice in one step and the two threads share
 * the rows evenly.
 */
import type { FileFacts } from '../facts/file-facts.ts';
import { readTextPart, type TextPartLayout } from '../formats/read-text-part.ts';
import type { DateOrder, OpenedFile } from '../formats/types.ts';
import type { EngineContext } from './contract.ts';
import type { PartRange } from './parse-parts.ts';

export interface SourceParts {
  layout: TextPartLayout;
  dateOrder: DateOrder;
  size: number;
  /** Byte ranges [start, end) of whole rows, in order, and how many records each holds. */
  ranges: PartRange[];
}

/** What the final pass needs of an opened file. */
export type FinalSource = Pick<OpenedFile, 'fileType' | 'canonical' | 'joined' | 'dateOrder' | 'batches'>;

/** Range `k` of a file read in parts, as the final pass reads it. */
export function openSourcePart(ctx: EngineContext, facts: FileFacts, parts: SourceParts, k: number): FinalSource {
  const open = ctx.openSourceRange;
  if (!open) throw new Error('reading a file in parts needs EngineContext.openSourceRange');
  const r = parts.ranges[k]!;
  return {
    fileType: facts.fileType,
    canonical: facts.canonical,
    joined: facts.joined,
    dateOrder: parts.dateOrder,
    batches: () => readTextPart((s, e) => open(facts.index, s, e), parts.layout, { from: r.start, to: r.end, size: parts.size, start: r.start }, { start: -1, stoppedAt: -1, switched: false }),
  };
}
