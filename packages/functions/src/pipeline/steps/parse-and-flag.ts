import type { FileStepResult } from '@app/core';
import { isEngineError } from '@app/core';
import { engine } from '@app/core/engine/index.ts';
import type { z } from 'zod';
import { BlobNotFoundError } from '../../ports/index.ts';
import type { Services } from '../../services/types.ts';
import { FileUnreadableError, isTransient } from '../errors.ts';
import { openEngineContext } from '../snapshot.ts';
import { withStepTasks } from '../step-tasks.ts';
import type { parseAndFlagInput } from './step-input.ts';

/** Map iteration: detect, parse, normalise and flag one file. */
export async function parseAndFlag(input: z.infer<typeof parseAndFlagInput>, services: Services): Promise<FileStepResult> {
  const step = await openEngineContext(services, input.userSub, input.analysisId);
  try {
    return await withStepTasks(services, step, 'ParseAndFlag', (ctx) => engine.parseAndFlagFile(ctx, input.index, input.file.fileName));
  } catch (e) {
    if (isEngineError(e) || isTransient(e)) throw e;
    if (e instanceof BlobNotFoundError) throw new FileUnreadableError(input.file.fileName, 'it is no longer in storage');
    // An unexpected failure still names the file, so the user knows which upload to check.
    services.log.error('parse failed', { analysisId: input.analysisId, file: input.file.fileName, error: String(e) });
    throw new FileUnreadableError(input.file.fileName, 'its content could not be processed');
  }
}
