/**
 * The whole product on one machine: dynalite, the cognito stand-in, the file-system blob
 * store, the local Step Functions runner and the shared API router behind one HTTP server.
 * `npm start`, the integration tests and the browser tests all start it through here.
 */
import './polyfills.ts';
import { appendFile, chmod, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIdentity } from '@app/functions/adapters/identity/index.ts';
import { createFsBlobStore } from '@app/functions/adapters/blobs/index.ts';
import { loadConfig, type AppConfig } from '@app/functions/config/index.ts';
import { createApi } from '@app/functions/http/router.ts';
import type { Logger } from '@app/functions/ports/index.ts';
import { buildServices, createJsonLogger } from '@app/functions/services/build.ts';
import { seedReferenceData } from '@app/functions/services/risk/seed.ts';
import type { Services } from '@app/functions/services/types.ts';
import { appOriginsFor } from './cognito/cors.ts';
import { startLocalCognito } from './cognito/index.ts';
import { createSecurityLog } from './security-log.ts';
import { redactingLogger } from '@app/functions/services/log-redaction.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { restrictExisting, restrictNewFiles } from './owner-only.ts';
import { ensureTable, startDynalite } from './dynamo.ts';
import { readOrCreateSecret } from './secret.ts';
import { resolveAdminCredentials, type Credentials } from './seed-users.ts';
import { listenLocalServer } from './server.ts';
import { createLocalOrchestrator } from './stepfunctions/index.ts';
import { debugLogger, reportServerError } from './server-errors.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
export const TABLE_NAME = 'sap-analyzer';
export const LOCAL_REGION = 'us-east-1';

export interface LocalStackOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Base URL the browser uses; default http://<publicHost>:<port>. */
  publicUrl?: string;
  /** Host name in the default public URL (default: `host`); `npm start` uses localhost. */
  publicHost?: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  userEmail?: string;
  userPassword?: string;
  /**
   * Tests only: the seeded administrator has TOTP MFA turned on with this base32 secret (the test
   * support makes a random one per run). Without it (`npm start`) the administrator enrols in the
   * web app at the first sign-in.
   */
  adminTotpSecret?: string;
  /** Keep tables in memory (tests); users and blobs still live under dataDir. */
  inMemory?: boolean;
  /** Extra configuration variables (AI_PROVIDER, AI_BASE_URL, …) on top of the local defaults. */
  env?: Record<string, string>;
  /** Folder of the built web app (default web/dist). */
  webDir?: string;
  log?: Logger;
}

export interface LocalStack {
  url: string;
  apiUrl: string;
  config: AppConfig;
  services: Services;
  admin: Credentials & { generated: boolean; firstTime: boolean };
  user?: Credentials;
  /** Idempotent: a confirmed user with this password in these groups (tests, seeding). */
  ensureUser(email: string, password: string, groups?: string[]): Promise<void>;
  /** Tests: TOTP MFA turned on for this existing user with this base32 secret. */
  enrolTotp(email: string, secret: string): Promise<void>;
  stop(): Promise<void>;
}

/** Stops what was started so far, newest first, without letting one failure hide the rest. */
async function stopAll(stoppers: (() => Promise<void>)[], log: Logger): Promise<void> {
  for (const stop of stoppers.reverse()) {
    try {
      await stop();
    } catch (e) {
      log.warn('error while stopping the local stack', { error: String(e) });
    }
  }
}

