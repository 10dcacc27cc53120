import { modals } from '@mantine/modals';

/** A confirmation dialog (focus is trapped and returned by Mantine's modal); resolves true on confirm. */
export function confirmAction(message: string, { title = 'Please confirm', confirmLabel = 'Delete', danger = true } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
