import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { AuthCard } from './AuthCard.tsx';
import { submitAccessRequest, type AccessRequest } from './submit-access-request.ts';

const EMPTY: Required<AccessRequest> = { firstName: '', lastName: '', email: '', organization: '', jobTitle: '', reason: '', phoneNumber: '' };

/** The request-access form; what was typed stays on a failed submit. */
export function RequestAccessForm({ onSubmitted, onSignIn }: { onSubmitted: (r: AccessRequest) => void; onSignIn: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof AccessRequest) => ({
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    const request: AccessRequest = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      organization: values.organization.trim(),
      jobTitle: values.jobTitle.trim(),
      reason: values.reason.trim(),
      ...(values.phoneNumber.trim() ? { phoneNumber: values.phoneNumber.trim() } : {}),
    };
    try {
      await submitAccessRequest(request);
      onSubmitted(request);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Request Access" subtitle="Accounts are not created directly: tell us who you are and why you need access, and an administrator reviews your request (usually within 1-2 business days)." width={560}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" title="Request failed" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required autoComplete="given-name" {...field('firstName')} />
            <TextInput label="Last name" required autoComplete="family-name" {...field('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" required autoComplete="email" {...field('email')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Organization" required autoComplete="organization" {...field('organization')} />
            <TextInput label="Job title" required autoComplete="organization-title" {...field('jobTitle')} />
          </SimpleGrid>
          <TextInput label="Phone number (optional)" type="tel" autoComplete="tel" {...field('phoneNumber')} />
          <Textarea label="Reason for access" required autosize minRows={3} {...field('reason')} />
          <Group justify="space-between">
            <Text size="sm">
              Already have an account?{' '}
              <Anchor component="button" type="button" onClick={onSignIn}>
                Sign In
              </Anchor>
            </Text>
            <Button type="submit" loading={busy}>
              Submit Request
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
