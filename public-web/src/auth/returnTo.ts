import { useLocation, useSearchParams } from 'react-router-dom';
import { AFTER_SIGN_IN, safeReturnTo } from '@circuit/shared/navigation/return-to';

/** The sign-in (or sign-up) address that comes back to `returnTo` afterwards, when that is a page of this site. */
export function authPath(screen: '/login' | '/signup', returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${screen}?returnTo=${encodeURIComponent(safe)}` : screen;
}

/** The sign-in address that comes back to the page showing it. */
export function useLoginHere(): string {
  const { pathname, search, hash } = useLocation();
  return authPath('/login', `${pathname}${search}${hash}`);
}

/** Where this sign-in screen sends the user when done: the validated `returnTo`, else the dashboard. */
export function useReturnTo(): { target: string; returnTo: string | null } {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  return { target: returnTo ?? AFTER_SIGN_IN, returnTo };
}
