import { useEffect, useState } from 'react';
import type { ImportResult } from './risk-api.ts';

/**
 * State shared by the import dialogs: the chosen file, its validation message and the last
 * result, all cleared each time the dialog opens.
 */
export function useImportDialog(opened: boolean, checkFile: (file: File | null) => string | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportResult | undefined>();

  useEffect(() => {
    if (opened) {
      setFile(null);
      setError(undefined);
      setResult(undefined);
    }
  }, [opened]);

  return {
    file,
    error,
    result,
    chooseFile(next: File | null) {
      setFile(next);
      setError(undefined);
    },
    /** The file when it can be imported; otherwise shows why and returns undefined. */
    validFile(): File | undefined {
      const problem = checkFile(file);
      setError(problem);
      return problem || !file ? undefined : file;
    },
    /** Records what the server answered, tolerating missing fields. */
    showResult(answer: Partial<ImportResult> | undefined): ImportResult {
      const outcome = { imported: answer?.imported ?? 0, errors: answer?.errors ?? [], warnings: answer?.warnings ?? [] };
      setResult(outcome);
      return outcome;
    },
    clearResult: () => setResult(undefined),
  };
}
