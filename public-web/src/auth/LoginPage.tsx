import { useMutation } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { lazyResolver } from '../ui/forms';
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
import type { LoginValues, OtpLoginValues } from './formSchemas';
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

const loginRules = lazyResolver(() => import('./formSchemas').then((m) => m.resolvers.login));
const otpRules = lazyResolver(() => import('./formSchemas').then((m) => m.resolvers.otpLogin));

/** What the server said about the last sign-in: a refusal, or an account whose e-mail is not verified yet. */
type Notice = { kind: 'error'; message: string } | ({ kind: 'unverified' } & UnverifiedInfo);

function PasswordLoginForm({
  initialIdentifier,
  onUnverified,
}: {
  initialIdentifier: string;
  onUnverified(step: { email: string; identifier: string; password: string }): void;
}) {
  const { login } = useAuth();
  const { register, handleSubmit, getValues, formState } = useForm<LoginValues>({
    resolver: loginRules.resolver,
    defaultValues: { identifier: initialIdentifier, password: '', remember: false },
  });
  const errors = formState.errors;
  const [notice, setNotice] = useState<Notice | null>(null);

  const signIn = useMutation({
    mutationFn: ({ identifier, password }: LoginValues) => login(identifier, password),
    onSuccess: welcome,
    onError: (err, { identifier }) => {
      const cause = causeOf(err);
      setNotice(
        isApiError(cause) && cause.status === 403
          ? { kind: 'unverified', email: unverifiedEmail(cause, identifier), message: err.message }
          : { kind: 'error', message: err.message },
      );
    },
  });

  // Sends a fresh code, then opens the code step. A 429 means a code went out less than a minute ago,
  // which is still usable, so the step opens anyway.
  const sendVerification = useMutation({
    mutationFn: (email: string) => authApi.resendOtp(email),
    onSuccess: (_data, email) => {
      notify.success('OTP sent to your email!');
      onUnverified({ email, ...getValues() });
    },
    onError: (err, email) => {
      if (isApiError(err) && err.status === 429) {
        notify.info(messageOf(err, 'A code was sent recently. Please check your email.'));
        onUnverified({ email, ...getValues() });
        return;
      }
      notify.error(isApiError(err) && err.status > 0 ? messageOf(err, 'Failed to resend OTP') : 'Failed to resend OTP. Please try again.');
    },
  });

  const submit = handleSubmit(
    (values) => {
      if (signIn.isPending) return;
      setNotice(null);
      signIn.mutate(values);
    },
    () => setNotice(null),
  );

  return (
    <form noValidate onSubmit={submit} onInput={loginRules.warm} className="space-y-5">
      {notice?.kind === 'error' && <Alert>{notice.message}</Alert>}
      {notice?.kind === 'unverified' && (
        <Alert title={notice.message}>
          {notice.email ? (
            <div className="mt-2">
              <Button
                size="sm"
                variant="secondary"
                loading={sendVerification.isPending}
                onClick={() => notice.email && sendVerification.mutate(notice.email)}
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
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus={!initialIdentifier}
        {...register('identifier')}
        error={errors.identifier?.message}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        autoFocus={Boolean(initialIdentifier)}
        {...register('password')}
        error={errors.password?.message}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox label="Remember me" {...register('remember')} />
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
  // The address the last code went to; the code field shows once one was sent.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const countdown = useCountdown();
  const { register, handleSubmit, setValue, setFocus, formState } = useForm<OtpLoginValues, { codeSent: boolean }>({
    resolver: otpRules.resolver,
    context: { codeSent: Boolean(sentTo) },
    defaultValues: { email: initialEmail, otp: '' },
  });
  const errors = formState.errors;

  const send = useMutation({
    mutationFn: (address: string) => sendLoginOtp(address),
    onSuccess: (_data, address) => {
      notify.success('OTP sent to your email!');
      setSentTo(address);
      countdown.start(OTP_RESEND_COOLDOWN_SECONDS);
      requestAnimationFrame(() => setFocus('otp'));
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
    mutationFn: ({ email, otp }: OtpLoginValues) => verifyLoginOtp(email, otp),
    onSuccess: welcome,
    onError: (err) => {
      setServerError(err.message);
      setFocus('otp');
    },
  });

  const resend = () => {
    if (send.isPending || !sentTo) return;
    setServerError(null);
    send.mutate(sentTo);
  };

  const submit = handleSubmit(
    (values) => {
      if (send.isPending || verify.isPending) return;
      setServerError(null);
      if (sentTo) verify.mutate({ email: sentTo, otp: values.otp });
      else send.mutate(values.email);
    },
    () => setServerError(null),
  );

  return (
    <form noValidate onSubmit={submit} onInput={otpRules.warm} className="space-y-5">
      {serverError && <Alert>{serverError}</Alert>}

      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        {...register('email', {
          onChange: (e: ChangeEvent<HTMLInputElement>) => {
            // A code belongs to the address it was sent to.
            if (sentTo && e.target.value.trim() !== sentTo) {
              setSentTo(null);
              setValue('otp', '');
              countdown.reset();
            }
          },
        })}
        error={errors.email?.message}
      />

      {sentTo ? (
        <>
          <TextField
            label="One-time code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            placeholder="6-digit code"
            {...register('otp', {
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                const digits = e.target.value.replace(/\s/g, '');
                if (digits !== e.target.value) setValue('otp', digits);
              },
            })}
            error={errors.otp?.message}
            hint={`We sent a ${OTP_LENGTH}-digit code to ${sentTo}.`}
          />
          <Button type="submit" fullWidth loading={verify.isPending}>
            Verify &amp; sign in
          </Button>
          <p className="text-center text-sm text-slate-600">
            Didn&apos;t get it?{' '}
            <button
              type="button"
              onClick={resend}
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
