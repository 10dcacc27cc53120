import type { Orchestrator } from '@app/functions/ports/index.ts';
import type { Services } from '@app/functions/services/types.ts';

// Placeholder until the pipeline lands: runs the state machine locally.
export function createLocalOrchestrator(_getServices: () => Services): Orchestrator & { stop(): Promise<void> } {
  return {
    async startAnalysis() {
      throw new Error('The analysis pipeline is not available yet');
    },
    async stop() {},
  };
}
