import { toCompactFacts, type CompactFacts } from '../correlate/compact-facts.ts';
import { correlateCompactFacts } from '../correlate/correlate-facts.ts';
import { createTimingCheck } from '../flags/change-timing.ts';
import type { FlagContext } from '../flags/flag-context.ts';
import type { CorrelateStepResult, EngineContext, FileStepResult } from './contract.ts';
import { readFacts } from './facts-codec.ts';
import type { StoredCorrelation } from './final-records.ts';
import { writeJson } from './folder-workspace.ts';
import { CORRELATION_NAME, factsName } from './names.ts';

/** Facts keys correlation does not read. */
const NOT_FOR_CORRELATION = new Set(['columns', 'canonical']);

/** Each file's facts in the codec's compact mode (typed columns, no string per row); `skip` names keys not to decode. */
export async function loadCompactFacts(ctx: EngineContext, files: FileStepResult[], skip: ReadonlySet<string> = NOT_FOR_CORRELATION): Promise<CompactFacts[]> {
  const out: CompactFacts[] = [];
  // One file after the other: the read buffers of one stream at a time.
  for (const f of files) {
    const raw = await readFacts<Record<string, unknown>>(ctx.workspace, factsName(f.index), skip, 'compact');
    if (!raw) throw new Error(`facts of file ${f.index} (${f.fileName}) are missing: run parseAndFlagFile first`);
    out.push(toCompactFacts(raw));
  }
  return out;
}

/** Correlates the files' facts and stores the result as `correlation.json`. */
export async function correlateAndStore(ctx: EngineContext, fc: FlagContext, files: FileStepResult[]): Promise<StoredCorrelation> {
  let facts: CompactFacts[] | undefined = await loadCompactFacts(ctx, files);
  const result = correlateCompactFacts(facts, createTimingCheck(fc.holidayOf));
  facts = undefined;
  const stored: StoredCorrelation = { patterns: result.patterns, patternCounts: result.patternCounts, summary: result.summary, volume: result.volume.overLimitEntries() };
  await writeJson(ctx.workspace, CORRELATION_NAME, stored);
  return stored;
}

/** Step 2: joins and patterns over the files' facts, stored as `correlation.json`. */
export async function correlateFilesStep(ctx: EngineContext, fc: FlagContext, files: FileStepResult[]): Promise<CorrelateStepResult> {
  const stored = await correlateAndStore(ctx, fc, files);
  return { patterns: Object.values(stored.patternCounts).reduce((n, c) => n + (c ?? 0), 0), correlated: files.length > 1 };
}
