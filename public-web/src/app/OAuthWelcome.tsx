import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '../ui/toast';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', github: 'GitHub', linkedin: 'LinkedIn' };

/**
 * Back from a social sign-in (`?auth=success&provider=...`, on the page it started from or the dashboard):
 * one toast 'Successfully logged in with {provider}!', then the parameters leave the address (spec 3).
 */
export function OAuthWelcome() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const success = params.get('auth') === 'success';
  const provider = params.get('provider');
  useEffect(() => {
    if (!success || shown.current) return;
    shown.current = true;
    notify.success(`Successfully logged in with ${PROVIDER_NAMES[provider ?? ''] ?? 'your account'}!`);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('auth');
        next.delete('provider');
        return next;
      },
      { replace: true },
    );
  }, [success, provider, setParams]);
  return null;
}
