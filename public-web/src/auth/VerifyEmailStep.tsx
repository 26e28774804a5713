import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { isApiError, messageOf } from './apiClient';
import { authApi } from './authApi';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from './constants';
import { useCountdown } from './useCountdown';
import { validateSignupOtp } from './validation';

interface VerifyEmailStepProps {
  email: string;
  /** Called once the server accepted the code. */
  onVerified(): void | Promise<void>;
  onBack(): void;
  backLabel: string;
  /** Start the resend cooldown at once (a code was just sent). */
  codeJustSent?: boolean;
}

/** Step 2 of sign-up (and the login screen's way to verify an unverified account): enter the e-mailed code. */
export function VerifyEmailStep({ email, onVerified, onBack, backLabel, codeJustSent = true }: VerifyEmailStepProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown();
  const inputRef = useRef<HTMLInputElement>(null);
  const { start } = countdown;

  useEffect(() => {
    if (codeJustSent) start(OTP_RESEND_COOLDOWN_SECONDS);
    inputRef.current?.focus();
  }, [codeJustSent, start]);

  const verify = useMutation({
    mutationFn: (code: string) => authApi.verifyEmail(email, code),
    onSuccess: async () => {
      notify.success('Email verified successfully!');
      await onVerified();
    },
    onError: (err) => {
      setError(isApiError(err) && err.status > 0 ? messageOf(err, 'Invalid OTP') : 'Failed to verify OTP. Please try again.');
      inputRef.current?.focus();
    },
  });

  const resend = useMutation({
    mutationFn: () => authApi.resendOtp(email),
    onSuccess: () => {
      notify.success('OTP resent successfully!');
      start(OTP_RESEND_COOLDOWN_SECONDS);
    },
    onError: (err) => {
      notify.error(isApiError(err) && err.status > 0 ? messageOf(err, 'Failed to resend OTP') : 'Failed to resend OTP. Please try again.');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const problem = validateSignupOtp(otp);
    setError(problem ?? null);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    verify.mutate(otp.trim());
  };

  return (
    <AuthLayout
      title="Verify your email"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-600">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
      }
      subtitle={
        <>
          We sent a {OTP_LENGTH}-digit code to <span className="font-semibold text-slate-800">{email}</span>.
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <TextField
          ref={inputRef}
          label="Verification code"
          name="otp"
          value={otp}
          onChange={(e) => {
            setOtp(e.target.value.replace(/\s/g, ''));
            if (error) setError(null);
          }}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="••••••"
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify Email
        </Button>
      </form>

      <div className="mt-6 flex flex-col items-center gap-3 text-sm text-slate-600">
        <p>
          Didn&apos;t receive the code?{' '}
          <button
            type="button"
            onClick={() => resend.mutate()}
            disabled={countdown.running || resend.isPending}
            className={`${textLinkClasses} disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline`}
          >
            {countdown.running ? `Resend in ${countdown.remaining}s` : resend.isPending ? 'Sending...' : 'Resend'}
          </button>
        </p>
        <button type="button" onClick={onBack} className={textLinkClasses}>
          {backLabel}
        </button>
      </div>
    </AuthLayout>
  );
}
