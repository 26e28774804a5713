import { useMutation } from '@tanstack/react-query';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button, ButtonLink } from '../ui/Button';
import { lazyResolver } from '../ui/forms';
import { PasswordField } from '../ui/PasswordField';
import { notify } from '../ui/toast';
import { messageOf } from './apiClient';
import { authApi } from './authApi';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import type { ResetPasswordValues } from './formSchemas';

const resetRules = lazyResolver(() => import('./formSchemas').then((m) => m.resolvers.resetPassword));

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
  const { register, handleSubmit, formState } = useForm<ResetPasswordValues>({ resolver: resetRules.resolver, defaultValues: { password: '', confirmPassword: '' } });
  const errors = formState.errors;
  const [serverError, setServerError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token, password),
    onSuccess: () => {
      notify.success('Password reset successfully!');
      navigate('/login', { replace: true });
    },
    onError: (err) => setServerError(messageOf(err, 'Failed to reset password')),
  });

  const submit = handleSubmit(
    ({ password }) => {
      if (reset.isPending) return;
      setServerError(null);
      reset.mutate(password);
    },
    () => setServerError(null),
  );

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
      <form noValidate onSubmit={submit} onInput={resetRules.warm} className="space-y-5">
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
          autoComplete="new-password"
          autoFocus
          {...register('password')}
          error={errors.password?.message}
          hint="At least 6 characters."
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
