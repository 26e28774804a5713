import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../ui/Spinner';
import { useAuth } from './AuthContext';
import { useLoginHere } from './returnTo';

/** A signed-in-only screen: signed-out visitors go to sign-in and come back here afterwards. */
export function RequireAuth({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { state } = useAuth();
  const login = useLoginHere();
  if (state.status === 'loading') return <>{fallback ?? <PageSpinner />}</>;
  if (state.status === 'unauthenticated') return <Navigate to={login} replace />;
  return <>{children}</>;
}
