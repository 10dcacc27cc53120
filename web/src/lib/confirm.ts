/**
 * Imperative confirmations (`if (await confirmAction('Delete?'))`). The dialog itself lives in
 * <ConfirmHost/> and loads lazily, which keeps @mantine/modals' weight off the first screen.
 */
export interface ConfirmRequest {
  message: string;
  title: string;
  confirmLabel: string;
  danger: boolean;
  resolve: (ok: boolean) => void;
}

let host: ((request: ConfirmRequest) => void) | null = null;

/** Called by <ConfirmHost/>; returns the unregister function. */
export function registerConfirmHost(show: (request: ConfirmRequest) => void): () => void {
  host = show;
  return () => {
    if (host === show) host = null;
  };
}

/** Resolves true when the user confirms, false on cancel or close. */
export function confirmAction(message: string, { title = 'Please confirm', confirmLabel = 'Delete', danger = true } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    if (!host) {
      resolve(window.confirm(message));
      return;
    }
    host({ message, title, confirmLabel, danger, resolve });
  });
}
