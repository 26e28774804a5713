import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { lazyResolver } from '../ui/forms';
import { notify } from '../ui/toast';
import { isApiError, messageOf } from './apiClient';
import { authApi } from './authApi';
import { causeOf, useAuth } from './AuthContext';
import { OTP_RESEND_COOLDOWN_SECONDS } from './constants';
import type { LoginValues, OtpLoginValues } from './formSchemas';
import type { User } from './types';
import { useCountdown } from './useCountdown';

/** Texts of the OAuth failure toast, by the `error` query parameter (spec section 8). */
const OAUTH_ERRORS: Record<string, string> = {
  google_auth_failed: 'Google authentication failed. Please try again.',
  github_auth_failed: 'GitHub authentication failed. Please try again.',
  linkedin_auth_failed: 'LinkedIn authentication failed. Please try again.',
};
const OAUTH_ERROR_OTHER = 'OAuth authentication failed. Please try again.';

const welcome = (user: User) => notify.success(user.firstName ? `Welcome back, ${user.firstName}!` : 'Welcome back!');

/** An account whose sign-in was refused as unverified: where its code goes, and the credentials to retry with. */
export interface UnverifiedAccount {
  email: string;
  identifier: string;
  password: string;
}

/** ?error=... from a failed social sign-in: one error toast, then the parameter is dropped from the address. */
export function useOAuthErrorToast() {
  const [params, setParams] = useSearchParams();
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
type Notice = { kind: 'error'; message: string } | { kind: 'unverified'; email: string | null; message: string };

/** The password form: its fields, the sign-in call, and the way into the code step of an unverified account. */
export function usePasswordSignIn(initialIdentifier: string, onUnverified: (step: UnverifiedAccount) => void) {
  const { login } = useAuth();
  const { register, handleSubmit, getValues, formState } = useForm<LoginValues>({
    resolver: loginRules.resolver,
    defaultValues: { identifier: initialIdentifier, password: '', remember: false },
  });
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

  return {
    register,
    errors: formState.errors,
    notice,
    submit,
    warm: loginRules.warm,
    signingIn: signIn.isPending,
    sendVerification: (email: string) => sendVerification.mutate(email),
    sendingVerification: sendVerification.isPending,
  };
}

/** The code form: the address the code went to, its resend countdown, and the send and verify calls. */
export function useCodeSignIn(initialEmail: string) {
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

  // A code belongs to the address it was sent to.
  const onEmailChange = (e: ChangeEvent<HTMLInputElement>) => {
    if (sentTo && e.target.value.trim() !== sentTo) {
      setSentTo(null);
      setValue('otp', '');
      countdown.reset();
    }
  };
  const onOtpChange = (e: ChangeEvent<HTMLInputElement>) => {
    const digits = e.target.value.replace(/\s/g, '');
    if (digits !== e.target.value) setValue('otp', digits);
  };

  return {
    register,
    onEmailChange,
    onOtpChange,
    errors: formState.errors,
    serverError,
    sentTo,
    submit,
    warm: otpRules.warm,
    resend,
    sending: send.isPending,
    verifying: verify.isPending,
    countdown,
  };
}

/** The sign-in retried once an unverified account's e-mail is verified; on a refusal, back to the form. */
export function useRetrySignIn(identifier: string, password: string, onBack: () => void) {
  const { login } = useAuth();
  return async () => {
    try {
      welcome(await login(identifier, password));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'Login failed');
      onBack();
    }
  };
}
