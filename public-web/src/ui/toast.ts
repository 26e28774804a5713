import { useSyncExternalStore } from 'react';

/** Toast durations of the spec (section 9): default 4 s, success 3 s, error 5 s. */
export const TOAST_DURATION = { default: 4000, success: 3000, error: 5000 } as const;

/*
 * The toast library loads with the first toast, not with every page: most visits never show one, and it
 * was a tenth of the first load's script. Toasts asked for while it loads still show: its toaster replays
 * those already made when it mounts (see ToastHost).
 */
let library: Promise<typeof import('sonner')> | undefined;
const hostListeners = new Set<() => void>();

function sonner() {
  if (!library) {
    library = import('sonner');
    for (const listener of hostListeners) listener();
  }
  return library;
}

/** Whether the toaster is wanted yet: true from the first toast on (ToastHost mounts it then). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => library !== undefined,
  );
}

/** `id`: a burst of toasts with the same id shows as one; `duration` replaces the kind's own. */
interface ToastOptions {
  id?: string;
  duration?: number;
}

export const notify = {
  info: (message: string, options?: ToastOptions) => void sonner().then(({ toast }) => toast(message, { duration: TOAST_DURATION.default, ...options })),
  success: (message: string, options?: ToastOptions) => void sonner().then(({ toast }) => toast.success(message, { duration: TOAST_DURATION.success, ...options })),
  error: (message: string, options?: ToastOptions) => void sonner().then(({ toast }) => toast.error(message, { duration: TOAST_DURATION.error, ...options })),
};
