/**
 * One entry for every task of the state machine: validates the step's input, runs it, and
 * classifies failures (TransientError → Retry, anything else → Catch → MarkFailed).
 */
import type { z } from 'zod';
import type { Services } from '../../services/types.ts';
import { isStepName, type StepName } from '../definition.ts';
import { classifyStepError } from '../errors.ts';
import { annotateBatch, prepareAnnotation } from './annotate.ts';
import { correlate } from './correlate.ts';
import { markCompleted } from './mark-completed.ts';
import { markFailed } from './mark-failed.ts';
import { parseAndFlag } from './parse-and-flag.ts';
import { report } from './report.ts';
import * as inputs from './step-input.ts';

interface StepDef<S extends z.ZodType> {
  schema: S;
  run: (input: z.infer<S>, services: Services) => Promise<unknown>;
}

function step<S extends z.ZodType>(schema: S, run: StepDef<S>['run']): StepDef<S> {
  return { schema, run };
}

const STEPS: Record<StepName, StepDef<z.ZodType>> = {
  ParseAndFlag: step(inputs.parseAndFlagInput, parseAndFlag),
  Correlate: step(inputs.correlateInput, correlate),
  PrepareAnnotation: step(inputs.prepareAnnotationInput, prepareAnnotation),
  AnnotateBatch: step(inputs.annotateBatchInput, annotateBatch),
  Report: step(inputs.reportInput, report),
  MarkCompleted: step(inputs.markCompletedInput, markCompleted),
  MarkFailed: step(inputs.markFailedInput, markFailed),
};

/** Runs the task named by `event.step` with the rest of the event as its input. */
export async function runStep(event: unknown, services: Services): Promise<unknown> {
  const name = (event as { step?: unknown } | null)?.step;
  if (!isStepName(name)) throw new Error(`Unknown pipeline step ${JSON.stringify(name)}; expected one of the task names in definition.asl.json`);
  const def = STEPS[name];
  const parsed = def.schema.safeParse(event);
  if (!parsed.success) throw new Error(`Invalid input for step ${name}: ${parsed.error.message}`);
  try {
    return await def.run(parsed.data, services);
  } catch (e) {
    throw classifyStepError(e);
  }
}

/** Steps that spend their time on CPU (parsing, flagging, writing reports). */
export const CPU_HEAVY_STEPS: ReadonlySet<StepName> = new Set(['ParseAndFlag', 'Correlate', 'Report']);
