import clsx from 'clsx';
import { lazy, startTransition, Suspense, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAuth } from './AuthContext';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import { OtpLoginForm } from './OtpLoginForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { authPath, useReturnTo } from './returnTo';
import { SocialButtons } from './SocialButtons';
import { useOAuthErrorToast, type UnverifiedAccount } from './useSignIn';

type Mode = 'password' | 'otp';

// Needed only after a sign-in refused for an unverified e-mail, so the page's first load does not carry it.
const UnverifiedAccountStep = lazy(async () => ({ default: (await import('./UnverifiedAccountStep')).UnverifiedAccountStep }));

/** /login: password and one-time-code sign-in (spec section 2, "Sign-in"). */
export function LoginPage() {
  const { state } = useAuth();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('password');
  // Set when a sign-in was refused because the e-mail is not verified yet and the code step is open.
  const [verifying, setVerifying] = useState<UnverifiedAccount | null>(null);
  const prefill = (location.state as { identifier?: string } | null)?.identifier ?? '';
  const { target, returnTo } = useReturnTo();
  useOAuthErrorToast();

  // Signed in (after a login here, or opened while signed in): back where sign-in started, else the dashboard.
  // While the session is still being checked the form shows, as the server renders it: the rare visitor who
  // turns out to be signed in is sent on, and everyone else can start typing at once.
  if (state.status === 'authenticated') return <Navigate to={target} replace />;

  // One boundary around both steps: the switch to the code step is a transition, so the form stays on screen
  // until that step's code is in.
  return (
    <Suspense fallback={null}>
      {verifying ? (
        <UnverifiedAccountStep {...verifying} onBack={() => setVerifying(null)} />
      ) : (
        <AuthLayout
          title="Sign in to your account"
          subtitle={
            <>
              Or{' '}
              <Link to={authPath('/signup', returnTo)} className={textLinkClasses}>
                create a new account
              </Link>
            </>
          }
        >
          <SignInMethodSwitch mode={mode} onChange={setMode} />

          {mode === 'password' ? (
            <PasswordLoginForm
              initialIdentifier={prefill}
              onUnverified={(account) => startTransition(() => setVerifying(account))}
            />
          ) : (
            <OtpLoginForm initialEmail={prefill.includes('@') ? prefill : ''} />
          )}

          <SocialButtons returnTo={returnTo} />
        </AuthLayout>
      )}
    </Suspense>
  );
}

/** The two sign-in methods as a pair of pressed/unpressed buttons. */
function SignInMethodSwitch({ mode, onChange }: { mode: Mode; onChange(mode: Mode): void }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Sign-in method">
      {(['password', 'otp'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          className={clsx(
            'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
            mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {m === 'password' ? 'Password' : 'OTP'}
        </button>
      ))}
    </div>
  );
}
