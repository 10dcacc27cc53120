import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { FileRejection } from '@mantine/dropzone';
import { notify } from '../../lib/notify.ts';
import { rejectionMessages, type UploadMode } from './file-rules.ts';

/** One error toast per rejected file, each with a Learn more action to the file requirements. */
export function useRejectionToasts(mode: UploadMode) {
  const navigate = useNavigate();
  return useCallback(
    (rejections: FileRejection[]) => {
      for (const message of rejectionMessages(rejections, mode)) {
        notify.error(message, {
          actions: [{ label: 'Learn more', onClick: () => void navigate({ to: '/help', hash: 'file-requirements' }) }],
        });
      }
    },
    [mode, navigate],
  );
}
