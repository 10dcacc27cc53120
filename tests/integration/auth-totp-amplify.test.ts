/**
 * The local pool's TOTP flows as the real aws-amplify v6 drives them (what the browser runs):
 * enrolment during sign-in on a pool whose MFA is ON (MFA_SETUP → CONTINUE_SIGN_IN_WITH_TOTP_SETUP,
 * AssociateSoftwareToken and VerifySoftwareToken by session), then the code step of the next
 * SRP sign-in (SOFTWARE_TOKEN_MFA → CONFIRM_SIGN_IN_WITH_TOTP_CODE), and the account calls of
 * the Account Security page (setUpTOTP, verifyTOTPSetup, updateMFAPreference, fetchMFAPreference).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confirmSignIn, fetchMFAPreference, setUpTOTP, signIn, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTokens, inAmplifySession, startLocalAuth, type LocalAuth } from '../support/auth.ts';
import { nextTotpCode, totpCode } from '../support/totp.ts';

describe('TOTP with Amplify v6 against the local pool', () => {
  const dirs: string[] = [];
  const stacks: LocalAuth[] = [];
  async function start(mfaConfiguration: 'OPTIONAL' | 'ON') {
    const dir = await mkdtemp(join(tmpdir(), 'auth-totp-'));
    dirs.push(dir);
    const auth = await startLocalAuth(dir, { mfaConfiguration });
    stacks.push(auth);
    return auth;
  }
  let on: LocalAuth;
  let optional: LocalAuth;

  beforeAll(async () => {
    on = await start('ON');
    optional = await start('OPTIONAL');
  });
  afterAll(async () => {
    for (const s of stacks) await s.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('MFA ON: the first sign-in enrols (CONTINUE_SIGN_IN_WITH_TOTP_SETUP), the next one asks for the code', async () => {
    await on.cognito.ensureUser('setup@example.com', 'Setup-Passw0rd!', []);
    const secret = await inAmplifySession(on.pool, async () => {
      const first = await signIn({ username: 'setup@example.com', password: 'Setup-Passw0rd!' });
      expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      if (first.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error('no setup step');
      const shared = first.nextStep.totpSetupDetails.sharedSecret;
      expect(shared).toMatch(/^[A-Z2-7]{32}$/);
      expect(first.nextStep.totpSetupDetails.getSetupUri('SAP Security Analyzer', 'setup@example.com').toString()).toContain(`secret=${shared}`);
      // A wrong first code is refused; the session stays for another try.
      const wrong = String((Number(totpCode(shared)) + 500_000) % 1_000_000).padStart(6, '0');
      await expect(confirmSignIn({ challengeResponse: wrong })).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
      const done = await confirmSignIn({ challengeResponse: await nextTotpCode(shared), options: { friendlyDeviceName: 'Test phone' } });
      expect(done.isSignedIn).toBe(true);
      expect((await currentTokens()).idToken).toBeTruthy();
      expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
      return shared;
    });
    await inAmplifySession(on.pool, async () => {
      const next = await signIn({ username: 'setup@example.com', password: 'Setup-Passw0rd!' });
      expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      expect((await confirmSignIn({ challengeResponse: await nextTotpCode(secret) })).isSignedIn).toBe(true);
    });
  });

  it('MFA OPTIONAL: Account Security enrols a signed-in user; the next SRP sign-in asks for the code; turning it off ends that', async () => {
    await optional.cognito.ensureUser('opt@example.com', 'Opt-Passw0rd!', []);
    const secret = await inAmplifySession(optional.pool, async () => {
      expect((await signIn({ username: 'opt@example.com', password: 'Opt-Passw0rd!' })).isSignedIn).toBe(true);
      expect(await fetchMFAPreference()).toEqual({});
      const details = await setUpTOTP();
      await verifyTOTPSetup({ code: await nextTotpCode(details.sharedSecret) });
      await updateMFAPreference({ totp: 'PREFERRED' });
      expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
      return details.sharedSecret;
    });
    await inAmplifySession(optional.pool, async () => {
      const next = await signIn({ username: 'opt@example.com', password: 'Opt-Passw0rd!' });
      expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      await expect(confirmSignIn({ challengeResponse: '000000' === totpCode(secret) ? '111111' : '000000' })).rejects.toMatchObject({ name: 'CodeMismatchException' });
      expect((await confirmSignIn({ challengeResponse: await nextTotpCode(secret) })).isSignedIn).toBe(true);
      await updateMFAPreference({ totp: 'DISABLED' });
    });
    await inAmplifySession(optional.pool, async () => {
      expect((await signIn({ username: 'opt@example.com', password: 'Opt-Passw0rd!' })).isSignedIn).toBe(true);
    });
  });
});
