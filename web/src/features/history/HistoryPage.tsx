import { ActionIcon, Alert, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../lib/phone.ts';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { analysesQuery, queryKeys } from '../../api/queries.ts';
import type { AnalysisListItem } from '../../api/types.ts';
import { createdOf, sortNewestFirst, totalRecordsOf } from '../../lib/analysis-fields.ts';
import { formatDateTime, formatNumber, shortId } from '../../lib/format.ts';
import { useSelection } from '../../lib/selection.ts';
import { useBulkAction } from '../../lib/use-bulk-action.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { ListCard, SelectionToolbar } from '../../lib/SelectableList.tsx';
import { useHeldResult } from '../../state/held-result.tsx';
import { failureReason } from '../../lib/failure-reason.ts';

// Filled in dark shades with white text: AA contrast (the light green badge read 3.3:1, green.9 4.46:1).
const STATUS_COLOR: Record<string, string> = { completed: 'teal.9', failed: 'red.9', processing: 'blue.9' };

function fileTypesOf(a: AnalysisListItem): string {
  return a.fileTypes?.length ? a.fileTypes.join(', ') : 'Unknown';
}

function fileNamesOf(a: AnalysisListItem): string {
  const names = a.fileNames?.length ? a.fileNames : a.fileName ? [a.fileName] : [];
  return names.length ? names.join(', ') : 'Unknown files';
}

export function HistoryPage() {
  const analyses = useQuery(analysesQuery());
  const list = sortNewestFirst(analyses.data ?? []);
  const selection = useSelection(list.map((a) => a.analysisId));
  const { busy, error: actionError, run } = useBulkAction();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { result: held, clear: clearHeld } = useHeldResult();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
  const phone = useMediaQuery(PHONE_QUERY) ?? false;

  const { deleteOne, deleteSelected } = useConfirmedDelete({
    run,
    selection,
    remove: (id) => api.del(`/results/${encodeURIComponent(id)}`, undefined, { fallback: 'Failed to delete analysis' }),
    afterRemove: (ids) => {
      if (held && ids.includes(held.analysisId)) clearHeld();
    },
    refresh,
    texts: {
      confirmOne: 'Are you sure you want to delete this analysis? This action cannot be undone.',
      confirmMany: (n) => `Are you sure you want to delete ${n} selected analysis(es)? This action cannot be undone.`,
      noneSelected: 'Please select analyses to delete',
      done: (n) => `${n} analysis(es) deleted`,
      failed: 'Failed to delete analysis',
    },
  });

  const view = (id: string) => navigate({ to: '/results/$analysisId', params: { analysisId: id } });

  const error = actionError ?? (analyses.isError ? analyses.error.message : null);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Analysis History</Title>
        <Text c="dimmed">Every analysis you ran, newest first.</Text>
      </div>
      {error && (
        <Alert color="red" role="alert">
          Error: {error}
        </Alert>
      )}
      <SelectionToolbar
        onRefresh={() => void refresh()}
        refreshing={analyses.isFetching}
        onSelectAll={selection.selectAll}
        onDeselectAll={selection.clear}
        hasItems={list.length > 0}
        selectedCount={selection.selected.length}
        onDeleteSelected={() => void deleteSelected()}
        deleteLabel="Delete Selected"
        busy={busy}
      />
      <ListCard failed={analyses.isError && !analyses.data} pending={analyses.isPending} empty={list.length === 0} emptyText="No previous analyses found. Upload files to run your first analysis.">
        {phone ? (
          // 390 px: one card per analysis; its status and View stay on screen.
          <Stack gap="xs" component="ul" aria-label="Analyses" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((a) => (
              <Card component="li" key={a.analysisId} withBorder padding="sm" data-testid="history-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Checkbox checked={selection.isSelected(a.analysisId)} onChange={() => selection.toggle(a.analysisId)} aria-label={`Select analysis ${shortId(a.analysisId)}`} mt={2} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} data-testid="history-files" style={{ overflowWrap: 'anywhere' }}>
                        {fileNamesOf(a)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(createdOf(a))} · {fileTypesOf(a)} · {formatNumber(totalRecordsOf(a))} records
                      </Text>
                    </div>
                  </Group>
                  <Badge color={STATUS_COLOR[a.status] ?? 'gray.8'} variant="filled" autoContrast style={{ flexShrink: 0 }}>
                    {a.status}
                  </Badge>
                </Group>
                {a.status === 'failed' && (
                  <Text size="xs" c="red.9" mt={4} data-testid="failure-reason">
                    {failureReason(a.error)}
                  </Text>
                )}
                <Group gap={4} mt="xs" justify="flex-end">
                  {a.status === 'completed' && (
                    <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} aria-hidden />} onClick={() => void view(a.analysisId)} aria-label={`View analysis ${shortId(a.analysisId)}`}>
                      View
                    </Button>
                  )}
                  <ActionIcon color="red" variant="subtle" onClick={() => void deleteOne(a.analysisId)} aria-label={`Delete analysis ${shortId(a.analysisId)}`} disabled={busy}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Select</VisuallyHidden>
                </Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Files</Table.Th>
                <Table.Th>Analysis ID</Table.Th>
                <Table.Th>Records</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((a) => (
                <Table.Tr key={a.analysisId} data-testid="history-row">
                  <Table.Td>
                    <Checkbox
                      checked={selection.isSelected(a.analysisId)}
                      onChange={() => selection.toggle(a.analysisId)}
                      aria-label={`Select analysis ${shortId(a.analysisId)}`}
                    />
                  </Table.Td>
                  <Table.Td>{formatDateTime(createdOf(a))}</Table.Td>
                  <Table.Td style={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500} data-testid="history-files">
                      {fileNamesOf(a)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {fileTypesOf(a)}
                    </Text>
                  </Table.Td>
                  <Table.Td title={a.analysisId}>{shortId(a.analysisId)}</Table.Td>
                  <Table.Td>{formatNumber(totalRecordsOf(a))}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[a.status] ?? 'gray.8'} variant="filled" autoContrast>
                      {a.status}
                    </Badge>
                    {a.status === 'failed' && (
                      <Text size="xs" c="red.9" mt={4} maw={280} data-testid="failure-reason">
                        {failureReason(a.error)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {a.status === 'completed' && (
                        <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} aria-hidden />} onClick={() => void view(a.analysisId)} aria-label={`View analysis ${shortId(a.analysisId)}`}>
                          View
                        </Button>
                      )}
                      <ActionIcon color="red" variant="subtle" onClick={() => void deleteOne(a.analysisId)} aria-label={`Delete analysis ${shortId(a.analysisId)}`} disabled={busy}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        )}
      </ListCard>
    </Stack>
  );
}
