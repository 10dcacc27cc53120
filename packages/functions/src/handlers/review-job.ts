/**
 * Lambda entry of the review queue (stacks/review-jobs.ts): each message is one step of a case or
 * filter review job, which runReviewJob runs until the job ends or this invocation's time is
 * nearly up, then continues in a new message (services/review/review-dispatch.ts). The same
 * function reads the queue's dead letters (REVIEW_DEAD_LETTERS_ARN): their jobs are marked failed.
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { failDeadLetter, parseReviewJobMessage, runReviewJob } from '../services/review/review-dispatch.ts';
import type { Services } from '../services/types.ts';
import { buildStepServices } from './pipeline.ts';

/** The handler over these services (the deployed one builds them from its environment; tests pass the local stack's). */
export function reviewJobHandler(servicesOf: () => Services) {
  return async (event: SQSEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<void> => {
    const services = servicesOf();
    for (const record of event.Records) {
      const deadLetters = services.config.reviewDeadLettersArn;
      if (deadLetters && record.eventSourceARN === deadLetters) {
        await failDeadLetter(services, parseReviewJobMessage(record.body));
        continue;
      }
      await runReviewJob(services, parseReviewJobMessage(record.body), { remainingMs: () => context.getRemainingTimeInMillis() });
    }
  };
}

let services: Services | undefined;

export const handler = reviewJobHandler(() => (services ??= buildStepServices()));
