/**
 * The real local stack for integration suites, in a temp data folder, with a seeded admin and
 * user and a small HTTP client that signs in, fetches CSRF tokens and calls the API.
 *
 * @example
 *   const stack = await startTestStack();
 *   const alice = await stack.signIn(stack.user.email, stack.user.password);
 *   const { status, json } = await alice.call('GET', '/files');
 *   await stack.stop();
 */
import './polyfills.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack, type LocalStack } from '@app/local/stack.ts';
import type { Services } from '@app/functions/services/types.ts';
import { signInWithPassword } from './auth.ts';
import { randomTotpSecret } from './totp.ts';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Admin-Pass-123!' };
export const TEST_USER = { email: 'user@test.local', password: 'User-Pass-123!' };

export interface CallResult {
  status: number;
  /** Parsed JSON body (undefined when the body is empty or not JSON). */
  json: any;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  /** Attach a fresh CSRF token on POST/PUT/DELETE/PATCH (default true). */
  csrf?: boolean;
  /** Send the Bearer token (default true). */
  auth?: boolean;
  /** Send this exact text as the body instead of JSON-encoding `body`. */
  rawBody?: string;
}

export interface TestClient {
  idToken: string;
  sub: string;
  email: string;
  csrf(): Promise<string>;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>, options?: CallOptions): Promise<CallResult>;
}

export interface TestStack {
  url: string;
  apiUrl: string;
  dataDir: string;
  /** The seeded administrator; TOTP MFA is on with `totpSecret` (random per stack), as admin routes require. */
  admin: { email: string; password: string; totpSecret: string };
  user: { email: string; password: string };
  services: Services;
  local: LocalStack;
  /** Everything the stack logged (info, warn, error), oldest first; errors also go to stderr. */
  logs: LogEntry[];
  /** Signs in (answering the TOTP challenge for accounts whose secret the stack knows: the admins it made). */
  signIn(email: string, password: string): Promise<TestClient>;
  /**
   * Creates (idempotently) another confirmed user and signs them in. A new member of `admins` gets
   * TOTP MFA turned on with a random secret unless `mfa: false` (admin routes refuse an admin without it).
   */
  createUser(email: string, password: string, groups?: string[], opts?: { mfa?: boolean }): Promise<TestClient>;
  /** The TOTP secrets of the accounts this stack enrolled, by e-mail. */
  totpSecrets: Map<string, string>;
  /** Stops and starts the stack on the same data folder (tables on disk survive; in-memory ones do not). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  /** Tables in memory: faster, but `restart()` then loses them (default false). */
  inMemory?: boolean;
  env?: Record<string, string>;
  dataDir?: string;
  /** Keep the data folder after stop() (default: removed unless dataDir was given). */
  keepData?: boolean;
  /** Don't echo logged errors to stderr (for suites that provoke them on purpose). */
  quietErrors?: boolean;
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string;
  data?: Record<string, unknown>;
}

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

function decodeClaims(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

async function toResult(res: Response): Promise<CallResult> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

function createClient(getStack: () => LocalStack, idToken: string): TestClient {
  const claims = decodeClaims(idToken);
  const client: TestClient = {
    idToken,
    sub: String(claims.sub),
    email: String(claims.email ?? ''),
    async csrf() {
      const res = await client.call('GET', '/csrf-token');
      if (res.status !== 200) throw new Error(`GET /csrf-token failed: ${res.status} ${res.text}`);
      return res.json.token as string;
    },
    async call(method, path, body, headers = {}, options = {}) {
      const m = method.toUpperCase();
      const h: Record<string, string> = {};
      if (options.auth !== false) h.authorization = `Bearer ${idToken}`;
      if (MUTATING.has(m) && options.csrf !== false && options.auth !== false) h['x-csrf-token'] = await client.csrf();
      const text = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      if (text !== undefined) h['content-type'] = 'application/json';
      Object.assign(h, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])));
      return toResult(await fetch(`${getStack().apiUrl}${path}`, { method: m, headers: h, body: text }));
    },
  };
  return client;
}

export function fileTypeFor(name: string): 'csv' | 'excel' {
  return /\.xlsx?$/i.test(name) ? 'excel' : 'csv';
}

