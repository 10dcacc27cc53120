/**
 * One detection watchlist (privileged users, sensitive profiles or sensitive programs): search,
 * kind filter, table, add/edit/delete, and the list's own CSV import and export.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../lib/notify.ts';
import { AdminListTab, type AdminListColumn } from '../risk-management/AdminListTab.tsx';
import { triggerDownload } from '../risk-management/export-risk-data.ts';
import { RISK_TOAST } from '../risk-management/risk-kinds.ts';
import { fetchWatchlistExport, useDeleteWatchlistEntry, watchlistQuery } from './watchlist-api.ts';
import { kindLabel, matchesWatchlistSearch, type WatchlistEntry, type WatchlistInfo } from './watchlist-kinds.ts';
import { WatchlistEntryModal } from './WatchlistEntryModal.tsx';
import { WatchlistImportModal } from './WatchlistImportModal.tsx';

export function WatchlistTab({ info, download = triggerDownload }: { info: WatchlistInfo; download?: (url: string, fileName: string) => void }) {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [editing, setEditing] = useState<{ entry?: WatchlistEntry } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useQuery(watchlistQuery(info.name, '', kind));
  const remove = useDeleteWatchlistEntry(info.name);

  useEffect(() => {
    if (list.isError) notify.error(`Failed to load ${info.listName}`, RISK_TOAST);
  }, [list.isError, info.listName]);

  const rows = (list.data ?? []).filter((entry) => matchesWatchlistSearch(entry, search));
  const columns: AdminListColumn<WatchlistEntry>[] = info.kinds.length > 0 ? [{ header: 'Kind', cell: (entry) => kindLabel(info, entry.kind) }] : [];

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
    <AdminListTab
      label={info.tabLabel}
      intro={
        <Text size="sm" c="dimmed">
          {info.purpose}
        </Text>
      }
      rows={rows}
      loading={list.isLoading}
      emptyText={info.emptyText}
      idOf={(entry) => entry.id}
      renderId={(entry) => (
        <>
          {entry.id}
          {entry.id.endsWith('*') && entry.id !== 'SAP*' && (
            <Badge ml="xs" size="xs" variant="light" title="Matches every ID that starts with the rest">
              prefix
            </Badge>
          )}
        </>
      )}
      columns={columns}
      search={search}
      onSearch={setSearch}
      filter={
        info.kinds.length > 0
          ? { label: 'Kind', ariaLabel: `Kind filter for ${info.tabLabel}`, data: [{ value: '', label: 'All kinds' }, ...info.kinds], value: kind, onChange: setKind }
          : undefined
      }
      actions={
        <>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()}>
            Export CSV
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImportOpen(true)}>
            Import CSV/XLSX
          </Button>
        </>
      }
      addLabel={info.addLabel}
      onAdd={() => setEditing({})}
      onEdit={(entry) => setEditing({ entry })}
      remove={{
        run: (id) => remove.mutateAsync(id),
        busy: remove.isPending,
        confirmText: (id) => `Are you sure you want to remove ${id} from ${info.listName}?`,
        removedText: (id) => `${id} removed`,
        failedText: 'Failed to delete the entry',
      }}
      pagingKey={`${search}|${kind}`}
    >
      <WatchlistEntryModal info={info} opened={editing !== null} entry={editing?.entry} onClose={() => setEditing(null)} />
      <WatchlistImportModal info={info} opened={importOpen} onClose={() => setImportOpen(false)} />
    </AdminListTab>
  );
}
