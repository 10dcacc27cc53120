/** One administrators' list (tables or transaction codes): search, filter, table, add/edit/delete. */
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconFilter, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../lib/notify.ts';
import { usePaging } from '../../lib/use-paging.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDate, personLabel } from './format.ts';
import { categoriesQuery, riskListQuery, useDeleteRiskItem } from './risk-api.ts';
import { RISK_TOAST, removeConfirmText, riskItemId, type RiskItem, type RiskKindInfo } from './risk-kinds.ts';
import { RiskItemModal } from './RiskItemModal.tsx';
import { filterRiskItems } from './search-rule.ts';

export function RiskListTab({ info }: { info: RiskKindInfo }) {
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState({ search: '', category: '' });
  const [editing, setEditing] = useState<{ item?: RiskItem } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = useQuery(riskListQuery(info.kind, applied.search, applied.category));
  const categories = useQuery(categoriesQuery);
  const remove = useDeleteRiskItem(info);

  useEffect(() => {
    if (list.isError) notify.error(info.loadFailed, RISK_TOAST);
  }, [list.isError, info.loadFailed]);

  // The server filters by the applied search; typing narrows the shown rows at once by the same rule.
  const rows = filterRiskItems(info, list.data ?? [], typed, applied.category);
  const paging = usePaging(rows, `${typed}|${applied.search}|${applied.category}`);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notify.success(info.removed, RISK_TOAST);
    } catch {
      notify.error(info.deleteFailed, RISK_TOAST);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search by ID or description"
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setApplied((a) => ({ ...a, search: typed.trim() }));
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label="Category"
          aria-label={`Category filter for ${info.tabLabel}`}
          data={[{ value: '', label: 'All Categories' }, ...(categories.data ?? []).map((c) => ({ value: c, label: c }))]}
          value={applied.category}
          allowDeselect={false}
          onChange={(value) => setApplied((a) => ({ ...a, category: value ?? '' }))}
          w={220}
        />
        <Button variant="default" leftSection={<IconFilter size={16} />} onClick={() => setApplied((a) => ({ ...a, search: typed.trim() }))}>
          Filter
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
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover aria-label={info.tabLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Added By</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Last Modified</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paging.pageItems.map((item) => {
                const id = riskItemId(info, item);
                return (
                  <Table.Tr key={id} data-item-id={id}>
                    <Table.Td ff="monospace">{id}</Table.Td>
                    <Table.Td>{item.category}</Table.Td>
                    <Table.Td>{item.description || '-'}</Table.Td>
                    <Table.Td title={item.addedBy} style={{ overflowWrap: 'anywhere' }}>
                      {personLabel(item.addedByEmail, item.addedBy)}
                    </Table.Td>
                    <Table.Td>{formatDate(item.lastModified)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Edit ${id}`} title="Edit" onClick={() => setEditing({ item })}>
                          <IconEdit size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${id}`} title="Delete" onClick={() => setDeleting(id)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {paging.pages > 1 && (
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed" data-testid="risk-list-range">
                Showing {paging.range}
              </Text>
              <Pagination total={paging.pages} value={paging.page} onChange={paging.setPage} size="sm" aria-label={`${info.tabLabel} pages`} />
            </Group>
          )}
        </Table.ScrollContainer>
      )}

      <RiskItemModal
        info={info}
        opened={editing !== null}
        item={editing?.item}
        categories={categories.data ?? []}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Confirm removal"
        message={deleting ? removeConfirmText(info, deleting) : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
