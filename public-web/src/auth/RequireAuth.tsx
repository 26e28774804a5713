import { useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../ui/Spinner';
import { useAuth } from './AuthContext';
import { useLoginHere } from './returnTo';

/**
 * A signed-in-only screen: signed-out visitors go to sign-in and come back here afterwards. Signing out
 * while on it (here or in another tab) goes home, as sign-out does everywhere, not to sign-in.
 */
export function RequireAuth({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { state } = useAuth();
  const login = useLoginHere();
  const wasSignedIn = useRef(false);
  if (state.status === 'authenticated') wasSignedIn.current = true;
  if (state.status === 'loading') return <>{fallback ?? <PageSpinner />}</>;
  if (state.status === 'unauthenticated') return <Navigate to={wasSignedIn.current ? '/' : login} replace />;
  return <>{children}</>;
}