export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(opts.dataDir);
  // Every line the stack logs goes through the redaction, a logger passed in (tests) too.
  const log = redactingLogger(opts.log ?? createJsonLogger({ service: 'local' }));
  const debug = debugLogger(process.env.LOG_LEVEL === 'debug', { service: 'local' });
  const stoppers: (() => Promise<void>)[] = [];
  try {
    // Only the owner may enter: it holds uploads, the HMAC secret and cognito-local's users
    // (whose passwords it keeps in plain text).
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700);
    restrictNewFiles();
    const tightened = await restrictExisting(dataDir);
    if (tightened > 0) log.info('data folder entries made owner-only', { count: tightened });
    stoppers.push(await lockDataDir(dataDir));
    const secret = await readOrCreateSecret(dataDir);

    const dynamo = await startDynalite({
      path: opts.inMemory ? undefined : join(dataDir, 'dynamo'),
      secret,
      onFault: (e) => log.error('table store fault; the request was answered 503', { error: e instanceof Error ? e.stack : String(e) }),
    });
    stoppers.push(dynamo.stop);
    await ensureTable(dynamo.endpoint, TABLE_NAME, LOCAL_REGION, secret);

    // Security events of the sign-in go to the log, and for administrators to the audit log once services exist.
    const audit: { services?: Services } = {};
    const cognito = await startLocalCognito({ dataDir, onSecurityEvent: createSecurityLog(log, () => audit.services) });
    stoppers.push(() => cognito.stop());

    const host = opts.host ?? '127.0.0.1';
    const server = await listenLocalServer(opts.port ?? 0, host);
    stoppers.push(server.close);
    const publicHost = opts.publicHost ?? host;
    const publicUrl = (opts.publicUrl ?? `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${server.port}`).replace(/\/+$/, '');
    const apiUrl = `${publicUrl}/prod`;
    cognito.setAppOrigins(appOriginsFor(publicUrl));
    const blobDir = join(dataDir, 'blobs');

    const config = loadConfig({
      APP_REGION: LOCAL_REGION,
      APP_BUILD_DATE: new Date().toISOString().slice(0, 10),
      ...opts.env,
      APP_MODE: 'local',
      AWS_REGION: LOCAL_REGION,
      TABLE_NAME,
      DYNAMO_ENDPOINT: dynamo.endpoint,
      BLOB_DIR: blobDir,
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.clientId,
      TOKEN_ISSUER: cognito.issuer,
      JWKS_URL: cognito.jwksUrl,
      USER_POOL_ENDPOINT: `${publicUrl}/cognito`,
      APP_SECRET: secret,
      PUBLIC_URL: publicUrl,
      API_URL: apiUrl,
    });

    const invitationsFile = join(dataDir, 'invitations.log');
    const identity = createIdentity(config, {
      cognitoEndpoint: cognito.endpoint,
      // Locally nobody sends e-mail: the invitation (with its temporary password) goes to a file in
      // the data folder (0600); the server log says where, never the password (issue 26).
      onInvite: async (email, temporaryPassword) => {
        log.info('invitation created (local mode: not e-mailed; the temporary password is in invitations.log in the data folder)', { email });
        await appendFile(invitationsFile, JSON.stringify({ time: new Date().toISOString(), email, temporaryPassword }) + '\n', { mode: 0o600 });
      },
    });
    // Half-written uploads of a previous run (the lock says nobody else is writing here).
    await rm(join(blobDir, '.tmp'), { recursive: true, force: true });
    const blobs = createFsBlobStore({ dir: blobDir, secret, publicUrl });
    let services!: Services;
    const orchestrator = createLocalOrchestrator(() => services);
    stoppers.push(() => orchestrator.stop());
    services = buildServices(config, { identity, orchestrator, blobs, log, tableVersions: dynamo.versions });
    audit.services = services;
    stoppers.push(async () => services.ddb.destroy());

    const api = createApi(services);
    server.mount({
      api,
      browserConfig: {
        apiUrl,
        region: config.region,
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.userPoolEndpoint,
      },
      handleBlob: (req, res) => blobs.handleBlobRequest(req, res),
      handleCognito: (req, res) => cognito.handle(req, res),
      webDir: opts.webDir ?? join(REPO_ROOT, 'web', 'dist'),
      onError: (e) => reportServerError(log, e, debug),
    });

    const admin = await resolveAdminCredentials(dataDir, { email: opts.adminEmail, password: opts.adminPassword });
    await cognito.ensureUser(admin.email, admin.password, ['admins']);
    if (opts.adminTotpSecret) await cognito.enrolTotp(admin.email, opts.adminTotpSecret);
    const user = opts.userEmail && opts.userPassword ? { email: opts.userEmail, password: opts.userPassword } : undefined;
    if (user) await cognito.ensureUser(user.email, user.password, []);
    await seedReferenceData(services);
    await orchestrator.recoverInterrupted();

    let stopped = false;
    return {
      url: publicUrl,
      apiUrl,
      config,
      services,
      admin,
      user,
      ensureUser: (email, password, groups = []) => cognito.ensureUser(email, password, groups),
      enrolTotp: (email, secret) => cognito.enrolTotp(email, secret),
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopAll(stoppers, log);
      },
    };
  } catch (e) {
    await stopAll(stoppers, log);
    throw e;
  }
}
