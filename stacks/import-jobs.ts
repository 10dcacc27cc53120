/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Master-list imports run as jobs, not inside the API's 29 s (packages/functions/src/services/
 * master/import-jobs.ts): the API reads and checks the export, stores its entries and puts the
 * job's id on this queue; ImportFunction takes one message at a time and writes the entries
 * across the list's partitions with batch writes, recording progress, the final counts and the
 * audit entry (400,000 entries take well under a minute). A message whose function failed twice
 * moves to the dead-letter queue (alarmed in stacks/alarms.ts).
 *
 * The API function needs `importJobsApiEnvironment` and `importJobsApiPermissions`.
 */
import { runtimeEnvironment } from './auth';
import { jobQueue } from './job-queue';
import { storagePermissions } from './storage';

export const {
  queue: importQueue,
  deadLetters: importDeadLetters,
  fn: importFunction,
} = jobQueue({
  name: 'Import',
  handler: 'packages/functions/src/handlers/import-job.handler',
  environment: { ...runtimeEnvironment },
  maxReceiveCount: 2,
  permissions: storagePermissions({
    // The job's entries file (admin/import-jobs/<id>/entries.json): read, then deleted.
    objects: ['GetObject', 'DeleteObject'],
    list: false,
    items: ['GetItem', 'PutItem', 'UpdateItem', 'BatchWriteItem'],
  }),
});

/** For the API function (stacks/api-function.ts): where to put jobs. */
export const importJobsApiEnvironment = { IMPORT_QUEUE_URL: importQueue.url };
export const importJobsApiPermissions = [{ actions: ['sqs:SendMessage'], resources: [importQueue.arn] }];
