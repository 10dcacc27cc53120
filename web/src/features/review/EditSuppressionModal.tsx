import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { updateSuppression, type Suppression } from './review-api.ts';

/** Reason, scope (object, terminal) and expiry of one suppression. */
export function EditSuppressionModal({ suppression: s, onClose, onSaved }: { suppression: Suppression; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState(s.reason);
  const [object, setObject] = useState(s.object ?? '');
  const [terminal, setTerminal] = useState(s.terminal ?? '');
  const [expiresAt, setExpiresAt] = useState(s.expiresAt.slice(0, 10));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await updateSuppression(s.suppressionId, { reason: reason.trim(), object: object.trim() || null, terminal: terminal.trim() || null, expiresAt });
      onSaved();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the suppression'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} centered title={`Edit suppression: ${s.rule} for ${s.user}`} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="sm">
        <Textarea label="Reason" required rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <TextInput label="Object (empty: any object)" maxLength={200} value={object} onChange={(e) => setObject(e.currentTarget.value)} />
        <TextInput label="Terminal (empty: any terminal)" maxLength={80} value={terminal} onChange={(e) => setTerminal(e.currentTarget.value)} />
        <TextInput type="date" label="Expires on" required value={expiresAt} onChange={(e) => setExpiresAt(e.currentTarget.value)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy} disabled={reason.trim() === '' || expiresAt === ''}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
