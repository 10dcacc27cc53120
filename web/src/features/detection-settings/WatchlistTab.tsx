/**
 * One detection watchlist (privileged users, sensitive profiles or sensitive programs): search,
 * kind filter, table, add/edit/delete, and the list's own CSV import and export.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconEdit, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../lib/notify.ts';
import { ConfirmDialog } from '../risk-management/ConfirmDialog.tsx';
import { triggerDownload } from '../risk-management/export-risk-data.ts';
import { formatDate, personLabel } from '../risk-management/format.ts';
import { RISK_TOAST } from '../risk-management/risk-kinds.ts';
import { fetchWatchlistExport, useDeleteWatchlistEntry, watchlistQuery } from './watchlist-api.ts';
import { kindLabel, type WatchlistEntry, type WatchlistInfo } from './watchlist-kinds.ts';
import { WatchlistEntryModal } from './WatchlistEntryModal.tsx';
import { WatchlistImportModal } from './WatchlistImportModal.tsx';

export function WatchlistTab({ info, download = triggerDownload }: { info: WatchlistInfo; download?: (url: string, fileName: string) => void }) {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [editing, setEditing] = useState<{ entry?: WatchlistEntry } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useQuery(watchlistQuery(info.name, '', kind));
  const remove = useDeleteWatchlistEntry(info.name);

  useEffect(() => {
    if (list.isError) notify.error(`Failed to load ${info.listName}`, RISK_TOAST);
  }, [list.isError, info.listName]);

  const query = search.trim();
  const rows = (list.data ?? []).filter(
    (e) => !query || e.id.includes(query.toUpperCase()) || e.description.toLowerCase().includes(query.toLowerCase()),
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notify.success(`${deleting} removed`, RISK_TOAST);
    } catch {
      notify.error('Failed to delete the entry', RISK_TOAST);
    } finally {
      setDeleting(null);
    }
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const result = await fetchWatchlistExport(info.name);
      download(result.url, result.fileName);
      notify.success(`Exported ${result.count} ${info.importNoun}`, RISK_TOAST);
    } catch (err) {
      console.error('Export failed', err);
      notify.error('Failed to export the watchlist', RISK_TOAST);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {info.purpose}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search by ID or description"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        {info.kinds.length > 0 && (
          <Select
            label="Kind"
            aria-label={`Kind filter for ${info.tabLabel}`}
            data={[{ value: '', label: 'All kinds' }, ...info.kinds]}
            value={kind}
            allowDeselect={false}
            onChange={(value) => setKind(value ?? '')}
            w={220}
          />
        )}
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()}>
          Export CSV
        </Button>
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImportOpen(true)}>
          Import CSV
        </Button>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {info.addLabel}
        </Button>
      </Group>

      {list.isLoading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          {info.emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': `${info.tabLabel}, scrollable` } }}>
          <Table striped highlightOnHover aria-label={info.tabLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                {info.kinds.length > 0 && <Table.Th>Kind</Table.Th>}
                <Table.Th>Description</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Added By</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Last Modified</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id} data-item-id={entry.id}>
                  <Table.Td ff="monospace">
                    {entry.id}
                    {entry.id.endsWith('*') && entry.id !== 'SAP*' && (
                      <Badge ml="xs" size="xs" variant="light" title="Matches every ID that starts with the rest">
                        prefix
                      </Badge>
                    )}
                  </Table.Td>
                  {info.kinds.length > 0 && <Table.Td>{kindLabel(info, entry.kind)}</Table.Td>}
                  <Table.Td>{entry.description || '-'}</Table.Td>
                  <Table.Td title={entry.addedBy} style={{ overflowWrap: 'anywhere' }}>
                    {personLabel(entry.addedByEmail, entry.addedBy)}
                  </Table.Td>
                  <Table.Td>{formatDate(entry.lastModified)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Edit ${entry.id}`} title="Edit" onClick={() => setEditing({ entry })}>
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${entry.id}`} title="Delete" onClick={() => setDeleting(entry.id)}>
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

      <WatchlistEntryModal info={info} opened={editing !== null} entry={editing?.entry} onClose={() => setEditing(null)} />
      <WatchlistImportModal info={info} opened={importOpen} onClose={() => setImportOpen(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Confirm removal"
        message={deleting ? `Are you sure you want to remove ${deleting} from ${info.listName}?` : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
