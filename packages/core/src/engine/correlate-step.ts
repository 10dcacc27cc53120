import { correlateFacts } from '../correlate/correlate-facts.ts';
import { createTimingCheck } from '../flags/change-timing.ts';
import type { FlagContext } from '../flags/flag-context.ts';
import type { CorrelateStepResult, EngineContext, FileStepResult } from './contract.ts';
import { loadFacts, type StoredCorrelation } from './final-records.ts';
import { writeJson } from './folder-workspace.ts';
import { CORRELATION_NAME } from './names.ts';

/** Step 2: joins and patterns over the files' facts, stored as `correlation.json`. */
export async function correlateFilesStep(ctx: EngineContext, fc: FlagContext, files: FileStepResult[]): Promise<CorrelateStepResult> {
  const facts = await loadFacts(ctx, files);
  const result = correlateFacts(facts, createTimingCheck(fc.holidayOf));
  const stored: StoredCorrelation = { patterns: result.patterns, patternCounts: result.patternCounts, summary: result.summary, volume: result.volume.overLimitEntries() };
  await writeJson(ctx.workspace, CORRELATION_NAME, stored);
  return { patterns: Object.values(result.patternCounts).reduce((n, c) => n + (c ?? 0), 0), correlated: files.length > 1 };
}
