/**
 * Sign-in helpers for integration suites. `signInWithAmplify` and friends run the real
 * aws-amplify v6 in Node (default SRP flow, refresh through GetTokensFromRefreshToken), exactly
 * what the browser does; `signInWithPassword` mints tokens quickly through the SDK's
 * USER_PASSWORD_AUTH for suites that only need a valid ID token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { ConsoleLogger, defaultStorage } from 'aws-amplify/utils';
import { loadConfig, type AppConfig } from '@app/functions/config/index.ts';
import { startLocalCognito, type LocalCognito } from '@app/local/cognito/index.ts';
import { nextTotpCode } from './totp.ts';

// Amplify warns on every call that the user pool endpoint is custom, which is the point here.
ConsoleLogger.LOG_LEVEL = 'ERROR';

export interface PoolConnection {
  userPoolId: string;
  clientId: string;
  /** Cognito endpoint the client talks to, e.g. `${publicUrl}/cognito` or LocalCognito.endpoint. */
  endpoint: string;
}

export interface Credentials extends PoolConnection {
  email: string;
  password: string;
  /** The account's TOTP secret (base32): the SOFTWARE_TOKEN_MFA challenge is answered with a fresh code. */
  totpSecret?: string;
}

export interface SignedIn {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  groups: string[];
}

// Amplify keeps one global sign-in state: never let two flows overlap in a process.
let chain: Promise<unknown> = Promise.resolve();
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}

function configure(pool: PoolConnection) {
  Amplify.configure({
    Auth: { Cognito: { userPoolId: pool.userPoolId, userPoolClientId: pool.clientId, userPoolEndpoint: pool.endpoint } },
  });
}

export async function currentTokens(forceRefresh = false): Promise<SignedIn> {
  const session = await fetchAuthSession({ forceRefresh });
  const idToken = session.tokens?.idToken;
  const accessToken = session.tokens?.accessToken;
  if (!idToken || !accessToken) throw new Error('Amplify returned no tokens after sign-in');
  const groups = idToken.payload['cognito:groups'];
  const refreshToken = await readStoredRefreshToken();
  return {
    idToken: idToken.toString(),
    accessToken: accessToken.toString(),
    refreshToken,
    groups: Array.isArray(groups) ? (groups as string[]) : [],
  };
}

/** Amplify keeps the refresh token only in its key-value store; read it from there. */
async function readStoredRefreshToken(): Promise<string | undefined> {
  const { userPoolClientId } = Amplify.getConfig().Auth!.Cognito;
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const user = await defaultStorage.getItem(`${prefix}.LastAuthUser`);
  return (await defaultStorage.getItem(`${prefix}.${user}.refreshToken`)) ?? undefined;
}

async function signOutQuietly() {
  await signOut().catch(() => undefined);
}

/** Runs `fn` inside a clean Amplify session for `pool`, signing out before and after. */
export function inAmplifySession<T>(pool: PoolConnection, fn: () => Promise<T>): Promise<T> {
  return exclusive(async () => {
    configure(pool);
    await signOutQuietly();
    try {
      return await fn();
    } finally {
      await signOutQuietly();
    }
  });
}

async function signInFully(opts: Credentials) {
  let result = await signIn({ username: opts.email, password: opts.password });
  if (!result.isSignedIn && result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' && opts.totpSecret) {
    result = await confirmSignIn({ challengeResponse: await nextTotpCode(opts.totpSecret) });
  }
  if (!result.isSignedIn) throw new Error(`Sign-in stopped at step ${result.nextStep.signInStep}`);
}

/** Signs in with Amplify's default (SRP) flow, reads the session, signs out again. */
export function signInWithAmplify(opts: Credentials): Promise<SignedIn> {
  return inAmplifySession(opts, async () => {
    await signInFully(opts);
    return currentTokens();
  });
}

