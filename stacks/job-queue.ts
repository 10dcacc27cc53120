/// <reference path="../.sst/platform/config.d.ts" />
/**
 * A queue of jobs and the function that runs them, one message at a time (stacks/import-jobs.ts,
 * stacks/review-jobs.ts): `<Name>JobsQueue`, its dead letters `<Name>JobsDeadLetters` (kept 14
 * days, alarmed in stacks/alarms.ts), `<Name>Function` and the mapping `<Name>JobsMapping`.
 */
import { functionDefaults } from './function-defaults';

/** Longest one invocation of a job function runs. */
export const JOB_TIMEOUT_SECONDS = 15 * 60;
/** How long the queue keeps a message; a review job waits at most this long (review-apply.ts JOB_QUEUED_HORIZON_MS is a little longer). */
export const JOB_QUEUE_RETENTION_SECONDS = 24 * 60 * 60;

/** What an IAM statement of a function holds. */
export interface Statement {
  actions: string[];
  resources: $util.Input<string>[];
}

interface JobQueueSpec {
  name: 'Import' | 'Review';
  handler: string;
  environment: Record<string, $util.Input<string>>;
  /** The function's own statements (its queue's are added). */
  permissions: Statement[];
  /** Deliveries of a message (failed or throttled ones count) before it moves to the dead letters. */
  maxReceiveCount: number;
  /** The function may put messages on its own queue (a job continued in another invocation); it is told its URL in this variable. */
  sendsToQueue?: string;
  /** The function also reads the dead letters (it marks their jobs failed); it is told their ARN. */
  readsDeadLetters?: string;
  /**
   * Most invocations at once across all users (reserved concurrency). The queue's poller is held
   * below it (the dead letters' poller takes DEAD_LETTERS_CONCURRENCY), so it never asks for an
   * invocation the function may not run: a throttled delivery would count towards the dead
   * letters. Further messages wait on the queue, their jobs `queued`.
   */
  concurrency?: number;
}

/** Invocations at once for the dead letters' poller (SQS's least maximum concurrency). */
export const DEAD_LETTERS_CONCURRENCY = 2;

const RECEIVE = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueAttributes'];

export function jobQueue(spec: JobQueueSpec) {
  // Longer than the function may run, so a message is not handed out twice while its job runs (Lambda asks as much of a queue it reads).
  const visibilityTimeoutSeconds = JOB_TIMEOUT_SECONDS + 60;
  const deadLetters = new aws.sqs.Queue(`${spec.name}JobsDeadLetters`, {
    messageRetentionSeconds: 14 * 24 * 60 * 60,
    sqsManagedSseEnabled: true,
    ...(spec.readsDeadLetters ? { visibilityTimeoutSeconds } : {}),
  });
  const queue = new aws.sqs.Queue(`${spec.name}JobsQueue`, {
    visibilityTimeoutSeconds,
    messageRetentionSeconds: JOB_QUEUE_RETENTION_SECONDS,
    sqsManagedSseEnabled: true,
    redrivePolicy: $jsonStringify({ deadLetterTargetArn: deadLetters.arn, maxReceiveCount: spec.maxReceiveCount }),
  });
  const fn = new sst.aws.Function(`${spec.name}Function`, {
    ...functionDefaults(),
    handler: spec.handler,
    memory: '1024 MB',
    timeout: `${JOB_TIMEOUT_SECONDS} seconds`,
    environment: {
      ...spec.environment,
      ...(spec.sendsToQueue ? { [spec.sendsToQueue]: queue.url } : {}),
      ...(spec.readsDeadLetters ? { [spec.readsDeadLetters]: deadLetters.arn } : {}),
    },
    permissions: [
      ...spec.permissions,
      { actions: spec.sendsToQueue ? [...RECEIVE, 'sqs:SendMessage'] : RECEIVE, resources: [queue.arn] },
      ...(spec.readsDeadLetters ? [{ actions: RECEIVE, resources: [deadLetters.arn] }] : []),
    ],
    ...(spec.concurrency ? { concurrency: { reserved: spec.concurrency } } : {}),
  });
  const deadLettersShare = spec.readsDeadLetters ? DEAD_LETTERS_CONCURRENCY : 0;
  const held = (n: number) => (spec.concurrency ? { scalingConfig: { maximumConcurrency: n } } : {});
  new aws.lambda.EventSourceMapping(`${spec.name}JobsMapping`, { eventSourceArn: queue.arn, functionName: fn.name, batchSize: 1, ...held((spec.concurrency ?? 0) - deadLettersShare) });
  if (spec.readsDeadLetters) new aws.lambda.EventSourceMapping(`${spec.name}DeadLettersMapping`, { eventSourceArn: deadLetters.arn, functionName: fn.name, batchSize: 1, ...held(DEAD_LETTERS_CONCURRENCY) });
  return { queue, deadLetters, fn };
}
