/**
 * Orchestrator on AWS: one Step Functions (standard) execution per analysis, named after it; a
 * master-list import job is a message on the import queue, whose function runs it.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { AppConfig } from '../../config/index.ts';
import type { Orchestrator, PipelineInput } from '../../ports/index.ts';

export function createSfnOrchestrator(config: AppConfig, client = new SFNClient({ region: config.region }), sqs = new SQSClient({ region: config.region })): Orchestrator {
  return {
    async startImportJob({ jobId }) {
      if (!config.importQueueUrl) throw new Error('Missing configuration IMPORT_QUEUE_URL');
      await sqs.send(new SendMessageCommand({ QueueUrl: config.importQueueUrl, MessageBody: JSON.stringify({ jobId }) }));
    },
    async startAnalysis(input: PipelineInput) {
      if (!config.stateMachineArn) throw new Error('Missing configuration STATE_MACHINE_ARN');
      await client.send(
        new StartExecutionCommand({
          stateMachineArn: config.stateMachineArn,
          // The analysis id as execution name makes a duplicate start fail instead of running twice.
          name: input.analysisId,
          input: JSON.stringify(input),
        }),
      );
    },
  };
}