export interface UploadResult {
  fileId: string;
  key: string;
  /** Status of the PUT to the presigned URL. */
  putStatus: number;
  /** The PUT /files answer (status 200 with `file` when the upload is ready). */
  ready: CallResult;
}

/** POST /upload → PUT uploadUrl → PUT /files, as the browser does. Throws if POST /upload fails. */
/**
 * A small SM20 export the confirm step accepts (PUT /files refuses a text whose header names no
 * known export: issue 27). SM20_LINE is its data line, to pad or change content of the same size.
 */
export const SM20_HEADER = 'Date,Time,User,Transaction Code,Event,Message Text\r\n';
export const SM20_LINE = '01.01.2026,10:00:00,ALICE,SU01,AU3,Start\r\n';
export const SM20_MINI = `${SM20_HEADER}${SM20_LINE}`;

export async function uploadFile(client: TestClient, name: string, bytes: Uint8Array | string): Promise<UploadResult> {
  const started = await client.call('POST', '/upload', { fileName: name, fileType: fileTypeFor(name) });
  if (started.status !== 200) throw new Error(`POST /upload failed: ${started.status} ${started.text}`);
  const { uploadUrl, fileId, key, contentType } = started.json as { uploadUrl: string; fileId: string; key: string; contentType: string };
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: body as unknown as BodyInit });
  await put.arrayBuffer();
  const ready = await client.call('PUT', '/files', { fileId, status: 'ready', size: body.byteLength });
  return { fileId, key, putStatus: put.status, ready };
}

export async function startTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'sap-analyzer-test-')));
  const removeOnStop = !opts.dataDir && !opts.keepData;
  const logs: LogEntry[] = [];
  const log = {
    info: (msg: string, data?: Record<string, unknown>) => void logs.push({ level: 'info', msg, data }),
    warn: (msg: string, data?: Record<string, unknown>) => void logs.push({ level: 'warn', msg, data }),
    error: (msg: string, data?: Record<string, unknown>) => {
      logs.push({ level: 'error', msg, data });
      if (!opts.quietErrors) console.error(msg, data);
    },
  };
  const admin = { ...TEST_ADMIN, totpSecret: randomTotpSecret() };
  const totpSecrets = new Map([[admin.email.toLowerCase(), admin.totpSecret]]);
  const start = (port?: number) =>
    startLocalStack({
      port,
      dataDir,
      inMemory: opts.inMemory ?? false,
      adminEmail: TEST_ADMIN.email,
      adminPassword: TEST_ADMIN.password,
      adminTotpSecret: admin.totpSecret,
      userEmail: TEST_USER.email,
      userPassword: TEST_USER.password,
      env: opts.env,
      log,
    });
  let local: LocalStack;
  try {
    local = await start();
  } catch (e) {
    if (removeOnStop) await rm(dataDir, { recursive: true, force: true });
    throw e;
  }

  const stack: TestStack = {
    get url() {
      return local.url;
    },
    get apiUrl() {
      return local.apiUrl;
    },
    dataDir,
    logs,
    admin,
    user: TEST_USER,
    totpSecrets,
    get services() {
      return local.services;
    },
    get local() {
      return local;
    },
    async signIn(email, password) {
      const tokens = await signInWithPassword({
        userPoolId: local.config.userPoolId,
        clientId: local.config.userPoolClientId,
        endpoint: `${local.url}/cognito`,
        email,
        password,
        totpSecret: totpSecrets.get(email.toLowerCase()),
      });
      return createClient(() => local, tokens.idToken);
    },
    async createUser(email, password, groups = [], createOpts = {}) {
      await local.ensureUser(email, password, groups);
      if (groups.includes('admins') && createOpts.mfa !== false && !totpSecrets.has(email.toLowerCase())) {
        const secret = randomTotpSecret();
        await local.enrolTotp(email, secret);
        totpSecrets.set(email.toLowerCase(), secret);
      }
      return stack.signIn(email, password);
    },
    async restart() {
      // Same port, so URLs handed out before the restart still point at the stack.
      const port = Number(new URL(local.url).port);
      await local.stop();
      local = await start(port);
    },
    async stop() {
      await local.stop();
      if (removeOnStop) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}
