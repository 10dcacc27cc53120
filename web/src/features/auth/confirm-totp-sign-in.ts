import { confirmSignIn, type ConfirmSignInInput } from 'aws-amplify/auth';
import { totpErrorMessage } from './totp-texts.ts';

/**
 * The sign-in's two-factor answer (a code, or the first code of a new authenticator app): DONE
 * signs in; a session that expired or too many attempts start the sign-in again (`onRestart` with
 * the words); any other refusal throws an Error with the words to show.
 */
export async function confirmTotpSignIn(input: ConfirmSignInInput, onDone: () => void, onRestart: (error?: string) => void): Promise<void> {
  try {
    const { nextStep } = await confirmSignIn(input);
    if (nextStep.signInStep === 'DONE') onDone();
    else throw new Error(`Sign-in needs a step this app does not support (${nextStep.signInStep})`);
  } catch (err) {
    const { message, sessionExpired } = totpErrorMessage(err);
    if (sessionExpired) onRestart(message);
    else throw new Error(message);
  }
}
