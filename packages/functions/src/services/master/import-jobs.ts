/**
 * Master-list imports as asynchronous jobs. The API reads and checks the export (a file without a
 * usable header is refused at once), stores the entries to write next to the job, and hands the
 * job's id to the orchestrator: on AWS a message on the import queue, whose function runs
 * runMasterImportJob (handlers/import-job.ts); locally the stack runs the same function in its own
 * process. The job item records progress (entries written) while it runs, then the final counts;
 * the IMPORT audit entry is written once all entries are.
 *
 * A job delivered twice (a retried message) starts over: the writes are upserts.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../../http/errors.ts';
import { writeAudit } from '../risk/audit-log.ts';
import type { Services } from '../types.ts';
import { MASTER_KINDS, type MasterKind } from './master-kinds.ts';
import type { MasterImportSource } from './master-import.ts';
import { putMasterEntries, type MasterEntry } from './master-store.ts';
import { readSapExportRows } from './sap-export-rows.ts';

export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ImportJob {
  jobId: string;
  kind: MasterKind;
  status: ImportJobStatus;
  /** Entries to write (rows read, less rejected rows and repeated names). */
  total: number;
  /** Entries written so far. */
  written: number;
  /** Rows refused while reading, and the first messages about them. */
  rejectedRows: number;
  errors: string[];
  format: 'csv' | 'xlsx';
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  /** Why a failed job failed. */
  message?: string;
}

const JOBS_PK = 'IMPORT_JOB';
/** How often a running job writes its progress (it costs one write each time). */
const PROGRESS_EVERY_MS = 1000;

export const jobEntriesKey = (jobId: string) => `admin/import-jobs/${jobId}/entries.json`;

function strip(item: Record<string, unknown> | undefined): ImportJob | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, ...job } = item;
  return job as unknown as ImportJob;
}

/** Reads and checks the export, stores its entries and the job, and starts it. */
export async function startMasterImport(services: Services, kind: MasterKind, userId: string, source: MasterImportSource): Promise<ImportJob> {
  const { entries, errors, rejected } = readSapExportRows(MASTER_KINDS[kind], source.rows);
  const now = new Date().toISOString();
  const job: ImportJob = {
    jobId: randomUUID(),
    kind,
    status: 'queued',
    total: entries.length,
    written: 0,
    rejectedRows: rejected,
    errors,
    format: source.format,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
  };
  await services.blobs.put(jobEntriesKey(job.jobId), JSON.stringify(entries.map((e) => [e.id, e.description])), 'application/json');
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: { pk: JOBS_PK, sk: job.jobId, ...job } }));
  if (services.orchestrator.startImportJob) {
    await services.orchestrator.startImportJob({ jobId: job.jobId });
  } else {
    // A services container without a job runner (scripts, unit tests) runs the job before answering.
    await runMasterImportJob(services, job.jobId);
  }
  return (await getImportJob(services, job.jobId)) ?? job;
}

export async function getImportJob(services: Services, jobId: string): Promise<ImportJob | undefined> {
  const res = await services.ddb.send(new GetCommand({ TableName: services.config.tableName, Key: { pk: JOBS_PK, sk: jobId }, ConsistentRead: true }));
  return strip(res.Item);
}

/** The job for the API: 404 when there is none. */
export async function requireImportJob(services: Services, jobId: string): Promise<ImportJob> {
  const job = await getImportJob(services, jobId);
  if (!job) throw new VisibleError('NOT_FOUND', 'No such import job');
  return job;
}

async function update(services: Services, jobId: string, values: Partial<ImportJob>): Promise<void> {
  const set = { ...values, updatedAt: new Date().toISOString() };
  const names = Object.keys(set);
  await services.ddb.send(
    new UpdateCommand({
      TableName: services.config.tableName,
      Key: { pk: JOBS_PK, sk: jobId },
      UpdateExpression: `SET ${names.map((_n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, (set as Record<string, unknown>)[n]])),
    }),
  );
}

async function readEntries(services: Services, jobId: string): Promise<MasterEntry[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of services.blobs.read(jobEntriesKey(jobId))) chunks.push(chunk);
  const pairs = JSON.parse(Buffer.concat(chunks).toString('utf8')) as [string, string][];
  return pairs.map(([id, description]) => ({ id, description }));
}

/** Runs a job: writes its entries, reporting progress, then the audit entry and the final counts. */
export async function runMasterImportJob(services: Services, jobId: string): Promise<ImportJob | undefined> {
  const job = await getImportJob(services, jobId);
  if (!job || job.status === 'done' || job.status === 'failed') return job;
  const started = Date.now();
  try {
    await update(services, jobId, { status: 'running', written: 0 });
    const entries = await readEntries(services, jobId);
    let last = Date.now();
    let pending: Promise<void> = Promise.resolve();
    await putMasterEntries(services, job.kind, entries, (written) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      pending = pending.then(() => update(services, jobId, { written })).catch(() => undefined);
    });
    await pending;
    const info = MASTER_KINDS[job.kind];
    await writeAudit(services, {
      action: 'IMPORT',
      itemId: `${info.sapTable} import`,
      itemType: info.auditType,
      userId: job.createdBy,
      previousValue: null,
      newValue: { imported: entries.length, rejectedRows: job.rejectedRows, format: job.format },
    });
    await update(services, jobId, { status: 'done', written: entries.length, finishedAt: new Date().toISOString() });
    await services.blobs.delete(jobEntriesKey(jobId)).catch(() => undefined);
    services.log.info('Master list imported', { kind: job.kind, jobId, imported: entries.length, rejected: job.rejectedRows, ms: Date.now() - started });
  } catch (e) {
    services.log.error('Master list import failed', { jobId, error: (e as Error).message });
    await update(services, jobId, { status: 'failed', message: 'The import stopped before all entries were written; import the file again.', finishedAt: new Date().toISOString() });
  }
  return getImportJob(services, jobId);
}
