/**
 * Ports: what the application services need from the outside world. Adapters live in
 * ../adapters/aws (S3, Cognito, Step Functions, Bedrock) and ../adapters/local (file-system
 * blob store, cognito-local, aws-local-stepfunctions). DynamoDB is used through the real SDK in
 * both runtimes (dynalite locally), so it needs no port of its own: see ../services/db.ts.
 */
import type { ByteSink } from '@app/core';

/** The verified caller. `sub` scopes every object the user owns. */
export interface Caller {
  sub: string;
  email: string;
  groups: string[];
}

export interface BlobStore {
  /**
   * URL the browser PUTs the raw file to; expires after `expiresIn` seconds. The local store
   * refuses a body over `maxBytes`, and any PUT once the key's object was deleted or the upload
   * closed (`closeUpload`); a presigned S3 PUT bounds neither (uploads use presignPost there).
   */
  presignPut(key: string, contentType: string, expiresIn?: number, maxBytes?: number): Promise<string>;
  /**
   * Ends what upload URLs of the key may still write (the file was confirmed, deleted or
   * consumed). The local store refuses their PUTs from then on; absent on S3, whose presigned
   * URLs cannot be revoked before they expire.
   */
  closeUpload?(key: string): Promise<void>;
  /**
   * Where the browser POSTs the file as a form (the fields first, then `file`), refused by the
   * store itself above `maxBytes`. Stores without it (the local one caps its PUT URLs) use presignPut.
   */
  presignPost?(key: string, contentType: string, maxBytes: number, expiresIn?: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** URL that downloads the object; `downloadName` sets Content-Disposition. */
  presignGet(key: string, options?: { expiresIn?: number; downloadName?: string; contentType?: string }): Promise<string>;
  /** Streams the object; throws BlobNotFoundError when absent. */
  read(key: string): AsyncIterable<Uint8Array>;
  /**
   * `length` bytes from byte `start` (fewer at the end of the object, none past it); throws
   * BlobNotFoundError when absent. The timeline reads its index and rows of results.csv this way.
   */
  readRange(key: string, start: number, length: number): Promise<Uint8Array>;
  /** Streaming write; the object exists once `end()` resolves. */
  writer(key: string, contentType?: string): ByteSink;
  put(key: string, body: Uint8Array | string, contentType?: string): Promise<void>;
  head(key: string): Promise<{ size: number } | undefined>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * The object's file, for a store on this machine's file system (the one-machine stack): the
   * engine's task workers of a pipeline step read the uploads and write the step's parts there.
   * Absent on S3, where each step runs in one thread.
   */
  localPath?(key: string): string;
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  constructor(public readonly key: string) {
    super(`No object at ${key}`);
  }
}

export interface Identity {
  /** Verifies an ID token (signature, issuer, audience, expiry, token_use=id); throws VisibleError UNAUTHENTICATED. */
  verifyIdToken(token: string): Promise<Caller>;
  /** Creates a user and sends (AWS) or logs (local) the invitation with a temporary password. */
  inviteUser(input: { email: string; firstName?: string; lastName?: string }): Promise<{ temporaryPassword?: string }>;
  /** The user has TOTP MFA turned on (Cognito's UserMFASettingList); administrators need it for admin routes. */
  hasTotpMfa(caller: Caller): Promise<boolean>;
}

/** Input of one pipeline execution (also the state machine's input document). */
export interface PipelineInput {
  analysisId: string;
  userSub: string;
  files: { fileId: string; fileName: string; key: string }[];
  correlate: boolean;
  aiEnabled: boolean;
}

export interface Orchestrator {
  startAnalysis(input: PipelineInput): Promise<void>;
  /**
   * Runs a master-list import job (services/master/import-jobs.ts) without the caller waiting: on
   * AWS a message on the import queue, locally the stack's own process. Without it, the job runs
   * before the request answers.
   */
  startImportJob?(input: { jobId: string }): Promise<void>;
}

export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}
