/**
 * Where to send a user back after signing in. Only a path on this site qualifies: it starts with one
 * slash (not `//host` or `/\host`, which browsers read as another site), carries no scheme or control
 * characters, and does not lead back into the sign-in screens themselves.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://circuit.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://circuit.invalid') return null;
  if (/^\/(login|signup|forgot-password|reset-password)(\/|$)/.test(parsed.pathname)) return null;
  if (parsed.pathname.startsWith('/api/')) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The default landing page after sign-in (spec 1, "Sign-in"). */
export const AFTER_SIGN_IN = '/dashboard';
