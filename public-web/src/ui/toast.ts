import { useSyncExternalStore } from 'react';

/** Toast durations of the spec (section 9): default 4 s, success 3 s, error 5 s. */
export const TOAST_DURATION = { default: 4000, success: 3000, error: 5000 } as const;

/*
 * The toast library loads with the first toast, not with every page: most visits never show one, and it
 * was 8 KB of every page's first script (gzipped). Toasts asked for while it loads still show: its toaster
 * replays those already made when it mounts (ToastHost in app/providers).
 */
let library: Promise<typeof import('sonner')> | undefined;
const hostListeners = new Set<() => void>();

/** The toast library, loaded once; from the first call on, ToastHost mounts its toaster. */
export function sonner() {
  if (!library) {
    library = import('sonner');
    for (const listener of hostListeners) listener();
  }
  return library;
}

function subscribe(listener: () => void) {
  hostListeners.add(listener);
  return () => void hostListeners.delete(listener);
}

/** Whether the toaster is wanted yet: true from the first toast on (ToastHost mounts it then). */
export const useToasterWanted = (): boolean => useSyncExternalStore(subscribe, () => library !== undefined, () => false);

/** `id`: a burst of toasts with the same id shows as one; `duration` replaces the kind's own. */
interface ToastOptions {
  id?: string;
  duration?: number;
}

type Toast = Awaited<ReturnType<typeof sonner>>['toast'];

/** Without the library (it failed to load) there is no toast, and nothing else fails. */
const show = (draw: (toast: Toast) => unknown) => void sonner().then(({ toast }) => draw(toast), () => undefined);

export const notify = {
  info: (message: string, options?: ToastOptions) => show((toast) => toast(message, { duration: TOAST_DURATION.default, ...options })),
  success: (message: string, options?: ToastOptions) => show((toast) => toast.success(message, { duration: TOAST_DURATION.success, ...options })),
  error: (message: string, options?: ToastOptions) => show((toast) => toast.error(message, { duration: TOAST_DURATION.error, ...options })),
};
