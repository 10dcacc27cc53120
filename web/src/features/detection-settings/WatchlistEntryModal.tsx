/** Add/Edit dialog of a watchlist entry: ID (locked when editing), kind where the list has kinds, description. */
import { useCallback } from 'react';
import { Select, TextInput } from '@mantine/core';
import { ListItemDialog } from '../risk-management/ListItemDialog.tsx';
import { useListItemForm } from '../risk-management/use-list-item-form.ts';
import { useSaveWatchlistEntry } from './watchlist-api.ts';
import { validateWatchlistId, type WatchlistEntry, type WatchlistInfo } from './watchlist-kinds.ts';

interface Props {
  info: WatchlistInfo;
  opened: boolean;
  /** The entry being edited; absent when adding. */
  entry?: WatchlistEntry;
  onClose: () => void;
}

interface Form {
  id: string;
  kind: string;
  description: string;
}

const initialForm = (info: WatchlistInfo, entry?: WatchlistEntry): Form => ({
  id: entry?.id ?? '',
  kind: entry?.kind ?? info.kinds[0]?.value ?? '',
  description: entry?.description ?? '',
});

export function WatchlistEntryModal({ info, opened, entry, onClose }: Props) {
  const editing = Boolean(entry);
  const save = useSaveWatchlistEntry(info.name);
  // The ID of an existing entry cannot change, so only a new one is checked.
  const validate = useCallback((f: Form) => ({ id: editing ? undefined : validateWatchlistId(info, f.id) }), [editing, info]);
  const { form, errors, update, submit } = useListItemForm<Form>({
    opened,
    initial: () => initialForm(info, entry),
    validate,
    save: (f) =>
      save.mutateAsync({ mode: editing ? 'edit' : 'add', id: f.id.trim().toUpperCase(), kind: info.kinds.length ? f.kind : undefined, description: f.description.trim() }),
    savedText: (f) => `${f.id.trim().toUpperCase()} ${editing ? 'updated' : 'added'}`,
    failedText: 'Failed to save the entry',
    onClose,
  });

  return (
    <ListItemDialog opened={opened} onClose={onClose} editing={editing} itemLabel={info.idLabel} busy={save.isPending} onSubmit={() => void submit()}>
      <TextInput
        label={info.idLabel}
        value={form.id}
        disabled={editing}
        readOnly={editing}
        description={editing ? 'The ID cannot be changed' : 'End with * to match every ID that starts with the rest'}
        maxLength={info.maxIdLength + 1}
        error={errors.id}
        data-autofocus
        onChange={(e) => update({ id: e.currentTarget.value.toUpperCase() })}
      />
      {info.kinds.length > 0 && (
        <Select label="Kind" data={info.kinds} value={form.kind} allowDeselect={false} onChange={(value) => value && update({ kind: value })} />
      )}
      <TextInput label="Description" value={form.description} maxLength={255} onChange={(e) => update({ description: e.currentTarget.value })} />
    </ListItemDialog>
  );
}
