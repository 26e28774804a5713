import { useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import type { RegistrationComparison } from '@circuit/shared/api/admin-audit';
import { API_URL, httpClient } from '../api';

/** The registration's state replayed at `at` (ISO) beside today's read model; null `at`: nothing asked yet. */
export function useReplayAt(registrationId: string | undefined, at: string | null) {
  const [result, setResult] = useState<{ comparison: RegistrationComparison | null; error: string | null; loading: boolean }>({ comparison: null, error: null, loading: false });
  useEffect(() => {
    if (!registrationId || !at) return;
    let live = true;
    setResult((r) => ({ ...r, loading: true, error: null }));
    httpClient(`${API_URL}/admin/audit/registrations/${encodeURIComponent(registrationId)}/state?at=${encodeURIComponent(at)}`)
      .then(({ json }) => live && setResult({ comparison: json as RegistrationComparison, error: null, loading: false }))
      .catch((error: unknown) => live && setResult({ comparison: null, error: error instanceof HttpError || error instanceof Error ? error.message : 'Could not replay', loading: false }));
    return () => {
      live = false;
    };
  }, [registrationId, at]);
  return result;
}
