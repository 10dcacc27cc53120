/**
 * The state machine on one machine: the same ASL document run by aws-local-stepfunctions, each
 * Task mapped by state name to the same step functions the Lambda runs. CPU-heavy steps go to a
 * worker pool so the API keeps answering while a large file is analysed.
 */
import { runMasterImportJob } from '@app/functions/services/master/import-jobs.ts';
import '../polyfills.ts';
import { StateMachine } from 'aws-local-stepfunctions';
import { buildDefinition, STEP_NAMES, type StepName } from '@app/functions/pipeline/definition.ts';
import { TransientError } from '@app/functions/pipeline/errors.ts';
import { CPU_HEAVY_STEPS, runStep } from '@app/functions/pipeline/steps/index.ts';
import type { Orchestrator, PipelineInput } from '@app/functions/ports/index.ts';
import { finishInterruptedDeletions } from '@app/functions/services/analyses/delete-analysis.ts';
import { failInterruptedAnalyses } from '@app/functions/services/analyses/fail-interrupted.ts';
import type { Services } from '@app/functions/services/types.ts';
import { createStepWorkerPool, type StepWorkerPool } from './worker-pool.ts';

/** Any well-formed ARN: the local runner never calls it, every task is overridden. */
const LOCAL_FUNCTION_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:local-pipeline';

export interface LocalOrchestratorOptions {
  /** Worker threads for CPU-heavy steps (default: os.availableParallelism()). */
  workers?: number;
  /**
   * Test-only fault injection: the first attempt of these task states in every execution throws
   * a TransientError (exercises Retry). Default: env PIPELINE_FAIL_ONCE, comma-separated.
   */
  failOnce?: StepName[];
}

export interface LocalOrchestrator extends Orchestrator {
  /** Resolves when every running execution has ended (tests, shutdown). */
  idle(): Promise<void>;
  /** Fails analyses a previous server process left `processing` (none of its executions survive). */
  recoverInterrupted(): Promise<number>;
  stop(): Promise<void>;
}

/** TimeoutSeconds of every Task state by name, Map iterations included. */
export function stepTimeouts(definition: unknown): Map<string, number> {
  const out = new Map<string, number>();
  const visit = (states: Record<string, any> | undefined) => {
    for (const [name, state] of Object.entries(states ?? {})) {
      if (state.Type === 'Task' && typeof state.TimeoutSeconds === 'number') out.set(name, state.TimeoutSeconds);
      visit(state.ItemProcessor?.States ?? state.Iterator?.States);
      for (const branch of state.Branches ?? []) visit(branch.States);
    }
  };
  visit((definition as { States?: Record<string, unknown> }).States);
  return out;
}

function failOnceFromEnv(): StepName[] {
  const names = (process.env.PIPELINE_FAIL_ONCE ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return names.filter((n): n is StepName => (STEP_NAMES as readonly string[]).includes(n));
}

export function createLocalOrchestrator(getServices: () => Services, options: LocalOrchestratorOptions = {}): LocalOrchestrator {
  const failOnce = new Set(options.failOnce ?? failOnceFromEnv());
  const running = new Map<string, { abort: () => void; result: Promise<unknown> }>();
  let machine: StateMachine | undefined;
  let pool: StepWorkerPool | undefined;
  let stopped = false;

  const getPool = () => (pool ??= createStepWorkerPool({ config: getServices().config, log: getServices().log, size: options.workers }));
  const timeouts = stepTimeouts(buildDefinition(LOCAL_FUNCTION_ARN));

  function taskHandlers(analysisId: string) {
    const injected = new Set<StepName>();
    const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const name of STEP_NAMES) {
      handlers[name] = async (input) => {
        if (failOnce.has(name) && !injected.has(name)) {
          injected.add(name);
          throw new TransientError(`Injected transient failure in ${name} (PIPELINE_FAIL_ONCE)`);
        }
        const started = performance.now();
        // The runner only stops waiting at TimeoutSeconds; the pool stops the work itself.
        const owner = (input as { userSub?: string }).userSub;
        const timeoutSeconds = timeouts.get(name);
        const result = await (CPU_HEAVY_STEPS.has(name)
          ? getPool().run(input, { owner, timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000 })
          : runStep(input, getServices()));
        getServices().log.info('pipeline step done', { analysisId, step: name, ms: Math.round(performance.now() - started) });
        return result;
      };
    }
    return handlers;
  }

  /** Retries and catches are what an operator looks for when an analysis was slow or failed. */
  async function logRetries(analysisId: string, events: AsyncIterable<{ type: string; state?: { name?: string }; error?: string; cause?: string }>) {
    try {
      for await (const event of events) {
        if (event.type === 'StateRetried' || event.type === 'StateCaught') {
          getServices().log.warn(`pipeline ${event.type === 'StateRetried' ? 'retry' : 'caught error'}`, { analysisId, state: event.state?.name });
        }
      }
    } catch {
      // the execution's own result reports failures
    }
  }

  return {
    async startAnalysis(input: PipelineInput) {
      if (stopped) throw new Error('The local pipeline is stopped');
      machine ??= new StateMachine(buildDefinition(LOCAL_FUNCTION_ARN) as never);
      const execution = machine.run(input as never, {
        overrides: { taskResourceLocalHandlers: taskHandlers(input.analysisId) as never },
        noThrowOnAbort: true,
      });
      const result = execution.result
        .catch((e: unknown) => {
          // MarkFailed already recorded the failure; this is the Fail state ending the run.
          const failure = (e as { cause?: { name?: string } })?.cause ?? (e as { name?: string });
          if (failure?.name !== 'AnalysisFailed' && !stopped) getServices().log.error('pipeline execution failed', { analysisId: input.analysisId, error: String(e) });
        })
        .finally(() => running.delete(input.analysisId));
      running.set(input.analysisId, { abort: execution.abort, result });
      void logRetries(input.analysisId, execution.eventLogs);
    },
    // Master-list import jobs: the same code as the import queue's function on AWS, run here.
    async startImportJob({ jobId }: { jobId: string }) {
      if (stopped) throw new Error('The local stack is stopped');
      const result = runMasterImportJob(getServices(), jobId)
        .catch((e: unknown) => getServices().log.error('import job failed', { jobId, error: String(e) }))
        .finally(() => running.delete(`import:${jobId}`));
      running.set(`import:${jobId}`, { abort: () => undefined, result });
    },
    async recoverInterrupted() {
      const count = await failInterruptedAnalyses(getServices());
      if (count > 0) getServices().log.warn('analyses interrupted by a restart marked failed', { count });
      // Deletions a storage fault or a stop interrupted: finished now (the items were already hidden).
      const deleted = await finishInterruptedDeletions(getServices());
      if (deleted > 0) getServices().log.warn('interrupted analysis deletions finished', { count: deleted });
      return count;
    },
    async idle() {
      await Promise.all([...running.values()].map((r) => r.result));
    },
    async stop() {
      stopped = true;
      for (const r of running.values()) r.abort();
      await pool?.stop();
      await Promise.all([...running.values()].map((r) => r.result));
    },
  };
}
