import { useMutation } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../ui/forms';
import { PasswordField } from '../ui/PasswordField';
import { PageSpinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { isApiError, messageOf } from './apiClient';
import { authApi } from './authApi';
import { causeOf, useAuth } from './AuthContext';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from './constants';
import { SocialButtons } from './SocialButtons';
import type { User } from './types';
import { authPath, useReturnTo } from './returnTo';
import { useCountdown } from './useCountdown';
import { validateLogin, validateLoginOtp, type LoginField } from './validation';
import { VerifyEmailStep } from './VerifyEmailStep';

/** Texts of the OAuth failure toast, by the `error` query parameter (spec section 8). */
const OAUTH_ERRORS: Record<string, string> = {
  google_auth_failed: 'Google authentication failed. Please try again.',
  github_auth_failed: 'GitHub authentication failed. Please try again.',
  linkedin_auth_failed: 'LinkedIn authentication failed. Please try again.',
};
const OAUTH_ERROR_OTHER = 'OAuth authentication failed. Please try again.';

type Mode = 'password' | 'otp';

const welcome = (user: User) => notify.success(user.firstName ? `Welcome back, ${user.firstName}!` : 'Welcome back!');

/** /login: password and one-time-code sign-in (spec section 2, "Sign-in"). */
export function LoginPage() {
  const { state } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('password');
  // Set when a sign-in was refused because the e-mail is not verified yet and the code step is open.
  const [verifying, setVerifying] = useState<{ email: string; identifier: string; password: string } | null>(null);
  const prefill = (location.state as { identifier?: string } | null)?.identifier ?? '';
  const { target, returnTo } = useReturnTo();

  // ?error=... from a failed social sign-in: one error toast, then the parameter is dropped from the address.
  const oauthErrorShown = useRef(false);
  const oauthError = params.get('error');
  useEffect(() => {
    if (!oauthError || oauthErrorShown.current) return;
    oauthErrorShown.current = true;
    notify.error(OAUTH_ERRORS[oauthError] ?? OAUTH_ERROR_OTHER);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [oauthError, setParams]);

  if (state.status === 'loading') return <PageSpinner />;
  // Signed in (after a login here, or opened while signed in): back where sign-in started, else the dashboard.
  if (state.status === 'authenticated') return <Navigate to={target} replace />;

  if (verifying) {
    return (
      <UnverifiedAccountStep
        {...verifying}
        onBack={() => setVerifying(null)}
      />
    );
  }

  return (
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
      <div className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Sign-in method">
        {(['password', 'otp'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
            className={clsx(
              'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {m === 'password' ? 'Password' : 'OTP'}
          </button>
        ))}
      </div>

      {mode === 'password' ? (
        <PasswordLoginForm initialIdentifier={prefill} onUnverified={setVerifying} />
      ) : (
        <OtpLoginForm initialEmail={prefill.includes('@') ? prefill : ''} />
      )}

      <SocialButtons returnTo={returnTo} />
    </AuthLayout>
  );
}

interface UnverifiedInfo {
  email: string | null;
  message: string;
}

/** The e-mail of an account whose sign-in was refused as unverified: from the server, or the identifier itself. */
function unverifiedEmail(error: unknown, identifier: string): string | null {
  const data = isApiError(error) ? error.data : undefined;
  if (data && typeof data === 'object' && 'email' in data && typeof data.email === 'string') return data.email;
  return identifier.includes('@') ? identifier.trim() : null;
}

function PasswordLoginForm({
  initialIdentifier,
  onUnverified,
}: {
  initialIdentifier: string;
  onUnverified(step: { email: string; identifier: string; password: string }): void;
}) {
  const { login } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<UnverifiedInfo | null>(null);

  const signIn = useMutation({
    mutationFn: () => login(identifier, password),
    onSuccess: welcome,
    onError: (err) => {
      const cause = causeOf(err);
      if (isApiError(cause) && cause.status === 403) {
        setUnverified({ email: unverifiedEmail(cause, identifier), message: err.message });
        setServerError(null);
      } else {
        setServerError(err.message);
        setUnverified(null);
      }
    },
  });

  // Sends a fresh code, then opens the code step. A 429 means a code went out less than a minute ago,
  // which is still usable, so the step opens anyway.
  const sendVerification = useMutation({
    mutationFn: (email: string) => authApi.resendOtp(email),
    onSuccess: (_data, email) => {
      notify.success('OTP sent to your email!');
      onUnverified({ email, identifier, password });
    },
    onError: (err, email) => {
      if (isApiError(err) && err.status === 429) {
        notify.info(messageOf(err, 'A code was sent recently. Please check your email.'));
        onUnverified({ email, identifier, password });
        return;
      }
      notify.error(isApiError(err) && err.status > 0 ? messageOf(err, 'Failed to resend OTP') : 'Failed to resend OTP. Please try again.');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const found = validateLogin({ identifier, password });
    setErrors(found);
    setServerError(null);
    setUnverified(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    signIn.mutate();
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      {serverError && <Alert>{serverError}</Alert>}
      {unverified && (
        <Alert title={unverified.message}>
          {unverified.email ? (
            <div className="mt-2">
              <Button
                size="sm"
                variant="secondary"
                loading={sendVerification.isPending}
                onClick={() => unverified.email && sendVerification.mutate(unverified.email)}
              >
                Verify my email
              </Button>
            </div>
          ) : (
            <p>To verify your account, sign in with your email address instead of your username.</p>
          )}
        </Alert>
      )}

      <TextField
        label="Email or username"
        name="identifier"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus={!initialIdentifier}
        value={identifier}
        onChange={(e) => {
          setIdentifier(e.target.value);
          if (errors.identifier) setErrors((c) => ({ ...c, identifier: undefined }));
        }}
        error={errors.identifier}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        autoFocus={Boolean(initialIdentifier)}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          if (errors.password) setErrors((c) => ({ ...c, password: undefined }));
        }}
        error={errors.password}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox label="Remember me" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <Link to="/forgot-password" className={`${textLinkClasses} text-sm`}>
          Forgot your password?
        </Link>
      </div>

      <Button type="submit" fullWidth loading={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}

function OtpLoginForm({ initialEmail }: { initialEmail: string }) {
  const { sendLoginOtp, verifyLoginOtp } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  // The address the last code went to; the code field shows once one was sent.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: string; otp?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const countdown = useCountdown();

  const send = useMutation({
    mutationFn: (address: string) => sendLoginOtp(address),
    onSuccess: (_data, address) => {
      notify.success('OTP sent to your email!');
      setSentTo(address);
      countdown.start(OTP_RESEND_COOLDOWN_SECONDS);
      requestAnimationFrame(() => codeRef.current?.focus());
    },
    onError: (err, address) => {
      setServerError(err.message);
      // Too soon after the last code (429): that code still works, so let the user type it.
      const cause = causeOf(err);
      if (isApiError(cause) && cause.status === 429 && !sentTo) {
        setSentTo(address);
        countdown.start(OTP_RESEND_COOLDOWN_SECONDS);
      }
    },
  });

  const verify = useMutation({
    mutationFn: () => verifyLoginOtp(sentTo ?? email, otp),
    onSuccess: welcome,
    onError: (err) => {
      setServerError(err.message);
      codeRef.current?.focus();
    },
  });

  const sendCode = () => {
    if (send.isPending) return;
    setServerError(null);
    if (!email.trim()) {
      setErrors({ email: 'Email is required' });
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    send.mutate(email.trim());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sentTo) {
      sendCode();
      return;
    }
    if (verify.isPending) return;
    setServerError(null);
    const found = { email: email.trim() ? undefined : 'Email is required', otp: validateLoginOtp(otp) };
    setErrors(found);
    if (found.email || found.otp) {
      focusFirstInvalid(formRef.current);
      return;
    }
    verify.mutate();
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      {serverError && <Alert>{serverError}</Alert>}

      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (errors.email) setErrors((c) => ({ ...c, email: undefined }));
          // A code belongs to the address it was sent to.
          if (sentTo && e.target.value.trim() !== sentTo) {
            setSentTo(null);
            setOtp('');
            countdown.reset();
          }
        }}
        error={errors.email}
      />

      {sentTo ? (
        <>
          <TextField
            ref={codeRef}
            label="One-time code"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            placeholder="6-digit code"
            value={otp}
            onChange={(e) => {
              setOtp(e.target.value.replace(/\s/g, ''));
              if (errors.otp) setErrors((c) => ({ ...c, otp: undefined }));
            }}
            error={errors.otp}
            hint={`We sent a ${OTP_LENGTH}-digit code to ${sentTo}.`}
          />
          <Button type="submit" fullWidth loading={verify.isPending}>
            Verify &amp; sign in
          </Button>
          <p className="text-center text-sm text-slate-600">
            Didn&apos;t get it?{' '}
            <button
              type="button"
              onClick={sendCode}
              disabled={countdown.running || send.isPending}
              className={`${textLinkClasses} disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline`}
            >
              {countdown.running ? `Resend code in ${countdown.remaining}s` : send.isPending ? 'Sending...' : 'Resend code'}
            </button>
          </p>
        </>
      ) : (
        <Button type="submit" fullWidth loading={send.isPending}>
          Send code
        </Button>
      )}
    </form>
  );
}

/**
 * The code step for an account that tried to sign in before verifying its e-mail. Once verified,
 * the sign-in is retried with the credentials just typed, so the user lands where they meant to go.
 */
function UnverifiedAccountStep({
  email,
  identifier,
  password,
  onBack,
}: {
  email: string;
  identifier: string;
  password: string;
  onBack(): void;
}) {
  const { login } = useAuth();
  return (
    <VerifyEmailStep
      email={email}
      backLabel="Back to sign in"
      onBack={onBack}
      onVerified={async () => {
        try {
          welcome(await login(identifier, password));
        } catch (err) {
          notify.error(err instanceof Error ? err.message : 'Login failed');
          onBack();
        }
      }}
    />
  );
}
