/**
 * Lambda entry of the import queue (stacks/import-jobs.ts): each message names a master-list
 * import job, which runMasterImportJob runs to the end (progress, audit entry, final counts).
 * The same function runs the jobs of the local stack (packages/local/src/stepfunctions).
 */
import type { SQSEvent } from 'aws-lambda';
import { runMasterImportJob } from '../services/master/import-jobs.ts';
import type { Services } from '../services/types.ts';
import { buildStepServices } from './pipeline.ts';

let services: Services | undefined;

export async function handler(event: SQSEvent): Promise<void> {
  services ??= buildStepServices();
  for (const record of event.Records) {
    const { jobId } = JSON.parse(record.body) as { jobId?: string };
    if (typeof jobId !== 'string') throw new Error(`Import queue message without a jobId: ${record.body.slice(0, 200)}`);
    await runMasterImportJob(services, jobId);
  }
}
