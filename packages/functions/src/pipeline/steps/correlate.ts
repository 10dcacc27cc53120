import type { CorrelateStepResult, FileStepResult } from '@app/core';
import { engine } from '@app/core/engine/index.ts';
import type { z } from 'zod';
import type { Services } from '../../services/types.ts';
import { openEngineContext } from '../snapshot.ts';
import { withStepTasks } from '../step-tasks.ts';
import type { correlateInput } from './step-input.ts';

/** Cross-file joins and patterns; the engine treats a single file as nothing to correlate. */
export async function correlate(input: z.infer<typeof correlateInput>, services: Services): Promise<CorrelateStepResult> {
  const step = await openEngineContext(services, input.userSub, input.analysisId);
  return withStepTasks(services, step, 'Correlate', (ctx) => engine.correlateFiles(ctx, input.files as FileStepResult[]));
}
