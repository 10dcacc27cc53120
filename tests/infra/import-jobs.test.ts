/** Master-list imports run as queued jobs: the queue, its function, the dead letters and the permissions, as synthesised (checks in checks.ts). */
import { beforeAll, test } from 'vitest';
import { CHECKS } from './checks.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

test('the import function takes one job at a time from the queue, for up to 15 minutes', () => CHECKS.importFunctionTakesJobsFromQueue(synthesis));
test('a message is not handed out again while its job runs, and goes to the dead letters after two failures', () => CHECKS.importQueueRedrive(synthesis));
test('the API may put jobs on the queue and is told its URL', () => CHECKS.apiEnqueuesImportJobs(synthesis));
test('the import function may read its queue, read and delete the entries file, and write items: nothing more', () => CHECKS.importFunctionPermissions(synthesis));
