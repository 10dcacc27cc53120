import type { ByteSink, FileStepResult } from '@app/core';
import { engine } from '@app/core/engine/index.ts';
import type { z } from 'zod';
import type { Services } from '../../services/types.ts';
import { outputKeys } from '../../services/workspace.ts';
import { openEngineContext } from '../snapshot.ts';
import { withStepTasks } from '../step-tasks.ts';
import type { reportInput } from './step-input.ts';
import { aiLeftOutWarning } from '../../services/ai/annotate.ts';
import { mergeAnnotations } from './annotate.ts';
import { FindingsIndexBuilder } from '../../services/review/findings-index.ts';
import { artifactKeys } from '../../services/review/finding-store.ts';
import { PATTERN_TABLE_NAME } from '@app/core/engine/names.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The patterns report.json carries: the first ones (most severe first). Every pattern is in the
 * stored pattern table (patterns.bin), which GET /results/{id}/patterns pages through: a large
 * analysis has millions (366 MB as JSON for the 4 x 100 MB bench set), and report.json is read
 * whole by every GET /results/{id}. REPORT_JSON_PATTERNS sets another number (tests lower it).
 */
export const STORED_REPORT_PATTERNS = 1_000;

/**
 * Writes results.xlsx, results.csv (streamed), the timeline index, the high-severity flagged
 * records, cases.json, findings.ndjson (+ offsets), the findings index (findings-index.bin, made
 * from the findings as they are written: the file is not read again to index it), every pattern
 * (patterns.bin) and report.json (with the first STORED_REPORT_PATTERNS patterns); returns their keys.
 */
export async function report(input: z.infer<typeof reportInput>, services: Services): Promise<ReturnType<typeof outputKeys>> {
  const step = await openEngineContext(services, input.userSub, input.analysisId);
  const { ctx, snapshot, budget } = step;
  const keys = outputKeys(input.userSub, input.analysisId);
  const outputs = {
    xlsx: budget.sink(services.blobs.writer(keys.xlsx, XLSX_TYPE)),
    csv: budget.sink(services.blobs.writer(keys.csv, 'text/csv; charset=utf-8')),
    timelineIndex: budget.sink(services.blobs.writer(keys.timelineIndex, 'application/octet-stream')),
    highRecords: budget.sink(services.blobs.writer(keys.highRecords, 'application/x-ndjson')),
    cases: budget.sink(services.blobs.writer(keys.cases, 'application/json')),
    findings: counted(budget.sink(services.blobs.writer(keys.findings, 'application/x-ndjson'))),
    findingsOffsets: budget.sink(services.blobs.writer(keys.findingsOffsets, 'application/octet-stream')),
  };
  const ai = await mergeAnnotations(ctx);
  const index = new FindingsIndexBuilder();
  const result = await withStepTasks(services, step, 'Report', (ctx) =>
    engine.writeReports(ctx, input.files as FileStepResult[], outputs, {
      aiOutputColumn: snapshot.aiOutputColumn,
      analysisId: input.analysisId,
      findingsListener: index,
    }),
  );
  // Written after findings.ndjson and cases.json: its presence says they are complete (finding-store.ts).
  const flagTotals = Object.fromEntries(Object.entries(result.flagSamples ?? {}).map(([flag, s]) => [flag, s?.total ?? 0]));
  const indexSink = budget.sink(services.blobs.writer(artifactKeys(input.userSub, input.analysisId).index, 'application/octet-stream'));
  await indexSink.write(index.finish(outputs.findings.bytes, { flagTotals }));
  await indexSink.end();
  if (ai) {
    result.ai = ai;
    // Records the model did not annotate are said so among the result's warnings, with the reason.
    const leftOut = aiLeftOutWarning(ai);
    if (leftOut) result.warnings = [...(result.warnings ?? []), leftOut];
  }
  // Every pattern, as the table correlation stored (a page of it is a few ranged reads).
  const patternSink = budget.sink(services.blobs.writer(keys.patterns, 'application/octet-stream'));
  for await (const chunk of ctx.workspace.read(PATTERN_TABLE_NAME)) await patternSink.write(chunk);
  await patternSink.end();
  const total = result.suspicious_patterns.length;
  const stored = { ...result, suspicious_patterns: result.suspicious_patterns.slice(0, services.config.reportPatterns ?? STORED_REPORT_PATTERNS), suspicious_patterns_total: total };
  await services.blobs.put(keys.report, JSON.stringify(stored), 'application/json');
  return keys;
}

/** A sink that counts the bytes written through it. */
function counted(sink: ByteSink): ByteSink & { readonly bytes: number } {
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    write(chunk, release) {
      bytes += chunk.byteLength;
      return sink.write(chunk, release);
    },
    end: () => sink.end(),
  };
}
