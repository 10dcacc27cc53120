/**
 * Toasts (spec: success, error, warning, info; optional actions; close button; auto-dismiss,
 * 5000 ms by default; only b/i/em/strong/code markup survives).
 *
 * @example notify.error(`${file.name}: ${message}`, { persistent: true, actions: [{ label: 'Retry', onClick: retry }] });
 */
import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { ToastBody } from './ToastBody.tsx';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** Auto-dismiss after this many ms (default 5000). */
  duration?: number;
  actions?: ToastAction[];
  /** Stays until closed (e.g. upload failures offering Retry/Remove). */
  persistent?: boolean;
  title?: string;
  /** Reuse an id to replace an earlier toast. */
  id?: string;
}

export const DEFAULT_TOAST_MS = 5000;
/** Leave animation of a toast (spec section 9). */
export const TOAST_LEAVE_MS = 300;

const COLOR: Record<ToastType, string> = { success: 'green', error: 'red', warning: 'yellow', info: 'blue' };
const TITLE: Record<ToastType, string> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Info' };

let counter = 0;

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const actions = options.actions?.map((a) => ({
    label: a.label,
    onClick: () => {
      notifications.hide(id);
      a.onClick();
    },
  }));
  notifications.show({
    id,
    color: COLOR[type],
    title: options.title ?? TITLE[type],
    message: createElement(ToastBody, { message, actions, color: COLOR[type] }),
    autoClose: options.persistent ? false : (options.duration ?? DEFAULT_TOAST_MS),
    withCloseButton: true,
    // Screen readers need a name for the icon-only close button.
    closeButtonProps: { 'aria-label': 'Close notification' },
    role: type === 'error' ? 'alert' : 'status',
    'data-toast-type': type,
  } as Parameters<typeof notifications.show>[0]);
  return id;
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  hide: (id: string) => notifications.hide(id),
};
