/** Master-list imports run as queued jobs: the queue, its function, the dead letters and the permissions, as synthesised. */
import { beforeAll, expect, test } from 'vitest';
import { actionsOf, functionEnvironment, functionStatements, named } from './review.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

const jobsQueue = () => named(synthesis, 'aws:sqs/queue:Queue', 'ImportJobsQueue');

test('the import function takes one job at a time from the queue, for up to 15 minutes', () => {
  const fn = named(synthesis, 'aws:lambda/function:Function', 'ImportFunctionFunction');
  expect(fn.inputs).toMatchObject({ handler: 'packages/functions/src/handlers/import-job.handler', timeout: 900, architectures: ['arm64'] });
  const mapping = named(synthesis, 'aws:lambda/eventSourceMapping:EventSourceMapping', 'ImportJobsMapping');
  expect(mapping.inputs).toEqual(expect.objectContaining({ eventSourceArn: jobsQueue().state.arn, functionName: fn.state.name, batchSize: 1 }));
  expect(synthesis.builds.map((b) => b.functionID)).toContain('ImportFunction');
});

test('a message is not handed out again while its job runs, and goes to the dead letters after two failures', () => {
  expect(jobsQueue().inputs.visibilityTimeoutSeconds).toBeGreaterThan(900);
  const dlq = named(synthesis, 'aws:sqs/queue:Queue', 'ImportJobsDeadLetters');
  expect(JSON.parse(jobsQueue().inputs.redrivePolicy)).toEqual({ deadLetterTargetArn: dlq.state.arn, maxReceiveCount: 2 });
  const alarm = named(synthesis, 'aws:cloudwatch/metricAlarm:MetricAlarm', 'AlarmImportDeadLetters');
  expect(alarm.inputs.dimensions).toEqual({ QueueName: dlq.state.name });
});

test('the API may put jobs on the queue and is told its URL', () => {
  expect(functionEnvironment(synthesis, 'ApiFunction').IMPORT_QUEUE_URL).toBe(jobsQueue().state.url);
  const send = functionStatements(synthesis, 'ApiFunction').filter((s) => s.Action.includes('sqs:SendMessage'));
  expect(send.map((s) => s.Resource)).toEqual([[jobsQueue().state.arn]]);
});

test('the import function may read its queue, read and delete the entries file, and write items: nothing more', () => {
  const statements = functionStatements(synthesis, 'ImportFunction');
  expect(actionsOf(statements).filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:') && !a.startsWith('kms:'))).toEqual([
    'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem',
    's3:DeleteObject', 's3:GetObject',
    'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage',
  ]);
  const receive = statements.find((s) => s.Action.includes('sqs:ReceiveMessage'))!;
  expect(receive.Resource).toEqual([jobsQueue().state.arn]);
});
