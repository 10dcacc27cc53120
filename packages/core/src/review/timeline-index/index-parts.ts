/**
 * The report step's side of the timeline index: each report part records its rows
 * (`openTimelinePart`) and leaves them in the workspace; once results.csv is assembled,
 * `writeTimelineIndexFromParts` joins them into `timeline-index.bin`.
 */
import type { FileFacts } from '../../facts/index.ts';
import type { ByteSink, EngineContext, Workspace } from '../../engine/contract.ts';
import type { DateOrder } from '../../formats/types.ts';
import type { FileType } from '../../model/index.ts';
import { decodePart, encodePart, TimelineCollector } from './index-collector.ts';
import { writeTimelineIndex } from './index-writer.ts';

export interface TimelinePartResult {
  /** Workspace name of the part's collected rows. */
  name: string;
  fileName: string;
  fileType: FileType;
  dateOrder: DateOrder;
}

export function openTimelinePart(workspace: Workspace, name: string, facts: Pick<FileFacts, 'fileType' | 'fileName' | 'canonical' | 'joined'>) {
  const collector = new TimelineCollector(facts.fileType, facts.canonical, facts.joined);
  return Object.assign(collector, {
    async close(): Promise<TimelinePartResult> {
      const sink = workspace.write(name);
      for (const chunk of encodePart(collector.toPart())) await sink.write(chunk);
      await sink.end();
      return { name, fileName: facts.fileName, fileType: facts.fileType, dateOrder: collector.dateOrder };
    },
  });
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const list: Uint8Array[] = [];
  for await (const c of chunks) list.push(c);
  return Buffer.concat(list);
}

/** `parts` in results.csv order, each with the byte offset where its rows begin there. */
export async function writeTimelineIndexFromParts(workspace: Workspace, parts: { timeline: TimelinePartResult; csvStart: number }[], header: string[], sink: ByteSink) {
  const dateOrders: Record<string, DateOrder> = {};
  const fileTypes: Record<string, FileType> = {};
  const sources = [];
  for (const { timeline, csvStart } of parts) {
    dateOrders[timeline.fileName] = timeline.dateOrder;
    fileTypes[timeline.fileName] = timeline.fileType;
    sources.push({ part: decodePart(await readAll(workspace.read(timeline.name))), csvStart });
  }
  return writeTimelineIndex(sources, { header, dateOrders, fileTypes }, sink);
}

export interface TimelineIndexInput {
  parts: { timeline: TimelinePartResult; csvStart: number }[];
  header: string[];
  /** Workspace name of the index written. */
  output: string;
}

/**
 * The `timeline-index` task: the index written into the workspace on a pool worker, while the
 * report step's own thread writes findings.ndjson; the step then copies it into its output.
 */
export async function timelineIndexTask(ctx: EngineContext, input: TimelineIndexInput): Promise<{ name: string }> {
  await writeTimelineIndexFromParts(ctx.workspace, input.parts, input.header, ctx.workspace.write(input.output));
  return { name: input.output };
}
