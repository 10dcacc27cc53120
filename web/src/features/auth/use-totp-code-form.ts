import { useState, type FormEvent } from 'react';
import { normaliseTotpCode, totpCodeError } from './totp-texts.ts';

/**
 * The state of a form that asks for one authenticator code (the sign-in code, and enrolment at
 * sign-in or on the Account Security page): the field, its check (6 digits), the busy button and
 * the error in words. `verify` gets the code without spaces and throws an Error whose message is
 * shown (the field is then emptied for the next code).
 */
export function useTotpCodeForm(verify: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = totpCodeError(code);
    setFieldError(invalid);
    if (invalid) return;
    setError(null);
    setBusy(true);
    try {
      await verify(normaliseTotpCode(code));
    } catch (err) {
      setError((err as Error).message);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error, fieldError, busy, submit };
}
