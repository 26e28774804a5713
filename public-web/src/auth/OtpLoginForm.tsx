import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { textLinkClasses } from './AuthLayout';
import { OTP_LENGTH } from './constants';
import { useCodeSignIn } from './useSignIn';

/** Sign-in with a code mailed to the address: first the address, then the code (with a resend). */
export function OtpLoginForm({ initialEmail }: { initialEmail: string }) {
  const { register, onEmailChange, onOtpChange, errors, serverError, sentTo, submit, warm, resend, sending, verifying, countdown } =
    useCodeSignIn(initialEmail);

  return (
    <form noValidate onSubmit={submit} onInput={warm} className="space-y-5">
      {serverError && <Alert>{serverError}</Alert>}

      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        {...register('email', { onChange: onEmailChange })}
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
            {...register('otp', { onChange: onOtpChange })}
            error={errors.otp?.message}
            hint={`We sent a ${OTP_LENGTH}-digit code to ${sentTo}.`}
          />
          <Button type="submit" fullWidth loading={verifying}>
            Verify &amp; sign in
          </Button>
          <p className="text-center text-sm text-slate-600">
            Didn&apos;t get it?{' '}
            <button
              type="button"
              onClick={resend}
              disabled={countdown.running || sending}
              className={`${textLinkClasses} disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline`}
            >
              {countdown.running ? `Resend code in ${countdown.remaining}s` : sending ? 'Sending...' : 'Resend code'}
            </button>
          </p>
        </>
      ) : (
        <Button type="submit" fullWidth loading={sending}>
          Send code
        </Button>
      )}
    </form>
  );
}
