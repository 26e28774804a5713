import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { authApi, oauthStartUrl } from './authApi';

type Provider = 'google' | 'github';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
    </svg>
  );
}

function GitHubIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4 fill-slate-900" aria-hidden="true">
      <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.05-.71.08-.7.08-.7 1.15.08 1.76 1.19 1.76 1.19 1.03 1.76 2.7 1.25 3.36.96.1-.75.4-1.25.73-1.54-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.18-3.09-.12-.29-.51-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.18 1.83 1.18 3.09 0 4.41-2.69 5.38-5.25 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5z" />
    </svg>
  );
}

const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', github: 'GitHub' };

/** A visible reason for greyed-out buttons (a tooltip alone reaches neither touch screens nor keyboards). */
function unavailableNote(missing: readonly Provider[]): string {
  if (missing.length === 0) return '';
  const names = missing.map((p) => PROVIDER_NAMES[p]).join(' and ');
  return `${names} sign-in ${missing.length === 1 ? 'is' : 'are'} not set up here.`;
}

/**
 * Google and GitHub sign-in: a full-page navigation to the server's OAuth start address.
 * A provider the server has no credentials for is shown disabled.
 */
export function SocialButtons({ label = 'Or continue with', returnTo = null }: { label?: string; returnTo?: string | null }) {
  const [redirecting, setRedirecting] = useState<Provider | null>(null);
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: authApi.providers,
    staleTime: 5 * 60_000,
  });
  // Until the server has said otherwise (or when it cannot say), a provider counts as not configured.
  const configured = (provider: Provider) => providers.data?.[provider] === true;

  // Coming back with the browser's Back button may restore this page from the back/forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = (provider: Provider) => {
    setRedirecting(provider);
    window.location.assign(oauthStartUrl(provider, returnTo));
  };

  const button = (provider: Provider, name: string, icon: ReactNode) => (
    <Button
      variant="secondary"
      fullWidth
      icon={icon}
      loading={redirecting === provider}
      disabled={!configured(provider) || redirecting !== null}
      onClick={() => start(provider)}
    >
      {name}
    </Button>
  );

  return (
    <div className="mt-6">
      <div className="relative" aria-hidden="true">
        <div className="absolute inset-0 flex items-center">
          <div className="w-full border-t border-slate-200" />
        </div>
        <div className="relative flex justify-center text-xs">
          <span className="bg-white px-3 text-slate-500">{label}</span>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {button('google', 'Google', <GoogleIcon />)}
        {button('github', 'GitHub', <GitHubIcon />)}
      </div>
      {/* One line kept free for either note, so nothing below moves when the providers' answer arrives. */}
      <p role="status" className="mt-3 min-h-5 text-center text-sm text-slate-600">
        {redirecting ? 'Redirecting...' : unavailableNote(providers.isSuccess || providers.isError ? (['google', 'github'] as const).filter((p) => !configured(p)) : [])}
      </p>
    </div>
  );
}
