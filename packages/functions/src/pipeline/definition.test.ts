import { describe, expect, it } from 'vitest';
import aslValidator from 'asl-validator';
import { buildDefinition, renderDefinition, RESOURCE_PLACEHOLDER, STEP_NAMES } from './definition.ts';

const ARN = 'arn:aws:lambda:us-east-1:123456789012:function:pipeline';

type State = Record<string, any>;

/** Every state of the definition, including those inside Map item processors. */
function allStates(def: State): Record<string, State> {
  const out: Record<string, State> = {};
  for (const [name, state] of Object.entries(def.States as Record<string, State>)) {
    out[name] = state;
    if (state.Type === 'Map') Object.assign(out, allStates(state.ItemProcessor));
  }
  return out;
}

describe('pipeline definition', () => {
  const def = buildDefinition(ARN);
  const states = allStates(def);

  it('is valid ASL according to asl-validator', () => {
    const { isValid, errorsText } = aslValidator(def);
    expect(errorsText('\n')).toBe('');
    expect(isValid).toBe(true);
  });

  it('replaces every resource placeholder', () => {
    expect(renderDefinition(ARN)).not.toContain(RESOURCE_PLACEHOLDER);
    const tasks = Object.values(states).filter((s) => s.Type === 'Task');
    expect(tasks.map((t) => t.Resource)).toEqual(tasks.map(() => ARN));
  });

  it('has one task per step, each passing its own name as `step` and a timeout', () => {
    const tasks = Object.entries(states).filter(([, s]) => s.Type === 'Task');
    expect(tasks.map(([name]) => name).sort()).toEqual([...STEP_NAMES].sort());
    for (const [name, s] of tasks) {
      expect(s.Parameters.step).toBe(name);
      expect(s.TimeoutSeconds).toBeGreaterThan(0);
      expect(s.Retry[0].ErrorEquals).toContain('TransientError');
      expect(s.Retry[0].BackoffRate).toBeGreaterThan(1);
    }
  });

  it('routes every failure to MarkFailed and then to a Fail state', () => {
    for (const [name, s] of Object.entries(def.States as Record<string, State>)) {
      if (s.Type !== 'Task' && s.Type !== 'Map') continue;
      if (name === 'MarkFailed') continue;
      expect(s.Catch, name).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' }]);
    }
    expect(def.States && (def.States as State).MarkFailed.Next).toBe('AnalysisFailed');
    expect((def.States as State).AnalysisFailed.Type).toBe('Fail');
  });

  it('bounds the Map concurrency and skips annotation unless AI is enabled', () => {
    const top = def.States as State;
    expect(top.ParseFiles.MaxConcurrency).toBeGreaterThan(0);
    expect(top.AnnotateBatches.MaxConcurrency).toBe(4);
    expect(top.AiEnabled.Choices).toEqual([{ Variable: '$.aiEnabled', BooleanEquals: true, Next: 'PrepareAnnotation' }]);
    expect(top.AiEnabled.Default).toBe('Report');
  });
});
