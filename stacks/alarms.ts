/// <reference path="../.sst/platform/config.d.ts" />
/**
 * CloudWatch alarms, all sent to one SNS topic (`Alarms`): subscribe an address with the stage
 * setting ALARM_EMAIL (stacks/settings.ts), or any endpoint in the SNS console.
 *
 * - pipeline executions that failed or timed out (Step Functions);
 * - errors and throttles of either function (Lambda);
 * - 5xx answers of the HTTP API;
 * - Bedrock throttling (AWS/Bedrock InvocationThrottles across models);
 * - any message in the failed-events queue (an analysis that may still show "processing") or in
 *   the dead-letter queue of the import jobs, and any message the review function took from the
 *   review jobs' dead letters.
 */
import { api } from './api';
import { apiFunction } from './api-function';
import { importDeadLetters, importFunction } from './import-jobs';
import { reviewDeadLetters, reviewFunction } from './review-jobs';
import { failedEventsQueue, pipelineFunction, stateMachine } from './pipeline';
import { settings } from './settings';

export const alarmTopic = new aws.sns.Topic('Alarms', { kmsMasterKeyId: 'alias/aws/sns' });

if (settings.ALARM_EMAIL) new aws.sns.TopicSubscription('AlarmsEmail', { topic: alarmTopic.arn, protocol: 'email', endpoint: String(settings.ALARM_EMAIL) });

interface AlarmSpec {
  namespace: string;
  metricName: string;
  dimensions?: Record<string, $util.Input<string>>;
  description: string;
  /** Sum over 5 minutes at or above which the alarm fires. */
  threshold?: number;
  statistic?: string;
}

function alarm(name: string, spec: AlarmSpec) {
  return new aws.cloudwatch.MetricAlarm(name, {
    alarmDescription: spec.description,
    namespace: spec.namespace,
    metricName: spec.metricName,
    dimensions: spec.dimensions,
    statistic: spec.statistic ?? 'Sum',
    period: 300,
    evaluationPeriods: 1,
    threshold: spec.threshold ?? 1,
    comparisonOperator: 'GreaterThanOrEqualToThreshold',
    // No data means nothing happened.
    treatMissingData: 'notBreaching',
    alarmActions: [alarmTopic.arn],
    okActions: [alarmTopic.arn],
  });
}

const machine = { StateMachineArn: stateMachine.arn };
export const alarms = [
  alarm('AlarmExecutionsFailed', { namespace: 'AWS/States', metricName: 'ExecutionsFailed', dimensions: machine, description: 'An analysis pipeline execution failed' }),
  alarm('AlarmExecutionsTimedOut', { namespace: 'AWS/States', metricName: 'ExecutionsTimedOut', dimensions: machine, description: 'An analysis pipeline execution ran into its 4-hour limit' }),
  ...(
    [
      ['Pipeline', pipelineFunction],
      ['Api', apiFunction],
      ['Import', importFunction],
      ['Review', reviewFunction],
    ] as const
  ).flatMap(([label, fn]) => [
    alarm(`Alarm${label}Errors`, { namespace: 'AWS/Lambda', metricName: 'Errors', dimensions: { FunctionName: fn.name }, description: `The ${label} function failed an invocation` }),
    alarm(`Alarm${label}Throttles`, { namespace: 'AWS/Lambda', metricName: 'Throttles', dimensions: { FunctionName: fn.name }, description: `The ${label} function was throttled` }),
  ]),
  alarm('AlarmApi5xx', { namespace: 'AWS/ApiGateway', metricName: '5xx', dimensions: { ApiId: api.nodes.api.id, Stage: '$default' }, description: 'The API answered with a server error' }),
  alarm('AlarmBedrockThrottles', { namespace: 'AWS/Bedrock', metricName: 'InvocationThrottles', description: 'Bedrock throttled model calls (annotations may be left out)', threshold: 10 }),
  alarm('AlarmFailedEventsQueue', {
    namespace: 'AWS/SQS',
    metricName: 'ApproximateNumberOfMessagesVisible',
    dimensions: { QueueName: failedEventsQueue.name },
    statistic: 'Maximum',
    description: 'A failed execution could not be marked failed: its analysis may still show "processing" (read the queue)',
  }),
  alarm('AlarmImportDeadLetters', {
    namespace: 'AWS/SQS',
    metricName: 'ApproximateNumberOfMessagesVisible',
    dimensions: { QueueName: importDeadLetters.name },
    statistic: 'Maximum',
    description: 'A master-list import job failed twice: its job may show "running" (read the queue)',
  }),
  // ReviewFunction reads its dead letters at once (marking their jobs failed), so none stays visible: count the ones it takes.
  alarm('AlarmReviewDeadLetters', {
    namespace: 'AWS/SQS',
    metricName: 'NumberOfMessagesReceived',
    dimensions: { QueueName: reviewDeadLetters.name },
    description: 'A step of a case or filter review job could not be run (five deliveries failed or were throttled): its job shows failed (the review function logs "review job step in the dead letters")',
  }),
];
