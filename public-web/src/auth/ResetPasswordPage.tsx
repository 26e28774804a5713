import { useMutation } from '@tanstack/react-query';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button, ButtonLink } from '../ui/Button';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../ui/forms';
import { PasswordField } from '../ui/PasswordField';
import { notify } from '../ui/toast';
import { messageOf } from './apiClient';
import { authApi } from './authApi';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import { validateConfirmation, validateNewPassword } from './validation';

type Field = 'password' | 'confirmPassword';

/** /reset-password/:token (and /reset-password without a token, which is an invalid link). */
export function ResetPasswordPage() {
  const { token } = useParams();
  if (!token?.trim()) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} />;
}

function InvalidResetLink() {
  return (
    <AuthLayout
      title="Invalid Reset Link"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
      }
    >
      <p className="text-center text-sm text-slate-600">Invalid reset link. Please request a new password reset.</p>
      <div className="mt-6 grid gap-3">
        <ButtonLink to="/forgot-password">Request New Reset Link</ButtonLink>
        <ButtonLink to="/login" variant="secondary">
          Back to Login
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: () => authApi.resetPassword(token, password),
    onSuccess: () => {
      notify.success('Password reset successfully!');
      navigate('/login', { replace: true });
    },
    onError: (err) => setServerError(messageOf(err, 'Failed to reset password')),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found: FieldErrors<Field> = {
      password: validateNewPassword(password),
      confirmPassword: validateConfirmation(password, confirmPassword),
    };
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate();
  };

  return (
    <AuthLayout
      title="Set a new password"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-600">
          <KeyRound className="size-6" aria-hidden="true" />
        </span>
      }
      subtitle="Choose a new password for your account."
      footer={
        <Link to="/login" className={textLinkClasses}>
          Back to login
        </Link>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        {serverError && (
          <Alert>
            <p>{serverError}</p>
            <p className="mt-1">
              <Link to="/forgot-password" className="font-semibold underline">
                Request a new reset link
              </Link>
            </p>
          </Alert>
        )}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (errors.password) setErrors((c) => ({ ...c, password: undefined }));
          }}
          error={errors.password}
          hint="At least 6 characters."
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => {
            setConfirmPassword(e.target.value);
            if (errors.confirmPassword) setErrors((c) => ({ ...c, confirmPassword: undefined }));
          }}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
