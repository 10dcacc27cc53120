/**
 * Lambda entry for every task of the state machine: the task's Parameters carry `step`, and
 * runStep dispatches. Errors keep their name (TransientError, EngineError, FileUnreadable), which
 * is what the definition's Retry/Catch match on. It also receives, from EventBridge, executions
 * that ended failed without MarkFailed (pipeline/execution-failed.ts).
 */
import { loadConfig } from '../config/index.ts';
import type { Identity, Logger, Orchestrator } from '../ports/index.ts';
import { isExecutionStatusChange, markExecutionFailed } from '../pipeline/execution-failed.ts';
import { runStep } from '../pipeline/steps/index.ts';
import { buildServices } from '../services/build.ts';
import type { Services } from '../services/types.ts';

let services: Services | undefined;

// Steps never verify tokens or start executions; these stand-ins say so if that ever changes.
const noIdentity: Identity = {
  verifyIdToken: async () => { throw new Error('Pipeline steps do not verify tokens'); },
  hasTotpMfa: async () => { throw new Error('Pipeline steps do not check MFA'); },
  inviteUser: async () => { throw new Error('Pipeline steps do not invite users'); },
};
const noOrchestrator: Orchestrator = {
  startAnalysis: async () => { throw new Error('Pipeline steps do not start analyses'); },
};

/**
 * Sign-in and API settings the shared config requires but no step reads; the pipeline function
 * is deployed without them (stacks/pipeline.ts), so they get inert values here.
 */
const UNUSED_BY_STEPS = {
  USER_POOL_ID: 'unused-by-pipeline',
  USER_POOL_CLIENT_ID: 'unused-by-pipeline',
  APP_SECRET: 'unused-by-pipeline',
  API_URL: 'unused-by-pipeline',
};

/** Services for pipeline steps (the Lambda here, worker threads locally). */
export function buildStepServices(config = loadConfig({ ...UNUSED_BY_STEPS, ...process.env }), log?: Logger): Services {
  return buildServices(config, { identity: noIdentity, orchestrator: noOrchestrator, log });
}

export async function handler(event: unknown): Promise<unknown> {
  services ??= buildStepServices();
  // EventBridge: an execution ended without MarkFailed (stacks/pipeline.ts).
  if (isExecutionStatusChange(event)) return markExecutionFailed(event, services);
  return runStep(event, services);
}
