import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { FlagDetails } from '../../api/types.ts';
import { formatNumber, prettifyFlag } from '../../lib/format.ts';
import { RuleExplanation } from '../rules/RuleExplanation.tsx';
import { SampleRecordCard } from './SampleRecordCard.tsx';

export const MAX_SAMPLE_RECORDS = 10;

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
  // On a phone the dialog takes the whole screen, so the records read without side scrolling.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  return (
    <Modal opened={flag !== null} onClose={onClose} title={flag ? prettifyFlag(flag) : ''} size="xl" fullScreen={phone} centered={!phone} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      {flag && (
        <Stack gap="md">
          <Group gap="xs">
            <Text>Records with this flag:</Text>
            <Badge size="lg">{formatNumber(count)}</Badge>
          </Group>
          <RuleExplanation flag={flag} records={records} />
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
                  <Stack gap="xs" data-testid="flag-sample-list">
                    {records.map((r, i) => (
                      <SampleRecordCard key={i} record={r} flag={flag} columns={columns} index={i} />
                    ))}
                  </Stack>
                  <Text size="sm" c="dimmed" mt={4}>
                    {total > records.length
                      ? `Showing ${records.length} of ${formatNumber(total)} records. Download the results to see all of them.`
                      : records.length === 1 ? 'Showing the only record.' : `Showing all ${records.length} records.`}
                  </Text>
                </div>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
