import { Link } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { PasswordField } from '../ui/PasswordField';
import { TextField } from '../ui/TextField';
import { textLinkClasses } from './AuthLayout';
import { usePasswordSignIn, type UnverifiedAccount } from './useSignIn';

/** Sign-in with an e-mail or username and a password; a refusal as unverified offers the code step. */
export function PasswordLoginForm({
  initialIdentifier,
  onUnverified,
}: {
  initialIdentifier: string;
  onUnverified(step: UnverifiedAccount): void;
}) {
  const { register, errors, notice, submit, warm, signingIn, sendVerification, sendingVerification } = usePasswordSignIn(
    initialIdentifier,
    onUnverified,
  );

  return (
    <form noValidate onSubmit={submit} onInput={warm} className="space-y-5">
      {notice?.kind === 'error' && <Alert>{notice.message}</Alert>}
      {notice?.kind === 'unverified' && (
        <Alert title={notice.message}>
          {notice.email ? (
            <div className="mt-2">
              <Button
                size="sm"
                variant="secondary"
                loading={sendingVerification}
                onClick={() => notice.email && sendVerification(notice.email)}
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

      <Button type="submit" fullWidth loading={signingIn}>
        Sign in
      </Button>
    </form>
  );
}
