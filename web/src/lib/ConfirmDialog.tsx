import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmRequest } from './confirm.ts';

/** The confirmation modal (focus is trapped inside and returned on close by Mantine's Modal). */
export default function ConfirmDialog({ request, onFinish }: { request: ConfirmRequest; onFinish: (ok: boolean) => void }) {
  return (
    <Modal opened onClose={() => onFinish(false)} title={request.title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text size="sm">{request.message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => onFinish(false)}>
          Cancel
        </Button>
        <Button color={request.danger ? 'red.9' : undefined} onClick={() => onFinish(true)} data-autofocus>
          {request.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
