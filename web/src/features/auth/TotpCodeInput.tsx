import { TextInput } from '@mantine/core';

/** The 6-digit code an authenticator app shows; phones and password managers offer it (one-time-code). */
export function TotpCodeInput({ value, onChange, error, label = 'Authentication code' }: { value: string; onChange: (code: string) => void; error?: string; label?: string }) {
  return (
    <TextInput
      label={label}
      description="The 6-digit code your authenticator app shows"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      required
      maxLength={7}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-autofocus
    />
  );
}
