import { createFlagContext, type FlagContext } from '../flags/flag-context.ts';
import { FLAG_KEYS } from '../model/index.ts';
import type { Engine, EngineContext, FlaggedRecordRef } from './contract.ts';
import { correlateFilesStep } from './correlate/correlate-step.ts';
import { forEachFinalRecord, prepareFinalState } from './report/final-records.ts';
import { parseAndFlagFile } from './parse/parse-and-flag-file.ts';
import { writeReports } from './report/write-reports.ts';

// Compiling the lists (and the holiday calendar) once per lists/settings object.
const contexts = new WeakMap<object, WeakMap<object, FlagContext>>();
export function flagContextOf(ctx: EngineContext): FlagContext {
  let bySettings = contexts.get(ctx.lists);
  if (!bySettings) contexts.set(ctx.lists, (bySettings = new WeakMap()));
  let fc = bySettings.get(ctx.settings);
  if (!fc) bySettings.set(ctx.settings, (fc = createFlagContext(ctx.lists, ctx.settings)));
  return fc;
}

/** The engine as the pipeline and the CLI call it (contract.ts). */
export const engine: Engine = {
  parseAndFlagFile: (ctx, index, fileName) => parseAndFlagFile(ctx, flagContextOf(ctx), index, fileName),

  correlateFiles: (ctx, files) => correlateFilesStep(ctx, flagContextOf(ctx), files),

  async *listFlaggedRecords(ctx, files): AsyncIterable<FlaggedRecordRef> {
    const fc = flagContextOf(ctx);
    const state = await prepareFinalState(ctx, fc, files);
    for (const facts of [...state.facts].sort((a, b) => a.index - b.index)) {
      const found: FlaggedRecordRef[] = [];
      await forEachFinalRecord(ctx, fc, state, facts, (rowIndex, row, _rec, out) => {
        if (out.mask === 0) return;
        const record: Record<string, string> = {};
        facts.columns.forEach((c, j) => (record[c] = row[j] ?? ''));
        const flags = FLAG_KEYS.filter((_, k) => out.reasons[k] !== undefined);
        flags.forEach((k) => (record[k] = out.reasons[FLAG_KEYS.indexOf(k)]!));
        found.push({ ref: `${facts.index}:${rowIndex}`, fileType: facts.fileType, record, flags });
      });
      yield* found;
    }
  },

  writeReports: (ctx, files, outputs, options) => writeReports(ctx, flagContextOf(ctx), files, outputs, options),
};
