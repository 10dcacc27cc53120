/**
 * The local user pool: cognito-local (in-process, data under `<dataDir>/cognito`) behind the
 * launcher that adds Amplify v6's SRP sign-in and refresh. See docs/local-auth.md.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createCognitoEngine, ISSUER_DOMAIN } from './cognito-engine.ts';
import { createCognitoHttpHandler } from './http-handler.ts';
import { loadTokenSigner } from './id-token-signer.ts';
import { createLauncher } from './launcher.ts';
import { ensurePool } from './pool-setup.ts';
import { createRateLimiter, type SIGN_IN_RATE_LIMIT } from './rate-limit.ts';
import type { SecurityEventSink } from './security-events.ts';
import { ensureUser, inviteUser } from './users.ts';

export interface LocalCognito {
  userPoolId: string;
  clientId: string;
  /** `iss` claim of the tokens: `http://localhost:9229/<userPoolId>` (a fixed label, not an address). */
  issuer: string;
  /** JWKS URL the server-side verifier fetches (the loopback server, no secret needed for public keys). */
  jwksUrl: string;
  /** Loopback endpoint for server-side SDK calls, Admin* included: `http://127.0.0.1:<port>/<secret>`.
   *  The secret is random per process, so other local programs cannot reach the admin calls. */
  endpoint: string;
  /** Handles a request that arrived at the main server under the mount path (e.g. POST /cognito/ with
   *  X-Amz-Target), i.e. the browser's Amplify `userPoolEndpoint` is `${publicUrl}/cognito`. Also answers
   *  CORS preflight and GET …/.well-known/jwks.json. Admin* calls are refused here (403). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Browser origins the public mount answers CORS for (the app's own, see `appOriginsFor`); none until set. */
  setAppOrigins(origins: readonly string[]): void;
  /** Idempotent: confirmed user with this permanent password, in these groups (creates groups as needed). */
  ensureUser(email: string, password: string, groups: string[]): Promise<void>;
  /** TOTP MFA enabled for this existing user with this base32 secret (seeding for tests; never a fixed secret). */
  enrolTotp(email: string, secret: string): Promise<void>;
  /** User in FORCE_CHANGE_PASSWORD state with a generated temporary password (for approved access requests). */
  inviteUser(email: string, attrs?: { firstName?: string; lastName?: string }): Promise<{ temporaryPassword: string }>;
  stop(): Promise<void>;
}

export interface LocalCognitoOptions {
  dataDir: string;
  /** Per-address limit of InitiateAuth and ForgotPassword on the public mount (default SIGN_IN_RATE_LIMIT). */
  rateLimit?: Partial<typeof SIGN_IN_RATE_LIMIT>;
  /** Receives failed sign-ins, lockouts, password changes, sign-outs, group changes and reset requests. */
  onSecurityEvent?: SecurityEventSink;
  /** The pool's MFA setting, as stacks/auth.ts sets it on AWS: 'OPTIONAL' (default) or 'ON'. */
  mfaConfiguration?: 'OPTIONAL' | 'ON';
}

export async function startLocalCognito(opts: LocalCognitoOptions): Promise<LocalCognito> {
  const folder = join(opts.dataDir, 'cognito');
  const engine = await createCognitoEngine(folder);
  const ids = await ensurePool(engine, folder);
  const issuer = `${ISSUER_DOMAIN}/${ids.userPoolId}`;
  // Tokens are signed (and access tokens verified) with this data folder's key: cognito-local's own key is public.
  const signer = await loadTokenSigner(folder);
  const launcher = createLauncher(engine, ids, issuer, signer, { onSecurityEvent: opts.onSecurityEvent, mfaConfiguration: opts.mfaConfiguration });
  let base = '';
  // Only this process knows the path of the loopback door (it takes Admin* calls).
  const secretPath = `/${randomBytes(32).toString('base64url')}`;
  let appOrigins: readonly string[] = [];
  const rateLimit = createRateLimiter(opts.rateLimit);
  const jwksUrl = () => `${base}/${ids.userPoolId}/.well-known/jwks.json`;
  const jwks = () => signer.jwks();
  const internal = createCognitoHttpHandler(launcher, { exposure: 'internal', issuer: () => issuer, jwksUrl, jwks, secretPath });
  const server = createServer((req, res) => void internal(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = `${base}${secretPath}`;

  return {
    userPoolId: ids.userPoolId,
    clientId: ids.clientId,
    issuer,
    jwksUrl: jwksUrl(),
    endpoint,
    handle: createCognitoHttpHandler(launcher, { exposure: 'public', issuer: () => issuer, jwksUrl, jwks, allowedOrigins: () => appOrigins, rateLimit }),
    setAppOrigins(origins) {
      appOrigins = [...origins];
    },
    ensureUser: (email, password, groups) => ensureUser(engine, launcher, ids.userPoolId, { email, password, groups }),
    async enrolTotp(email, secret) {
      const user = await launcher.findUser(email);
      if (!user) throw new Error(`No local user ${email} to enrol in TOTP`);
      await launcher.softwareTokens.enrol(user, secret);
    },
    inviteUser: (email, attrs) => inviteUser(engine, ids.userPoolId, email, attrs),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.idle();
    },
  };
}
