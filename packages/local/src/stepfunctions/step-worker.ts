/**
 * Worker thread that runs CPU-heavy pipeline steps (parse, correlate, report) off the server's
 * event loop. It rebuilds its own Services from the AppConfig (dynalite and the file-system blob
 * store are reachable from any thread) and reports log lines back to the parent's logger.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from '@app/functions/config/index.ts';
import { buildStepServices } from '@app/functions/handlers/pipeline.ts';
import { serializeError } from '@app/functions/pipeline/errors.ts';
import { runStep } from '@app/functions/pipeline/steps/index.ts';
import type { Logger } from '@app/functions/ports/index.ts';
import type { ToParent, ToWorker } from './worker-messages.ts';

const port = parentPort!;
const post = (m: ToParent) => port.postMessage(m);

const log: Logger = {
  info: (msg, data) => post({ type: 'log', level: 'info', msg, data }),
  warn: (msg, data) => post({ type: 'log', level: 'warn', msg, data }),
  error: (msg, data) => post({ type: 'log', level: 'error', msg, data }),
};

const services = buildStepServices((workerData as { config: AppConfig }).config, log);

port.on('message', async (m: ToWorker) => {
  if (m.type !== 'run') return;
  try {
    post({ type: 'result', id: m.id, ok: true, value: await runStep(m.event, services) });
  } catch (e) {
    post({ type: 'result', id: m.id, ok: false, error: serializeError(e) });
  }
});
post({ type: 'ready' });
