/** The last 100 administrators' changes with the fields each one changed (spec section 2). */
import { Badge, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditItemLabel, diffAuditValues } from './audit-diff.ts';
import { formatDateTime, personLabel } from './format.ts';
import { PagingFooter } from '../../lib/PagingFooter.tsx';
import { usePaging } from '../../lib/use-paging.ts';
import { auditLogQuery, type AuditEntry } from './risk-api.ts';

const ACTION_COLOR: Record<string, string> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  IMPORT: 'grape',
  APPROVE: 'teal',
  REJECT: 'orange',
};

function Differences({ entry }: { entry: AuditEntry }) {
  const diffs = diffAuditValues(entry.previousValue, entry.newValue, entry.people);
  if (diffs.length === 0) return <Text size="xs" c="dimmed">No field changes</Text>;
  return (
    <Stack gap={2}>
      {diffs.map((d) => (
        <Text size="xs" key={d.field} data-field={d.field}>
          <Code>{d.field}</Code>: {d.before} → {d.after}
        </Text>
      ))}
    </Stack>
  );
}

export function AuditLogTab() {
  const log = useQuery(auditLogQuery);
  const entries = log.data ?? [];
  const paging = usePaging(entries, '');
  if (log.isLoading) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
        <Text>Loading audit log...</Text>
      </Group>
    );
  }
  if (log.isError) {
    return (
      <Text c="red.9" ta="center" p="lg" role="alert">
        The audit log could not be loaded: {log.error.message}
      </Text>
    );
  }
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="lg">
        No audit logs found
      </Text>
    );
  }
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Showing last {entries.length} changes
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped aria-label="Audit Log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Time</Table.Th>
              <Table.Th style={{ minWidth: 110 }}>Action</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paging.pageItems.map((entry) => (
              <Table.Tr key={entry.auditId} data-audit-id={entry.auditId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.timestamp)}</Table.Td>
                <Table.Td>
                  <Badge color={ACTION_COLOR[entry.action] ?? 'gray'} variant="dot" style={{ overflow: 'visible' }}>
                    {entry.action}
                  </Badge>
                </Table.Td>
                <Table.Td ff={entry.itemType === 'access_request' ? undefined : 'monospace'} title={entry.itemId} style={{ overflowWrap: 'anywhere' }}>
                  {auditItemLabel(entry)}
                </Table.Td>
                <Table.Td>{entry.itemType}</Table.Td>
                <Table.Td title={entry.userId} style={{ overflowWrap: 'anywhere' }}>
                  {personLabel(entry.userEmail, entry.userId)}
                </Table.Td>
                <Table.Td>
                  <Differences entry={entry} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagingFooter paging={paging} label="Audit log pages" />
    </Stack>
  );
}