/** Signs in, then forces Amplify to refresh the tokens (GetTokensFromRefreshToken). */
export function refreshWithAmplify(opts: Credentials): Promise<{ before: SignedIn; after: SignedIn }> {
  return inAmplifySession(opts, async () => {
    await signInFully(opts);
    const before = await currentTokens();
    // Cognito's iat has one-second resolution; wait so the refreshed tokens differ visibly.
    await new Promise((r) => setTimeout(r, 1100));
    const after = await currentTokens(true);
    return { before, after };
  });
}

/**
 * First sign-in of an invited user: returns the step Amplify asked for, then completes it with
 * `newPassword`, and refreshes the new session once (`refreshed`). Amplify's sign-out at the end
 * revokes the session's refresh token, as on AWS.
 */
export function completeFirstSignIn(
  opts: PoolConnection & { email: string; temporaryPassword: string; newPassword: string },
): Promise<{ firstStep: string; signedIn: SignedIn; refreshed: SignedIn }> {
  return inAmplifySession(opts, async () => {
    const first = await signIn({ username: opts.email, password: opts.temporaryPassword });
    const confirmed = await confirmSignIn({ challengeResponse: opts.newPassword });
    if (!confirmed.isSignedIn) throw new Error(`confirmSignIn stopped at step ${confirmed.nextStep.signInStep}`);
    const signedIn = await currentTokens();
    return { firstStep: first.nextStep.signInStep, signedIn, refreshed: await currentTokens(true) };
  });
}

/** Fast token minting without SRP (USER_PASSWORD_AUTH through the AWS SDK). */
export async function signInWithPassword(opts: Credentials): Promise<SignedIn> {
  const client = new CognitoIdentityProviderClient({
    region: 'local',
    endpoint: opts.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    let out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: opts.clientId,
        AuthParameters: { USERNAME: opts.email, PASSWORD: opts.password },
      }),
    );
    if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && opts.totpSecret) {
      out = await client.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          ClientId: opts.clientId,
          Session: out.Session,
          ChallengeResponses: { USERNAME: opts.email, SOFTWARE_TOKEN_MFA_CODE: await nextTotpCode(opts.totpSecret) },
        }),
      );
    }
    const result = out.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken) {
      throw new Error(`USER_PASSWORD_AUTH answered with challenge ${out.ChallengeName ?? 'none'} instead of tokens`);
    }
    const payload = JSON.parse(Buffer.from(result.IdToken.split('.')[1], 'base64url').toString('utf8'));
    return {
      idToken: result.IdToken,
      accessToken: result.AccessToken,
      refreshToken: result.RefreshToken,
      groups: Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'] : [],
    };
  } finally {
    client.destroy();
  }
}

/** AppConfig for verifying local tokens, built through the real config module. */
export function localAuthConfig(cognito: Pick<LocalCognito, 'userPoolId' | 'clientId' | 'issuer' | 'jwksUrl'>): AppConfig {
  return loadConfig({
    APP_MODE: 'local',
    USER_POOL_ID: cognito.userPoolId,
    USER_POOL_CLIENT_ID: cognito.clientId,
    TOKEN_ISSUER: cognito.issuer,
    JWKS_URL: cognito.jwksUrl,
    TABLE_NAME: 'unused-by-auth-tests',
    APP_SECRET: 'auth-test-secret',
    API_URL: 'http://127.0.0.1/prod',
  });
}

export interface LocalAuth {
  cognito: LocalCognito;
  /** The browser's view: LocalCognito.handle mounted at /cognito on a loopback server. */
  pool: PoolConnection;
  stop(): Promise<void>;
}

/** LocalCognito in `dataDir` with its public handler mounted the way the local server mounts it. */
export async function startLocalAuth(dataDir: string, opts: { mfaConfiguration?: 'OPTIONAL' | 'ON' } = {}): Promise<LocalAuth> {
  const cognito = await startLocalCognito({ dataDir, mfaConfiguration: opts.mfaConfiguration });
  const server = createServer((req, res) => {
    if (req.url === '/cognito' || req.url?.startsWith('/cognito/')) void cognito.handle(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cognito`;
  return {
    cognito,
    pool: { userPoolId: cognito.userPoolId, clientId: cognito.clientId, endpoint },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cognito.stop();
    },
  };
}
