import { ActionIcon, Alert, Badge, Button, Checkbox, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { filesQuery, queryKeys } from '../../api/queries.ts';
import type { FileItem } from '../../api/types.ts';
import { formatBytes, formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSelection } from '../../lib/selection.ts';
import { useBulkAction } from '../../lib/use-bulk-action.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { ListCard, SelectionToolbar } from '../../lib/SelectableList.tsx';
import { startAnalysis } from '../upload/upload-sequence.ts';

const SAP_TYPE_LABEL: Record<string, string> = { SM20: 'SM20', CDHDR: 'CDHDR', CDPOS: 'CDPOS', TICKETS: 'Tickets' };

/** What the file is (SM20, CDHDR, CDPOS, Tickets, from its header), never the storage format csv/excel. */
export function fileTypeLabel(f: FileItem): string {
  if (f.sapType) return SAP_TYPE_LABEL[f.sapType] ?? f.sapType;
  return f.fileType === 'excel' ? 'Excel workbook (type read when analysed)' : 'Not recognised yet';
}

export function analyzeLabel(n: number): string {
  return `Analyze Selected (${n})${n > 1 ? ' with Correlation' : ''}`;
}

export function FileManagerPage() {
  const files = useQuery(filesQuery());
  const list = files.data ?? [];
  const selection = useSelection(list.map((f) => f.fileId));
  const { busy, error: actionError, run } = useBulkAction();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.files });

  const { deleteOne, deleteSelected } = useConfirmedDelete({
    run,
    selection,
    remove: (fileId) => api.del('/files', { fileId }, { fallback: 'Failed to delete file' }),
    refresh,
    texts: {
      confirmOne: 'Are you sure you want to delete this file?',
      confirmMany: (n) => `Are you sure you want to delete ${n} selected file(s)? This action cannot be undone.`,
      noneSelected: 'Please select files to delete',
      done: (n) => `${n} file(s) deleted`,
      failed: 'Failed to delete file',
    },
  });

  const analyzeSelected = async () => {
    const ids = selection.selected;
    if (ids.length === 0) return notify.warning('Please select at least one file to analyze');
    await run(async () => {
      const started = await startAnalysis(ids);
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      const analysisStart = { status: started.status, at: Date.now() };
      await navigate({ to: '/analysis/$analysisId', params: { analysisId: started.analysisId }, state: (prev) => ({ ...prev, analysisStart }) });
    }, ids.length > 1 ? 'Failed to analyze files' : 'Failed to analyze file');
  };

  const error = actionError ?? (files.isError ? files.error.message : null);
  const n = selection.selected.length;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>File Manager</Title>
        <Text c="dimmed">Your uploaded files. Select one to re-analyze it, or several to run a correlated multi-file analysis.</Text>
      </div>
      {error && (
        <Alert color="red" role="alert">
          Error: {error}
        </Alert>
      )}
      <SelectionToolbar
        onRefresh={() => void refresh()}
        refreshing={files.isFetching}
        onSelectAll={selection.selectAll}
        onDeselectAll={selection.clear}
        hasItems={list.length > 0}
        selectedCount={n}
        onDeleteSelected={() => void deleteSelected()}
        deleteLabel={`Delete Selected (${n})`}
        busy={busy}
      >
        <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void analyzeSelected()} disabled={busy}>
          {analyzeLabel(n)}
        </Button>
      </SelectionToolbar>
      <ListCard failed={files.isError && !files.data} pending={files.isPending} empty={list.length === 0} emptyText="No files uploaded yet. Upload SAP audit files to see them here.">
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Select</VisuallyHidden>
                </Table.Th>
                <Table.Th>File name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Upload date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((f) => (
                <Table.Tr key={f.fileId} data-testid="file-row">
                  <Table.Td>
                    <Checkbox checked={selection.isSelected(f.fileId)} onChange={() => selection.toggle(f.fileId)} aria-label={`Select ${f.fileName}`} />
                  </Table.Td>
                  <Table.Td>{f.fileName}</Table.Td>
                  <Table.Td data-testid="file-type">{fileTypeLabel(f)}</Table.Td>
                  <Table.Td>{formatBytes(f.size)}</Table.Td>
                  <Table.Td>{formatDateTime(f.uploadDate)}</Table.Td>
                  <Table.Td>
                    <Badge color={f.status === 'ready' ? 'green' : 'gray'} variant="light">
                      {f.status ?? 'unknown'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon color="red" variant="subtle" onClick={() => void deleteOne(f.fileId)} aria-label={`Delete ${f.fileName}`} disabled={busy}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      <Text size="sm" c="dimmed">
        Tip: select two or more files (for example SM20 with CDHDR and CDPOS) to analyze them together; the analysis then
        correlates activity across the files.
      </Text>
    </Stack>
  );
}
