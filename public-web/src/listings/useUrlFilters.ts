import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UrlFilterCodec } from './urlFilters';

/** What the visitor types (the `typed` keys) is applied after a pause; choices apply at once. Both live in the URL. */
export function useUrlFilters<K extends string>(codec: UrlFilterCodec<K>, typed: readonly K[], debounceMs: number) {
  type F = Partial<Record<K, string>>;
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => codec.fromParams(params), [codec, params]);
  const [draft, setDraft] = useState<F>(applied);
  useEffect(() => setDraft(applied), [applied]);
  useEffect(() => {
    if (typed.every((k) => (draft[k] ?? '') === (applied[k] ?? ''))) return;
    const timer = setTimeout(() => setParams(codec.toParams(draft), { replace: true }), debounceMs);
    return () => clearTimeout(timer);
  }, [codec, typed, debounceMs, draft, applied, setParams]);
  const change = (key: K, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (!typed.includes(key)) setParams(codec.toParams(next), { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { applied, draft, change, clear, count: codec.activeCount(applied) };
}
