/**
 * The `correlate-items` task: the part of correlation over the CDPOS items and their headers
 * (correlate/item-joins.ts: AFTER_HOURS_SENSITIVE_CHANGE, SELF_AUTHORIZATION and the joins), which needs nothing the
 * other rules find. With a task pool it runs in a worker beside the rest of correlation, reading
 * the facts files itself; it writes the item headers for the report step and hands back the
 * hits and the summary row (small JSON).
 */
import { withTransfer } from '../pool/transfer.ts';
import { readFacts, toCompactFacts, writeFacts, type CompactFacts } from '../../facts/index.ts';
import { correlateItems, type ItemCorrelation, type ItemHeaders } from '../../correlate/index.ts';
import { createTimingCheck } from '../../flags/change-timing.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import type { EngineContext, FileStepResult, Workspace } from '../contract.ts';
import { factsName, ITEM_HEADERS_NAME } from '../names.ts';

export interface CorrelateItemsInput {
  files: Pick<FileStepResult, 'index' | 'fileName' | 'fileType'>[];
}

/** Facts keys the task does not read (all but the shape keys, the headers, the after-hours records, the item keys, the security events and the user administration). */
const NOT_FOR_ITEMS = new Set(['columns', 'canonical', 'logonRows', 'volume', 'sm20Changes', 'debuggerChanges', 'tableChanges', 'failedLogons', 'logons', 'tickets']);
const HAS_HEADERS = new Set(['CDHDR', 'CDPOS']);

/** Runs correlateItems over the files' facts; writes ITEM_HEADERS_NAME when there are item headers. */
export async function correlateItemsTask(ctx: EngineContext, fc: FlagContext, input: CorrelateItemsInput): Promise<ItemCorrelation> {
  const facts: CompactFacts[] = [];
  for (const f of input.files) {
    // A ticket file holds nothing these rules or the joins read (its facts are mostly ticket texts).
    if (f.fileType === 'TICKETS') continue;
    const skip = (key: string) => NOT_FOR_ITEMS.has(key) || (key === 'docs' && !HAS_HEADERS.has(f.fileType));
    const raw = await readFacts<Record<string, unknown>>(ctx.workspace, factsName(f.index), skip, 'compact');
    if (!raw) throw new Error(`facts of file ${f.index} (${f.fileName}) are missing: run parseAndFlagFile first`);
    facts.push(toCompactFacts(raw));
  }
  const { itemHeaders, ...result } = correlateItems(facts, createTimingCheck(fc.holidayOf, true, fc.thresholds.businessHours));
  facts.length = 0;
  if (itemHeaders) await writeItemHeaders(ctx.workspace, itemHeaders);
  // The hits' columns and texts (tens of megabytes for a large export) move to the caller.
  return withTransfer(result, result.hits.flatMap((h) => [h.seqs.buffer, h.epochs.buffer, h.risks.buffer, h.userIds.buffer, h.text.buffer, h.ends.buffer]));
}

/** The item headers the report step's CDPOS items inherit (correlate-step.ts loadItemHeaderIndex reads them). */
export function writeItemHeaders(ws: Workspace, itemHeaders: ItemHeaders): Promise<void> {
  return writeFacts(ws, ITEM_HEADERS_NAME, { fileType: 'CDHDR', joined: false, ...itemHeaders });
}
