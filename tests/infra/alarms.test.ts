/** Failures reach someone: alarms to an SNS topic, a dead-letter queue for failed-execution events, reserved concurrency (checks in checks.ts). */
import { beforeAll, describe, test } from 'vitest';
import { CHECKS } from './checks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

describe('alarms', () => {
  test('every alarm notifies the one SNS topic, on alarm and on recovery', () => CHECKS.alarmsNotifyOneTopic(synthesis));
  test('failed and timed-out pipeline executions', () => CHECKS.alarmsOnPipelineExecutions(synthesis));
  test('errors and throttles of every function', () => CHECKS.alarmsOnFunctionErrorsAndThrottles(synthesis));
  test("the API's 5xx answers", () => CHECKS.alarmOnApi5xx(synthesis));
  test('Bedrock throttling', () => CHECKS.alarmOnBedrockThrottles(synthesis));
  test("the depth of the failed-events queue and of the import and review jobs' dead letters", () => CHECKS.alarmsOnDeadLetterQueues(synthesis));
});

describe('dead letters', () => {
  test('the EventBridge target that marks failed analyses has a dead-letter queue EventBridge may write to', () => CHECKS.eventTargetDeadLetterQueue(synthesis));
  test("the pipeline function's failed asynchronous invocations go to the same queue (on-failure destination)", () => CHECKS.pipelineOnFailureDestination(synthesis));
});

test('the pipeline has reserved concurrency, so busy analyses cannot starve the API', () => CHECKS.pipelineReservedConcurrency(synthesis));
