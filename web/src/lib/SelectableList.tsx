import type { ReactNode } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';

/** Refresh, Select All, Deselect All and Delete Selected (spec: File Manager, Analysis History), plus extra buttons. */
export function SelectionToolbar(props: {
  onRefresh: () => void;
  refreshing: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  hasItems: boolean;
  selectedCount: number;
  onDeleteSelected: () => void;
  deleteLabel: string;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <Group>
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={props.onRefresh} loading={props.refreshing}>
        Refresh
      </Button>
      <Button variant="default" onClick={props.onSelectAll} disabled={!props.hasItems}>
        Select All
      </Button>
      <Button variant="default" onClick={props.onDeselectAll} disabled={props.selectedCount === 0}>
        Deselect All
      </Button>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={props.onDeleteSelected} disabled={props.busy}>
        {props.deleteLabel}
      </Button>
      {props.children}
    </Group>
  );
}

/**
 * The list's card: skeleton rows while loading, the empty text, or the table. Nothing when the
 * list failed to load: the error says so, and an empty state beside it would claim there is no data.
 */
export function ListCard({ pending, empty, emptyText, failed = false, children }: { pending: boolean; empty: boolean; emptyText: string; failed?: boolean; children: ReactNode }) {
  if (failed) return null;
  return (
    <Card withBorder padding={0}>
      {pending ? (
        <Stack p="md">
          <Skeleton h={32} />
          <Skeleton h={32} />
        </Stack>
      ) : empty ? (
        <Text p="md" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
