import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { AuthProvider } from '../auth/AuthContext';
import { SocketProvider } from '../realtime/SocketProvider';
import { sonner, TOAST_DURATION, useToasterWanted } from '../ui/toast';
import { useMediaQuery } from '../ui/useMediaQuery';

// Should the library fail to load (a dropped connection), the app goes on without toasts rather than failing.
const Toaster = lazy(() =>
  sonner().then(
    ({ Toaster }): { default: ComponentType<ToasterProps> } => ({ default: Toaster }),
    () => ({ default: (_: ToasterProps): ReactNode => null }),
  ),
);

/** The toaster, from the first toast on (see ui/toast). */
function ToastHost() {
  // On a phone the toasts stay clear of the navigation bar; on wider screens, clear of the centred forms and
  // below the header, so its bell and messages badge stay visible and clickable while a toast shows.
  const wide = useMediaQuery('(min-width: 640px)');
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={wide ? 'top-right' : 'bottom-center'} offset={{ top: 80, right: 16 }} richColors closeButton duration={TOAST_DURATION.default} />
    </Suspense>
  );
}

/** Data cache, authentication state, the realtime connection and toasts, around the whole app. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {/* The realtime connection lives only while signed in, so it sits inside the auth state. */}
        <SocketProvider>{children}</SocketProvider>
      </AuthProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
