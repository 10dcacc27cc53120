/**
 * The review queue on AWS (stacks/review-jobs.ts): the API puts a case or filter review on it, and
 * the review job function puts the continuation of a job its invocation could not finish. The
 * SQS client is made on first use; tests put a stand-in for it in `reviewQueueSdk.client` (the SDK
 * edge), so everything above it runs as deployed.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { AppConfig } from '../../config/index.ts';

export const reviewQueueSdk: { client?: Pick<SQSClient, 'send'> } = {};

/** Puts one message (JSON) on the review queue. */
export async function sendReviewQueueMessage(config: Pick<AppConfig, 'region' | 'reviewQueueUrl'>, body: object): Promise<void> {
  if (!config.reviewQueueUrl) throw new Error('Missing configuration REVIEW_QUEUE_URL');
  reviewQueueSdk.client ??= new SQSClient({ region: config.region });
  await reviewQueueSdk.client.send(new SendMessageCommand({ QueueUrl: config.reviewQueueUrl, MessageBody: JSON.stringify(body) }));
}
