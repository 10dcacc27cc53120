/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Master-list imports run as jobs, not inside the API's 29 s (packages/functions/src/services/
 * master/import-jobs.ts): the API reads and checks the export, stores its entries and puts the
 * job's id on this queue; ImportFunction takes one message at a time and writes the entries
 * across the list's partitions with batch writes, recording progress, the final counts and the
 * audit entry. A message whose function failed twice moves to the dead-letter queue (alarmed in
 * stacks/alarms.ts).
 *
 * The API function needs `importJobsApiEnvironment` and `importJobsApiPermissions`.
 */
import { runtimeEnvironment } from './auth';
import { functionDefaults } from './function-defaults';
import { storagePermissions } from './storage';

/** Longest one import may run: 400,000 entries take well under a minute across partitions. */
const IMPORT_TIMEOUT_SECONDS = 15 * 60;

export const importDeadLetters = new aws.sqs.Queue('ImportJobsDeadLetters', {
  messageRetentionSeconds: 14 * 24 * 60 * 60,
  sqsManagedSseEnabled: true,
});

export const importQueue = new aws.sqs.Queue('ImportJobsQueue', {
  // Longer than the function may run, so a message is not handed out twice while its job runs.
  visibilityTimeoutSeconds: IMPORT_TIMEOUT_SECONDS + 60,
  messageRetentionSeconds: 24 * 60 * 60,
  sqsManagedSseEnabled: true,
  redrivePolicy: $jsonStringify({ deadLetterTargetArn: importDeadLetters.arn, maxReceiveCount: 2 }),
});

export const importFunction = new sst.aws.Function('ImportFunction', {
  ...functionDefaults(),
  handler: 'packages/functions/src/handlers/import-job.handler',
  memory: '1024 MB',
  timeout: `${IMPORT_TIMEOUT_SECONDS} seconds`,
  environment: { ...runtimeEnvironment },
  permissions: [
    ...storagePermissions({
      // The job's entries file (admin/import-jobs/<id>/entries.json): read, then deleted.
      objects: ['GetObject', 'DeleteObject'],
      list: false,
      items: ['GetItem', 'PutItem', 'UpdateItem', 'BatchWriteItem'],
    }),
    { actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueAttributes'], resources: [importQueue.arn] },
  ],
});

new aws.lambda.EventSourceMapping('ImportJobsMapping', {
  eventSourceArn: importQueue.arn,
  functionName: importFunction.name,
  batchSize: 1,
});

/** For the API function (stacks/api-function.ts): where to put jobs. */
export const importJobsApiEnvironment = { IMPORT_QUEUE_URL: importQueue.url };
export const importJobsApiPermissions = [{ actions: ['sqs:SendMessage'], resources: [importQueue.arn] }];
