/**
 * Pending access requests with their details; Approve invites the user through the identity
 * service, Reject closes the request (DECISIONS.md "Further 1"). Both ask first and are audited.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../api/api-error.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDateTime } from './format.ts';
import { pendingAccessRequestsQuery, useDecideAccessRequest, type AccessRequest } from './risk-api.ts';
import { RISK_TOAST } from './risk-kinds.ts';

type Decision = { request: AccessRequest; decision: 'approve' | 'reject' };

function fullName(r: AccessRequest): string {
  return `${r.firstName} ${r.lastName}`.trim();
}

function Detail({ label, value }: { label: string; value?: string }) {
  return (
    <Text size="sm">
      <Text span fw={500}>
        {label}:
      </Text>{' '}
      {value || '-'}
    </Text>
  );
}

export function AccessRequestsTab() {
  const requests = useQuery(pendingAccessRequestsQuery);
  const decide = useDecideAccessRequest();
  const [pending, setPending] = useState<Decision | null>(null);

  useEffect(() => {
    if (requests.isError) notify.error(errorMessage(requests.error, 'Failed to load access requests'), RISK_TOAST);
  }, [requests.isError, requests.error]);

  const confirm = async () => {
    if (!pending) return;
    const { request, decision } = pending;
    try {
      await decide.mutateAsync({ requestId: request.requestId, decision });
      notify.success(
        decision === 'approve'
          ? `Access approved for ${request.email}; an invitation was sent`
          : `Access request from ${request.email} rejected`,
        RISK_TOAST,
      );
    } catch (err) {
      notify.error(errorMessage(err, `Failed to ${decision} the request`), RISK_TOAST);
    } finally {
      setPending(null);
    }
  };

  if (requests.isLoading) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
        <Text>Loading access requests...</Text>
      </Group>
    );
  }
  const list = requests.data ?? [];
  return (
    <Stack>
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          No pending access requests
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {list.map((r) => (
            <Card key={r.requestId} withBorder component="article" aria-label={`Access request from ${r.email}`}>
              <Stack gap={4}>
                <Text fw={600}>{fullName(r)}</Text>
                <Detail label="E-mail" value={r.email} />
                <Detail label="Organization" value={r.organization} />
                <Detail label="Job title" value={r.jobTitle} />
                <Detail label="Phone" value={r.phoneNumber} />
                <Detail label="Requested" value={formatDateTime(r.createdAt)} />
                <Detail label="Reason" value={r.reason} />
              </Stack>
              <Group justify="flex-end" mt="md">
                <Button variant="default" color="red" onClick={() => setPending({ request: r, decision: 'reject' })}>
                  Reject
                </Button>
                <Button color="green" onClick={() => setPending({ request: r, decision: 'approve' })}>
                  Approve
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.decision === 'approve' ? 'Approve access request' : 'Reject access request'}
        message={
          pending
            ? pending.decision === 'approve'
              ? `Approve the request from ${pending.request.email}? An account is created and an invitation with a temporary password is sent.`
              : `Reject the request from ${pending.request.email}?`
            : ''
        }
        confirmLabel={pending?.decision === 'approve' ? 'Approve' : 'Reject'}
        confirmColor={pending?.decision === 'approve' ? 'green' : 'red'}
        busy={decide.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
