/** Case and filter reviews run as queued jobs on AWS: the queue, its function, the dead letters, the permissions and the alarm, as synthesised (checks in checks.ts). */
import { beforeAll, test } from 'vitest';
import { CHECKS } from './checks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

test('the review function takes one job step at a time from the queue, for up to 15 minutes, and may continue a job on the same queue', () => CHECKS.reviewFunctionTakesJobsFromQueue(synthesis));
test('a message is not handed out again while its step runs, and goes to the dead letters after two failures', () => CHECKS.reviewQueueRedrive(synthesis));
test('at most ten review steps and findings exports run at once across users, the pollers held below that (the rest wait on the queue)', () => CHECKS.reviewFunctionConcurrency(synthesis));
test('the API may put review jobs on the queue and is told its URL', () => CHECKS.apiEnqueuesReviewJobs(synthesis));
test("the review function may use its queue, read the stored findings index, keep its job's list and write review items: nothing more", () => CHECKS.reviewFunctionPermissions(synthesis));
test("the review jobs' dead letters and the review function's errors raise alarms", () => {
  CHECKS.alarmsOnDeadLetterQueues(synthesis);
  CHECKS.alarmsOnFunctionErrorsAndThrottles(synthesis);
});
