/**
 * Lambda entry of the review queue (stacks/review-jobs.ts): each message is one step of a case or
 * filter review job, which runReviewJob runs until the job ends or this invocation's time is
 * nearly up, then continues in a new message (services/review/review-dispatch.ts). The same
 * function reads the queue's dead letters (REVIEW_DEAD_LETTERS_ARN): their jobs are marked failed.
 * A message may also ask for a findings download (services/review/export-jobs.ts).
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { isExportMessage, parseExportMessage, runExportJob, type ExportJobMessage } from '../services/review/export-jobs.ts';
import { failDeadLetter, jobDb, parseReviewJobMessage, runReviewJob } from '../services/review/review-dispatch.ts';
import type { Services } from '../services/types.ts';
import { buildStepServices } from './pipeline.ts';

/** The handler over these services (the deployed one builds them from its environment; tests pass the local stack's). */
export function reviewJobHandler(servicesOf: () => Services) {
  return async (event: SQSEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<void> => {
    const services = servicesOf();
    for (const record of event.Records) {
      const deadLetters = services.config.reviewDeadLettersArn;
      const exported = exportMessageOf(record.body);
      if (deadLetters && record.eventSourceARN === deadLetters) {
        await failDeadLetter(services, exported ?? parseReviewJobMessage(record.body));
        continue;
      }
      if (exported) {
        await runExportJob(services, jobDb(services), exported);
        continue;
      }
      await runReviewJob(services, parseReviewJobMessage(record.body), { remainingMs: () => context.getRemainingTimeInMillis() });
    }
  };
}

/** The message when it asks for a findings download (export-jobs.ts), else undefined (a review step). */
function exportMessageOf(body: string): ExportJobMessage | undefined {
  let m: unknown;
  try {
    m = JSON.parse(body);
  } catch {
    return undefined;
  }
  return isExportMessage(m) ? parseExportMessage(m) : undefined;
}

let services: Services | undefined;

export const handler = reviewJobHandler(() => (services ??= buildStepServices()));
