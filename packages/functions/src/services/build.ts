/**
 * Composition of the Services container, once per process (Lambda cold start, local server,
 * pipeline worker). Identity and orchestrator differ per runtime, so the caller passes them.
 */
import type { AppConfig } from '../config/index.ts';
import { createBlobStore } from '../adapters/blobs/index.ts';
import type { BlobStore, Identity, Logger, Orchestrator } from '../ports/index.ts';
import { createDocumentClient } from './db.ts';
import { redactSecrets, redactText } from './log-redaction.ts';
import { cacheReads, type PartitionVersions } from './read-cache.ts';
import type { Services } from './types.ts';

/** One JSON line per event, which CloudWatch Logs Insights can query field by field; secrets redacted (log-redaction.ts). */
export function createJsonLogger(base: Record<string, unknown> = {}, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const emit = (level: string, msg: string, data?: Record<string, unknown>) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, msg: redactText(msg), ...base, ...(data ? (redactSecrets(data) as Record<string, unknown>) : {}) }));
  return {
    info: (msg, data) => emit('info', msg, data),
    warn: (msg, data) => emit('warn', msg, data),
    error: (msg, data) => emit('error', msg, data),
  };
}

export function buildServices(
  config: AppConfig,
  parts: { identity: Identity; orchestrator: Orchestrator; blobs?: BlobStore; log?: Logger; tableVersions?: PartitionVersions },
): Services {
  const ddb = createDocumentClient(config);
  return {
    config,
    // The one-machine stack's table store counts writes per partition: repeated reads come from memory (read-cache.ts).
    ddb: parts.tableVersions ? cacheReads(ddb, parts.tableVersions) : ddb,
    blobs: parts.blobs ?? createBlobStore(config),
    identity: parts.identity,
    orchestrator: parts.orchestrator,
    log: parts.log ?? createJsonLogger(),
  };
}
