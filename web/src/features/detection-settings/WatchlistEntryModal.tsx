/** Add/Edit dialog of a watchlist entry: ID (locked when editing), kind where the list has kinds, description. */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '../../api/api-error.ts';
import { notify } from '../../lib/notify.ts';
import { RISK_TOAST } from '../risk-management/risk-kinds.ts';
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
  const [form, setForm] = useState<Form>(() => initialForm(info, entry));
  const [idError, setIdError] = useState<string | undefined>();
  const save = useSaveWatchlistEntry(info.name);

  useEffect(() => {
    if (opened) {
      setForm(initialForm(info, entry));
      setIdError(undefined);
    }
  }, [opened, info, entry]);

  const submit = async () => {
    const problem = editing ? undefined : validateWatchlistId(info, form.id);
    setIdError(problem);
    if (problem) return;
    const id = form.id.trim().toUpperCase();
    try {
      await save.mutateAsync({ mode: editing ? 'edit' : 'add', id, kind: info.kinds.length ? form.kind : undefined, description: form.description.trim() });
      notify.success(`${id} ${editing ? 'updated' : 'added'}`, RISK_TOAST);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to save the entry'), RISK_TOAST);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`${editing ? 'Edit' : 'Add'} ${info.idLabel}`} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={info.idLabel}
            value={form.id}
            disabled={editing}
            readOnly={editing}
            description={editing ? 'The ID cannot be changed' : 'End with * to match every ID that starts with the rest'}
            maxLength={info.maxIdLength + 1}
            error={idError}
            data-autofocus
            onChange={(e) => {
              const id = e.currentTarget.value.toUpperCase();
              setForm((f) => ({ ...f, id }));
            }}
          />
          {info.kinds.length > 0 && (
            <Select
              label="Kind"
              data={info.kinds}
              value={form.kind}
              allowDeselect={false}
              onChange={(value) => value && setForm((f) => ({ ...f, kind: value }))}
            />
          )}
          <TextInput
            label="Description"
            value={form.description}
            maxLength={255}
            onChange={(e) => {
              const description = e.currentTarget.value;
              setForm((f) => ({ ...f, description }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
