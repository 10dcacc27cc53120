import { TextInput } from '@mantine/core';

/** The 6-digit code the identity service e-mails (confirm sign-up, reset password); phones offer it from the message. */
export function CodeInput({ label, value, onChange }: { label: string; value: string; onChange: (code: string) => void }) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
