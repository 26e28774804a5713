import { useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import { httpClient } from '../api';

/** One read of the audit API (a replay at a moment); null `url`: nothing asked yet. A newer ask wins over a slower older one. */
export function useAuditRead<T>(url: string | null, failure: string) {
  const [result, setResult] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: false });
  useEffect(() => {
    if (!url) return;
    let live = true;
    setResult((r) => ({ ...r, loading: true, error: null }));
    httpClient(url)
      .then(({ json }) => live && setResult({ data: json as T, error: null, loading: false }))
      .catch((error: unknown) => live && setResult({ data: null, error: error instanceof HttpError || error instanceof Error ? error.message : failure, loading: false }));
    return () => {
      live = false;
    };
  }, [url, failure]);
  return result;
}
