/**
 * The state machine definition (one JSONPath ASL document for AWS and the local runner).
 * Task `Resource`s hold a placeholder that deploy (stacks/pipeline.ts) and the local runner
 * replace; every task passes `step` so one Lambda (handlers/pipeline.ts) dispatches.
 */
import definition from './definition.asl.json' with { type: 'json' };

export const RESOURCE_PLACEHOLDER = '${PipelineFunctionArn}';

/** Task state names; each is also the `step` the dispatcher receives. */
export const STEP_NAMES = [
  'ParseAndFlag',
  'Correlate',
  'PrepareAnnotation',
  'AnnotateBatch',
  'Report',
  'MarkCompleted',
  'MarkFailed',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

export function isStepName(value: unknown): value is StepName {
  return typeof value === 'string' && (STEP_NAMES as readonly string[]).includes(value);
}

/** The definition as JSON text with every task pointing at `functionArn`. */
export function renderDefinition(functionArn: string): string {
  return JSON.stringify(definition).split(RESOURCE_PLACEHOLDER).join(functionArn);
}

/** The definition as an object (a fresh copy) with every task pointing at `functionArn`. */
export function buildDefinition(functionArn: string): Record<string, unknown> {
  return JSON.parse(renderDefinition(functionArn));
}
