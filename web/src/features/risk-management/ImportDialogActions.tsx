import { Button, Group } from '@mantine/core';

/** Close and Import buttons at the foot of an import dialog. */
export function ImportDialogActions({ busy, onClose, onImport, label = 'Import' }: { busy: boolean; onClose: () => void; onImport: () => void; label?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
      <Button onClick={onImport} loading={busy}>
        {label}
      </Button>
    </Group>
  );
}
