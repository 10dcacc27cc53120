/**
 * The local user pool and its web client: created on the first start, found again after a
 * restart through the ids kept in `<folder>/pool.json`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CognitoEngine } from './cognito-engine.ts';

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

async function readIds(file: string): Promise<PoolIds | undefined> {
  try {
    const ids = JSON.parse(await readFile(file, 'utf8'));
    return typeof ids.userPoolId === 'string' && typeof ids.clientId === 'string' ? ids : undefined;
  } catch {
    return undefined;
  }
}

async function exists(engine: CognitoEngine, ids: PoolIds): Promise<boolean> {
  const pools = await engine.cognito.listUserPools(engine.ctx);
  if (!pools.some((p) => p.Id === ids.userPoolId)) return false;
  const client = await engine.cognito.getAppClient(engine.ctx, ids.clientId);
  return client?.UserPoolId === ids.userPoolId;
}

export async function ensurePool(engine: CognitoEngine, folder: string): Promise<PoolIds> {
  const file = join(folder, 'pool.json');
  const saved = await readIds(file);
  if (saved && (await exists(engine, saved))) return saved;

  // Mirrors stacks/auth.ts: e-mail as username, admin-created users only, Cognito's default policy.
  const { UserPool } = await engine.call('CreateUserPool', {
    PoolName: 'sap-security-analyzer-local',
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireUppercase: true,
        RequireLowercase: true,
        RequireNumbers: true,
        RequireSymbols: true,
        TemporaryPasswordValidityDays: 7,
      },
    },
  });
  const { UserPoolClient } = await engine.call('CreateUserPoolClient', {
    UserPoolId: UserPool.Id,
    ClientName: 'web',
    ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  });
  const ids = { userPoolId: UserPool.Id as string, clientId: UserPoolClient.ClientId as string };
  await writeFile(file, `${JSON.stringify(ids, null, 2)}\n`);
  return ids;
}
