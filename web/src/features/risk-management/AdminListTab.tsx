/**
 * The screen every administrators' list shares (high-risk tables and tcodes, the detection
 * watchlists): search, an optional filter, the list's own buttons, a paged table with ID, the
 * list's columns, Description, Added By (by e-mail), Last Modified and edit/delete, and the
 * confirmation before a delete. Each list brings its data, its columns and its texts.
 */
import { type ReactNode, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { PagingFooter } from '../../lib/PagingFooter.tsx';
import { usePaging } from '../../lib/use-paging.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDate, personLabel } from './format.ts';
import { RISK_TOAST } from './risk-kinds.ts';

/** What every list's row carries besides its own columns. */
export interface AdminListRow {
  description: string;
  addedBy: string;
  /** The e-mail behind `addedBy`, when the server knows it. */
  addedByEmail?: string;
  lastModified: string;
}

/** A column between ID and Description (Category, Kind). */
export interface AdminListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface AdminListFilter {
  label: string;
  ariaLabel: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

export interface AdminListRemoval {
  run: (id: string) => Promise<unknown>;
  busy: boolean;
  confirmText: (id: string) => string;
  removedText: (id: string) => string;
  failedText: string;
}

interface AdminListTabProps<T extends AdminListRow> {
  /** Names the table (and its pages). */
  label: string;
  /** Shown above the search (what the list is for). */
  intro?: ReactNode;
  rows: T[];
  loading: boolean;
  emptyText: string;
  idOf: (row: T) => string;
  /** The ID cell's content; the ID itself unless given. */
  renderId?: (row: T) => ReactNode;
  columns: AdminListColumn<T>[];
  /** The typed search; the list filters `rows` by it before they come here. */
  search: string;
  onSearch: (typed: string) => void;
  /** Enter in the search box (the server-side search, where the list has one). */
  onSearchEnter?: () => void;
  filter?: AdminListFilter;
  /** The list's own buttons, before Add. */
  actions?: ReactNode;
  addLabel: string;
  onAdd: () => void;
  onEdit: (row: T) => void;
  remove: AdminListRemoval;
  /** A new value (the filter) starts the paging again at page 1. */
  pagingKey: string;
  /** The list's dialogs. */
  children?: ReactNode;
}

export function AdminListTab<T extends AdminListRow>(props: AdminListTabProps<T>) {
  const { label, rows, idOf, remove } = props;
  const [deleting, setDeleting] = useState<string | null>(null);
  const paging = usePaging(rows, props.pagingKey);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.run(deleting);
      notify.success(remove.removedText(deleting), RISK_TOAST);
    } catch {
      notify.error(remove.failedText, RISK_TOAST);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack>
      {props.intro}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search by ID or description"
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') props.onSearchEnter?.();
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        {props.filter && (
          <Select
            label={props.filter.label}
            aria-label={props.filter.ariaLabel}
            data={props.filter.data}
            value={props.filter.value}
            allowDeselect={false}
            onChange={(value) => props.filter?.onChange(value ?? '')}
            w={220}
          />
        )}
        {props.actions}
        <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </Group>

      {props.loading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          {props.emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': `${label}, scrollable` } }}>
          <Table striped highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                {props.columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
                <Table.Th>Description</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Added By</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Last Modified</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paging.pageItems.map((row) => {
                const id = idOf(row);
                return (
                  <Table.Tr key={id} data-item-id={id}>
                    <Table.Td ff="monospace">{props.renderId ? props.renderId(row) : id}</Table.Td>
                    {props.columns.map((c) => (
                      <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                    ))}
                    <Table.Td>{row.description || '-'}</Table.Td>
                    <Table.Td title={row.addedBy} style={{ overflowWrap: 'anywhere' }}>
                      {personLabel(row.addedByEmail, row.addedBy)}
                    </Table.Td>
                    <Table.Td>{formatDate(row.lastModified)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Edit ${id}`} title="Edit" onClick={() => props.onEdit(row)}>
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
          <PagingFooter paging={paging} label={`${label} pages`} rangeTestId="risk-list-range" withGap />
        </Table.ScrollContainer>
      )}

      {props.children}
      <ConfirmDialog
        opened={deleting !== null}
        title="Confirm removal"
        message={deleting ? remove.confirmText(deleting) : ''}
        confirmLabel="Remove"
        busy={remove.busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
