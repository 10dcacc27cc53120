/** Failures reach someone: alarms to an SNS topic, a dead-letter queue for failed-execution events, reserved concurrency. */
import { beforeAll, describe, expect, test } from 'vitest';
import { functionStatements, named, ofType } from './review.ts';
import { defaultSynthesis, type Synthesis } from './synth.ts';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
});

const fn = (name: string) => named(synthesis, 'aws:lambda/function:Function', `${name}Function`);
const queue = () => named(synthesis, 'aws:sqs/queue:Queue', 'PipelineFailedEvents');
const alarmsOf = () => ofType(synthesis, 'aws:cloudwatch/metricAlarm:MetricAlarm');

describe('alarms', () => {
  test('every alarm notifies the one SNS topic, on alarm and on recovery', () => {
    const topic = named(synthesis, 'aws:sns/topic:Topic', 'Alarms');
    expect(alarmsOf().length).toBeGreaterThanOrEqual(9);
    for (const a of alarmsOf()) {
      expect(a.inputs.alarmActions).toEqual([topic.state.arn]);
      expect(a.inputs.okActions).toEqual([topic.state.arn]);
      expect(a.inputs).toMatchObject({ comparisonOperator: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching' });
    }
    expect(synthesis.outputs.alarmTopic).toBe(topic.state.arn);
  });

  /** The alarms as `namespace metric dimensions`, to compare with what must be watched. */
  const watched = () => alarmsOf().map((a) => `${a.inputs.namespace} ${a.inputs.metricName} ${JSON.stringify(a.inputs.dimensions ?? {})}`);

  test('failed and timed-out pipeline executions', () => {
    const machine = named(synthesis, 'aws:sfn/stateMachine:StateMachine', 'AnalysisPipeline').state.arn;
    expect(watched()).toContain(`AWS/States ExecutionsFailed ${JSON.stringify({ StateMachineArn: machine })}`);
    expect(watched()).toContain(`AWS/States ExecutionsTimedOut ${JSON.stringify({ StateMachineArn: machine })}`);
  });

  test('errors and throttles of every function', () => {
    for (const name of ['ApiFunction', 'PipelineFunction', 'ImportFunction']) {
      for (const metric of ['Errors', 'Throttles']) expect(watched()).toContain(`AWS/Lambda ${metric} ${JSON.stringify({ FunctionName: fn(name).state.name })}`);
    }
  });

  test("the API's 5xx answers, Bedrock throttling and the failed-events queue's depth", () => {
    const apiId = named(synthesis, 'aws:apigatewayv2/api:Api', 'ApiApi').id;
    expect(watched()).toContain(`AWS/ApiGateway 5xx ${JSON.stringify({ ApiId: apiId, Stage: '$default' })}`);
    expect(watched()).toContain('AWS/Bedrock InvocationThrottles {}');
    expect(watched()).toContain(`AWS/SQS ApproximateNumberOfMessagesVisible ${JSON.stringify({ QueueName: queue().state.name })}`);
  });
});

describe('dead letters', () => {
  test('the EventBridge target that marks failed analyses has a dead-letter queue EventBridge may write to', () => {
    const target = named(synthesis, 'aws:cloudwatch/eventTarget:EventTarget', 'PipelineExecutionFailedTarget');
    expect(target.inputs.deadLetterConfig).toEqual({ arn: queue().state.arn });
    const rule = named(synthesis, 'aws:cloudwatch/eventRule:EventRule', 'PipelineExecutionFailed');
    const policy = JSON.parse(named(synthesis, 'aws:sqs/queuePolicy:QueuePolicy', 'PipelineFailedEventsPolicy').inputs.policy);
    expect(policy.Statement).toEqual([
      { Effect: 'Allow', Principal: { Service: 'events.amazonaws.com' }, Action: 'sqs:SendMessage', Resource: queue().state.arn, Condition: { ArnEquals: { 'aws:SourceArn': rule.state.arn } } },
    ]);
    expect(queue().inputs.messageRetentionSeconds).toBe(1_209_600);
  });

  test("the pipeline function's failed asynchronous invocations go to the same queue (on-failure destination)", () => {
    const config = named(synthesis, 'aws:lambda/functionEventInvokeConfig:FunctionEventInvokeConfig', 'PipelineAsyncFailures');
    expect(config.inputs.functionName).toBe(fn('PipelineFunction').state.name);
    expect(config.inputs.destinationConfig).toEqual({ onFailure: { destination: queue().state.arn } });
    const send = functionStatements(synthesis, 'PipelineFunction').filter((s) => s.Action.includes('sqs:SendMessage'));
    expect(send.map((s) => s.Resource)).toEqual([[queue().state.arn]]);
  });
});

test('the pipeline has reserved concurrency, so busy analyses cannot starve the API', () => {
  expect(fn('PipelineFunction').inputs.reservedConcurrentExecutions).toBe(20);
  expect(fn('ApiFunction').inputs.reservedConcurrentExecutions).toBeUndefined();
});
