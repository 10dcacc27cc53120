import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { FileRejection } from '@mantine/dropzone';
import { notify } from '../../lib/notify.ts';
import { rejectionMessages, type UploadMode } from './file-rules.ts';

/** One error toast per refused file (by the picker or by its content), each with a Learn more action to the file requirements. */
export function useRefusalToasts() {
  const navigate = useNavigate();
  return useCallback(
    (messages: string[]) => {
      for (const message of messages) {
        notify.error(message, {
          actions: [{ label: 'Learn more', onClick: () => void navigate({ to: '/help', hash: 'file-requirements' }) }],
        });
      }
    },
    [navigate],
  );
}

/** One error toast per file the picker rejected (name or size). */
export function useRejectionToasts(mode: UploadMode) {
  const refuse = useRefusalToasts();
  return useCallback((rejections: FileRejection[]) => refuse(rejectionMessages(rejections, mode)), [mode, refuse]);
}
