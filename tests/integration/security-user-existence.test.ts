/**
 * Issue 26, item 8: the local sign-in does not tell whether an account exists, as Cognito with
 * preventUserExistenceErrors=ENABLED does (an unknown name got UserNotFoundException from
 * InitiateAuth, SRP and ForgotPassword). Every call is made for an existing account with a wrong
 * secret and for an unknown one, and the answers compared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithAmplify, startLocalAuth, type LocalAuth } from '../support/auth.ts';
import { answerSrp, startSrp } from '../support/srp-client.ts';

const KNOWN = { email: 'known.user@example.com', password: 'Known-Passw0rd!' };
const UNKNOWN = 'nobody.here@example.com';

let dataDir: string;
let auth: LocalAuth;
let client: CognitoIdentityProviderClient;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'user-existence-'));
  auth = await startLocalAuth(dataDir);
  await auth.cognito.ensureUser(KNOWN.email, KNOWN.password, []);
  client = new CognitoIdentityProviderClient({ region: 'local', endpoint: auth.pool.endpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
}, 60_000);
afterAll(async () => {
  client?.destroy();
  await auth?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const failure = (p: Promise<unknown>) => p.then(() => ({ name: 'none', message: '' }), (e: Error) => ({ name: e.name, message: e.message }));

describe('answers that do not reveal whether an account exists', () => {
  it('InitiateAuth USER_PASSWORD_AUTH: the same error for an unknown name as for a wrong password', async () => {
    const call = (name: string) =>
      failure(client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: auth.pool.clientId, AuthParameters: { USERNAME: name, PASSWORD: 'Wrong-Passw0rd!' } })));
    const wrong = await call(KNOWN.email);
    expect(wrong).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(await call(UNKNOWN)).toEqual(wrong);
  });

  it('USER_SRP_AUTH: an unknown name gets a challenge of the same shape, then the wrong-password error', async () => {
    const start = (name: string) =>
      client.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_SRP_AUTH', ClientId: auth.pool.clientId, AuthParameters: { USERNAME: name, SRP_A: startSrp().srpA } }),
      );
    const [known, unknown, again] = [await start(KNOWN.email), await start(UNKNOWN), await start(UNKNOWN)];
    expect(unknown.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(Object.keys(unknown.ChallengeParameters!).sort()).toEqual(Object.keys(known.ChallengeParameters!).sort());
    const p = unknown.ChallengeParameters!;
    expect(p.USER_ID_FOR_SRP).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(p.USER_ID_FOR_SRP!.length).toBe(known.ChallengeParameters!.USER_ID_FOR_SRP!.length);
    expect(again.ChallengeParameters!.USER_ID_FOR_SRP).toBe(p.USER_ID_FOR_SRP);
    // The whole SRP sign-in (as Amplify runs it) fails alike.
    const wrong = await failure(signInWithAmplify({ ...auth.pool, email: KNOWN.email, password: 'Wrong-Passw0rd!' }));
    expect(wrong).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(await failure(signInWithAmplify({ ...auth.pool, email: UNKNOWN, password: 'Wrong-Passw0rd!' }))).toEqual(wrong);
    // Answered by hand with the known user's password, as an attacker would try.
    const srp = startSrp();
    const challenge = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_SRP_AUTH', ClientId: auth.pool.clientId, AuthParameters: { USERNAME: UNKNOWN, SRP_A: srp.srpA } }),
    );
    const responses = answerSrp(srp, auth.pool.userPoolId.split('_')[1]!, challenge.ChallengeParameters as never, KNOWN.password);
    const answered = await failure(
      client.send(new RespondToAuthChallengeCommand({ ClientId: auth.pool.clientId, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: { ...responses, USERNAME: UNKNOWN } })),
    );
    expect(answered).toEqual(wrong);
  });

  it('ForgotPassword: a masked delivery for an unknown name as for a known one', async () => {
    const forgot = (name: string) => client.send(new ForgotPasswordCommand({ ClientId: auth.pool.clientId, Username: name }));
    const known = await forgot(KNOWN.email);
    const unknown = await forgot(UNKNOWN);
    expect(known.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'k***@e***' });
    expect(unknown.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' });
  });

  it('ConfirmForgotPassword: the same error for an unknown name as for a wrong code', async () => {
    const confirm = (name: string) =>
      failure(client.send(new ConfirmForgotPasswordCommand({ ClientId: auth.pool.clientId, Username: name, ConfirmationCode: '000000', Password: 'New-Passw0rd!x' })));
    const wrong = await confirm(KNOWN.email);
    expect(wrong.name).toBe('CodeMismatchException');
    expect(await confirm(UNKNOWN)).toEqual(wrong);
  });
});
