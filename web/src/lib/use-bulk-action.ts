import { useCallback, useState } from 'react';
import { errorMessage } from '../api/api-error.ts';

/** Runs one user action at a time, keeping `busy` and the error text to show (spec 8 fallbacks). */
export function useBulkAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
