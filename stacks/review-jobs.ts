/// <reference path="../.sst/platform/config.d.ts" />
/**
 * Case and filter reviews run as jobs, not inside the API's 29 s (packages/functions/src/services/
 * review/review-dispatch.ts): the API records the job (queued) and puts it on this queue;
 * ReviewFunction takes one message at a time, claims the job (running) and writes the reviews in
 * batches under the analysis's review lock, recording progress. At DynamoDB's 1,000 writes a
 * second in the user's partition (two items per finding) 1,000,000 findings take about 33
 * minutes: an invocation stops before its 15 minutes end, queues the job again and puts a
 * continuation message on the same queue. The findings download of a large analysis is written
 * here too (services/review/export-jobs.ts), beyond the API's 29 s.
 *
 * A message goes to the dead letters after five deliveries: as AWS advises for a queue Lambda
 * reads, since a delivery the function's concurrency could not take counts as one. ReviewFunction
 * reads the dead letters too and marks their jobs failed (the user sees it; no guess from the
 * job's age), and their alarm (stacks/alarms.ts) tells the operator.
 *
 * The queue alone does not bound how many run at once: Lambda's poller scales up with the queue's
 * depth, so many users' exports (each about a vCPU for minutes on 1,024 MB) would become as many
 * invocations. ReviewFunction therefore has REVIEW_CONCURRENCY reserved, its queue's poller held
 * below it (job-queue.ts): at most that many review steps and exports run at once across all
 * users, the API keeps the rest of the account's concurrency, and further messages wait on the
 * queue (their jobs read `queued`, and the web app says it waits for the server) for up to a day.
 *
 * The API function needs `reviewJobsApiEnvironment` and `reviewJobsApiPermissions`.
 */
import { runtimeEnvironment } from './auth';
import { jobQueue } from './job-queue';
import { bucket, storagePermissions } from './storage';

/** Review steps and findings exports at once across all users (ReviewFunction's reserved concurrency). */
export const REVIEW_CONCURRENCY = 10;

export const {
  queue: reviewQueue,
  deadLetters: reviewDeadLetters,
  fn: reviewFunction,
} = jobQueue({
  name: 'Review',
  handler: 'packages/functions/src/handlers/review-job.handler',
  environment: { ...runtimeEnvironment },
  maxReceiveCount: 5,
  sendsToQueue: 'REVIEW_QUEUE_URL',
  readsDeadLetters: 'REVIEW_DEAD_LETTERS_ARN',
  concurrency: REVIEW_CONCURRENCY,
  permissions: [
    // Items: the job, the analysis, its reviews and trail (read under the lock, written in batches), the lock.
    ...storagePermissions({ objects: [], list: false, items: ['BatchGetItem', 'BatchWriteItem', 'GetItem', 'Query', 'UpdateItem'] }).filter((st) => st.actions.length > 0),
    // Objects: the analysis's stored findings index, read only; the job's list of findings between its steps.
    { actions: ['s3:GetObject'], resources: [$interpolate`${bucket.arn}/users/*/analyses/*/findings-index.bin`] },
    { actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'], resources: [$interpolate`${bucket.arn}/users/*/analyses/*/work/review-jobs/*`] },
    // The findings download (services/review/export-jobs.ts): the stored findings, their records and cases read; the file written.
    {
      actions: ['s3:GetObject'],
      resources: [$interpolate`${bucket.arn}/users/*/analyses/*/findings.ndjson`, $interpolate`${bucket.arn}/users/*/analyses/*/high-records.ndjson`, $interpolate`${bucket.arn}/users/*/analyses/*/cases.json`],
    },
    { actions: ['s3:PutObject', 's3:AbortMultipartUpload'], resources: [$interpolate`${bucket.arn}/users/*/analyses/*/findings.xlsx`, $interpolate`${bucket.arn}/users/*/analyses/*/findings.csv`] },
  ],
});

/** For the API function (stacks/api-function.ts): where to put review jobs. */
export const reviewJobsApiEnvironment = { REVIEW_QUEUE_URL: reviewQueue.url };
export const reviewJobsApiPermissions = [{ actions: ['sqs:SendMessage'], resources: [reviewQueue.arn] }];
