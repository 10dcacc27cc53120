import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

interface ListItemDialogProps {
  opened: boolean;
  onClose: () => void;
  editing: boolean;
  /** What the list holds, e.g. 'Table' or 'User': the title is 'Add Table' or 'Edit Table'. */
  itemLabel: string;
  busy: boolean;
  onSubmit: () => void;
  /** The fields. */
  children: ReactNode;
}

/** The frame of an administrators' list's add/edit dialog: title, a form without browser validation, Cancel and Add (or Save). */
export function ListItemDialog({ opened, onClose, editing, itemLabel, busy, onSubmit, children }: ListItemDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`${editing ? 'Edit' : 'Add'} ${itemLabel}`} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
