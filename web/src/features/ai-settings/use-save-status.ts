import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** How long 'Saved' stays visible (spec section 9). */
export const SAVED_INDICATOR_MS = 3000;

export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving...',
  saved: 'Saved',
  failed: 'Save failed',
};

/**
 * Runs a save and tracks its indicator: 'Saving...', then 'Saved' (cleared after 3 s) or
 * 'Save failed' (kept until the next attempt).
 */
export function useSaveStatus(save: () => Promise<unknown>) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    setStatus('saving');
    try {
      await save();
      setStatus('saved');
      timer.current = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS);
      return true;
    } catch (err) {
      console.error('Failed to save AI settings', err);
      setStatus('failed');
      return false;
    }
  }, [save]);

  return { status, text: SAVE_STATUS_TEXT[status], run };
}
