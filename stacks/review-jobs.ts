/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Case and filter reviews run as jobs, not inside the API's 29 s (packages/functions/src/services/
 * review/review-dispatch.ts): the API records the job and puts it on this queue; ReviewFunction
 * takes one message at a time and writes the reviews in batches under the analysis's review lock,
 * recording progress. At DynamoDB's 1,000 writes a second in the user's partition (two items per
 * finding) 1,000,000 findings take about 33 minutes: an invocation stops before its 15 minutes end
 * and puts a continuation message on the same queue. A message whose function failed twice moves
 * to the dead-letter queue (alarmed in stacks/alarms.ts).
 *
 * The API function needs `reviewJobsApiEnvironment` and `reviewJobsApiPermissions`.
 */
import { runtimeEnvironment } from './auth';
import { functionDefaults } from './function-defaults';
import { bucket, storagePermissions } from './storage';

/** Longest one invocation runs; a job longer than this continues in another (review-dispatch.ts STOP_MARGIN_MS). */
const REVIEW_TIMEOUT_SECONDS = 15 * 60;

export const reviewDeadLetters = new aws.sqs.Queue('ReviewJobsDeadLetters', {
  messageRetentionSeconds: 14 * 24 * 60 * 60,
  sqsManagedSseEnabled: true,
});

export const reviewQueue = new aws.sqs.Queue('ReviewJobsQueue', {
  // Longer than the function may run, so a message is not handed out twice while its step runs.
  visibilityTimeoutSeconds: REVIEW_TIMEOUT_SECONDS + 60,
  messageRetentionSeconds: 24 * 60 * 60,
  sqsManagedSseEnabled: true,
  redrivePolicy: $jsonStringify({ deadLetterTargetArn: reviewDeadLetters.arn, maxReceiveCount: 2 }),
});

export const reviewFunction = new sst.aws.Function('ReviewFunction', {
  ...functionDefaults(),
  handler: 'packages/functions/src/handlers/review-job.handler',
  // The analysis's findings index (about 55 bytes a finding), as the API function holds it.
  memory: '1024 MB',
  timeout: `${REVIEW_TIMEOUT_SECONDS} seconds`,
  environment: { ...runtimeEnvironment, REVIEW_QUEUE_URL: reviewQueue.url },
  permissions: [
    // Items: the job, the analysis, its reviews and trail (read under the lock, written in batches), the lock.
    ...storagePermissions({ objects: [], list: false, items: ['BatchGetItem', 'BatchWriteItem', 'GetItem', 'Query', 'UpdateItem'] }).filter((st) => st.actions.length > 0),
    // Objects: the analysis's stored findings index, read only; the job's list of findings between its steps.
    { actions: ['s3:GetObject'], resources: [$interpolate`${bucket.arn}/users/*/analyses/*/findings-index.bin`] },
    { actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'], resources: [$interpolate`${bucket.arn}/users/*/analyses/*/work/review-jobs/*`] },
    { actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueAttributes', 'sqs:SendMessage'], resources: [reviewQueue.arn] },
  ],
});

new aws.lambda.EventSourceMapping('ReviewJobsMapping', {
  eventSourceArn: reviewQueue.arn,
  functionName: reviewFunction.name,
  batchSize: 1,
});

/** For the API function (stacks/api-function.ts): where to put review jobs. */
export const reviewJobsApiEnvironment = { REVIEW_QUEUE_URL: reviewQueue.url };
export const reviewJobsApiPermissions = [{ actions: ['sqs:SendMessage'], resources: [reviewQueue.arn] }];
