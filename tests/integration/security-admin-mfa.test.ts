/**
 * Administrators need TOTP MFA (issue 28, item 5). Cognito has no MFA per group, so the API's admin
 * check asks the user pool (AdminGetUser's UserMFASettingList, the same call on AWS and on the
 * local pool): an administrator without TOTP gets 403 MFA_REQUIRED on every admin route, and is
 * let in as soon as they have enrolled through the same Cognito calls the web app makes.
 */
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_REQUIRED, MFA_REQUIRED } from '@app/functions/http/errors.ts';
import { MFA_CACHE_TTL_MS } from '@app/functions/adapters/identity/index.ts';
import { signInWithPassword } from '../support/auth.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { nextTotpCode } from '../support/totp.ts';

const NEW_ADMIN = { email: 'new-admin@test.local', password: 'New-Admin-Pass-1!' };

describe('admin routes need TOTP MFA on the administrator account', () => {
  let stack: TestStack;
  let cognito: CognitoIdentityProviderClient;
  const pool = () => ({ userPoolId: stack.local.config.userPoolId, clientId: stack.local.config.userPoolClientId, endpoint: `${stack.url}/cognito` });

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    cognito = new CognitoIdentityProviderClient({ region: 'local', endpoint: `${stack.url}/cognito`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(async () => {
    cognito?.destroy();
    vi.useRealTimers();
    await stack?.stop();
  });

  it('the seeded administrator (TOTP on) signs in with a code and uses admin routes', async () => {
    const password = await signInWithPassword({ ...pool(), email: stack.admin.email, password: stack.admin.password }).catch((e: Error) => e);
    expect(String(password), 'the password alone is not enough').toContain('SOFTWARE_TOKEN_MFA');
    const admin = await stack.signIn(stack.admin.email, stack.admin.password);
    expect((await admin.call('GET', '/risk-tables')).status).toBe(200);
  });

  it('an administrator without TOTP: 403 MFA_REQUIRED on admin routes (reads and writes), other routes work', async () => {
    const admin = await stack.createUser(NEW_ADMIN.email, NEW_ADMIN.password, ['admins'], { mfa: false });
    const read = await admin.call('GET', '/risk-tables');
    expect(read.status).toBe(403);
    expect(read.json).toEqual({ error: { code: 'MFA_REQUIRED', message: MFA_REQUIRED } });
    const write = await admin.call('POST', '/risk-tables', { name: 'ZMFA', description: 'never written' });
    expect(write.status).toBe(403);
    expect(write.json.error.code).toBe('MFA_REQUIRED');
    expect((await admin.call('GET', '/access-requests')).json.error.code).toBe('MFA_REQUIRED');
    expect((await admin.call('GET', '/files')).status).toBe(200);
    // A regular user still gets the plain administrator refusal.
    const user = await stack.signIn(stack.user.email, stack.user.password);
    expect((await user.call('GET', '/risk-tables')).json).toEqual({ error: { code: 'FORBIDDEN', message: ADMIN_REQUIRED } });
  });

  it('after enrolling (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference) the same session is let in at once; turning TOTP off locks admin routes again within a minute', async () => {
    const tokens = await signInWithPassword({ ...pool(), ...NEW_ADMIN });
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.accessToken }));
    const verified = await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: tokens.accessToken, UserCode: await nextTotpCode(SecretCode!), FriendlyDeviceName: 'Test phone' }));
    expect(verified.Status).toBe('SUCCESS');
    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: tokens.accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));

    const before = await fetch(`${stack.apiUrl}/risk-tables`, { headers: { authorization: `Bearer ${tokens.idToken}` } });
    expect(before.status).toBe(200);
    // The next sign-in asks for a code.
    stack.totpSecrets.set(NEW_ADMIN.email, SecretCode!);
    const again = await stack.signIn(NEW_ADMIN.email, NEW_ADMIN.password);
    expect((await again.call('GET', '/risk-tables')).status).toBe(200);

    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: tokens.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MFA_CACHE_TTL_MS + 1_000);
    const after = await again.call('GET', '/risk-tables');
    vi.useRealTimers();
    expect(after.status).toBe(403);
    expect(after.json.error.code).toBe('MFA_REQUIRED');
  });
});
