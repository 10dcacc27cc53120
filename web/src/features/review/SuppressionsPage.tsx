import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { EditSuppressionModal } from './EditSuppressionModal.tsx';
import { deleteSuppression, reviewKeys, suppressionsQuery, updateSuppression, type Suppression } from './review-api.ts';

const STATE_COLOR = { active: 'teal.9', expired: 'gray.8', deleted: 'red.9' } as const;

/** The user's suppressions: what later analyses apply, with edit, expire and delete. */
export function SuppressionsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(suppressionsQuery());
  const [state, setState] = useState<'active' | 'expired' | 'deleted' | 'all'>('active');
  const [editing, setEditing] = useState<Suppression | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.suppressions });

  const act = async (action: () => Promise<unknown>, done: string, fallback: string) => {
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch (err) {
      notify.error(errorMessage(err, fallback));
    }
  };
  // Expiring ends the suppression for every later analysis at once: asked first (issue 27).
  const expire = async (s: Suppression) => {
    const question = `Expire the suppression of ${s.rule} for ${s.user || 'any user'} now? Analyses started from now on will report these findings again; analyses that applied it keep naming it.`;
    if (!(await confirmAction(question, { title: 'Expire suppression', confirmLabel: 'Expire now', danger: false }))) return;
    await act(() => updateSuppression(s.suppressionId, { expire: true }), 'Suppression expired', 'Failed to expire the suppression');
  };
  const remove = async (s: Suppression) => {
    if (!(await confirmAction(`Delete the suppression of ${s.rule} for ${s.user}? Analyses that applied it keep naming it.`, { title: 'Delete suppression' }))) return;
    await act(() => deleteSuppression(s.suppressionId), 'Suppression deleted', 'Failed to delete the suppression');
  };

  const rows = (list.data?.suppressions ?? []).filter((s) => state === 'all' || s.state === state);
  return (
    <Stack gap="lg">
      <Title order={2}>Suppressions</Title>
      <Text c="dimmed" size="sm">
        A suppression marks findings of one rule and user (optionally one object or terminal) as explained in analyses started while it is active. Suppressed findings stay listed and are counted apart.
      </Text>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <SegmentedControl
            aria-label="Show suppressions"
            value={state}
            onChange={(v) => setState(v as typeof state)}
            data={[
              { value: 'active', label: `Active (${list.data?.counts.active ?? 0})` },
              { value: 'expired', label: `Expired (${list.data?.counts.expired ?? 0})` },
              { value: 'deleted', label: `Deleted (${list.data?.counts.deleted ?? 0})` },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.data && rows.length === 0 && <Text c="dimmed">No suppressions here. Mark a finding explained on a results page to create one.</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={800}>
            <Table striped withTableBorder aria-label="Suppressions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Object / terminal</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.suppressionId}>
                    <Table.Td>{s.rule}</Table.Td>
                    <Table.Td>{s.user}</Table.Td>
                    <Table.Td>{[s.object, s.terminal].filter(Boolean).join(' / ') || 'any'}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.reason}</Text>
                      <Text size="xs" c="dimmed">
                        by {s.createdBy}, {formatDateTime(s.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(s.expiresAt)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOR[s.state]} autoContrast>
                        {s.state}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {s.state !== 'deleted' && (
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="light" onClick={() => setEditing(s)} aria-label={`Edit suppression ${s.rule} ${s.user}`}>
                            Edit
                          </Button>
                          {s.state === 'active' && (
                            <Button size="xs" variant="default" onClick={() => void expire(s)} aria-label={`Expire suppression ${s.rule} ${s.user}`}>
                              Expire
                            </Button>
                          )}
                          <Button size="xs" variant="subtle" color="red" onClick={() => void remove(s)} aria-label={`Delete suppression ${s.rule} ${s.user}`}>
                            Delete
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && (
        <EditSuppressionModal
          suppression={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify.success('Suppression saved');
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
