/**
 * Where step 1 read a large file in byte ranges: the report step reads the same ranges in parallel
 * (one report part per range), so no range is read twice in one step and the two threads share
 * the rows evenly.
 */
import type { FileFacts } from '../../facts/index.ts';
import { readTextPart } from '../../formats/read-text-part.ts';
import type { OpenedFile } from '../../formats/types.ts';
import type { EngineContext, SourceParts } from '../contract.ts';

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
