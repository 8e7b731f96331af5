import { useSyncExternalStore } from 'react';
import { isApiError } from './api-client';
import { i18n } from './i18n/i18n';

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';
export interface ToastOptions {
  variant?: ToastVariant;
}
type Show = (message: string, options?: ToastOptions) => void;

/**
 * Toasts without notistack in the first load: `app/toaster.tsx` (notistack) is its own chunk,
 * mounted by `ToastHost` once the browser is idle after the first load or at the first toast,
 * whichever comes first. Toasts asked for before it is in wait here, in order.
 */
let show: Show | undefined;
const waiting: [string, ToastOptions | undefined][] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast (top right, newest on top, 5 s). */
export function showToast(message: string, options?: ToastOptions): void {
  if (show) {
    show(message, options);
    return;
  }
  waiting.push([message, options]);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** Whether a toast was asked for before the toaster was in. */
export function useToastWanted(): boolean {
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
}

/** The toaster, once mounted, shows the waiting toasts and every later one. */
export function attachToaster(next: Show): () => void {
  show = next;
  for (const [message, options] of waiting.splice(0)) next(message, options);
  return () => {
    if (show === next) show = undefined;
  };
}

/** The common error notice: the server's message, or a plain one for anything else. */
export function showErrorToast(error: unknown): void {
  const message = isApiError(error) ? error.message : i18n.t('errors.unknown');
  showToast(message, { variant: 'error' });
}

export function showSuccessToast(message: string): void {
  showToast(message, { variant: 'success' });
}
