import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { FlagDetails } from '../../api/types.ts';
import { formatNumber, prettifyFlag } from '../../lib/format.ts';
import { RuleExplanation } from '../rules/RuleExplanation.tsx';

export const MAX_SAMPLE_RECORDS = 10;

function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function FlagDetailModal({ analysisId, flag, count, onClose }: { analysisId: string; flag: string | null; count: number; onClose: () => void }) {
  const details = useQuery({
    queryKey: ['flag-details', analysisId, flag],
    enabled: flag !== null,
    retry: false,
    queryFn: () => api.post<FlagDetails>('/flag-details', { analysisId, flagName: flag }, { fallback: 'Failed to load details' }),
  });
  const data = details.data;
  const records = (data?.records ?? []).slice(0, MAX_SAMPLE_RECORDS);
  const columns = data?.columns?.length ? data.columns : Object.keys(records[0] ?? {});
  const aggregated = Object.entries(data?.aggregatedFlags ?? {}).sort((a, b) => b[1] - a[1]);
  const total = data?.total ?? count;

  return (
    <Modal opened={flag !== null} onClose={onClose} title={flag ? prettifyFlag(flag) : ''} size="xl" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      {flag && (
        <Stack gap="md">
          <Group gap="xs">
            <Text>Records with this flag:</Text>
            <Badge size="lg">{formatNumber(count)}</Badge>
          </Group>
          {details.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>Loading details...</Text>
            </Group>
          ) : details.isError || data?.error ? (
            <Alert color="red" title="Error loading details" role="alert">
              {`Error loading details: ${data?.error ?? details.error?.message ?? 'Failed to load details'}`}. Download the CSV results to see
              every record with this flag.
            </Alert>
          ) : (
            <>
              {flag === 'OTHER' && aggregated.length > 0 && (
                <div>
                  <Text fw={600} mb={4}>
                    Categories
                  </Text>
                  <Table withTableBorder striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Category</Table.Th>
                        <Table.Th>Occurrences</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {aggregated.map(([category, n]) => (
                        <Table.Tr key={category}>
                          <Table.Td>{category}</Table.Td>
                          <Table.Td>{formatNumber(n)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </div>
              )}
              {records.length === 0 ? (
                <Text c="dimmed">No detailed records available</Text>
              ) : (
                <div>
                  <Text fw={600} mb={4}>
                    Sample records
                  </Text>
                  <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Sample records, scrollable' }}>
                    <Table withTableBorder striped data-testid="flag-sample-table">
                      <Table.Thead>
                        <Table.Tr>
                          {columns.map((c) => (
                            <Table.Th key={c}>{c}</Table.Th>
                          ))}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {records.map((r, i) => (
                          <Table.Tr key={i}>
                            {columns.map((c) => (
                              <Table.Td key={c}>{cellText(r[c])}</Table.Td>
                            ))}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea>
                  <Text size="sm" c="dimmed" mt={4}>
                    {total > records.length
                      ? `Showing ${records.length} of ${formatNumber(total)} records. Download the results to see all of them.`
                      : `Showing all ${records.length} records.`}
                  </Text>
                </div>
              )}
            </>
          )}
          <RuleExplanation flag={flag} records={records} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
