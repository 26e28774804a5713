import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button, ButtonLink } from '../ui/Button';
import { lazyResolver } from '../ui/forms';
import { TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { messageOf } from './apiClient';
import { authApi } from './authApi';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import { RESET_LINK_VALIDITY_MINUTES } from './constants';

const emailRules = lazyResolver(() => import('./formSchemas').then((m) => m.resolvers.forgotPassword));

/** /forgot-password: the e-mail form, then a "Check your email" confirmation. */
export function ForgotPasswordPage() {
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver: emailRules.resolver, defaultValues: { email: '' } });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (address: string) => authApi.forgotPassword(address),
    onSuccess: (_data, address) => {
      notify.success('Password reset email sent successfully!');
      setSentTo(address);
    },
    onError: (err) => setServerError(messageOf(err, 'Failed to send reset email')),
  });

  if (sentTo) {
    return (
      <AuthLayout
        title="Check your email"
        icon={
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
        }
      >
        <p className="text-center text-sm text-slate-600">
          If an account exists for <span className="font-semibold text-slate-800">{sentTo}</span>, we have sent a link
          to reset its password. The link expires in {RESET_LINK_VALIDITY_MINUTES} minutes.
        </p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Try again
          </Button>
          <ButtonLink to="/login">Back to login</ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  const submit = handleSubmit(
    ({ email }) => {
      if (send.isPending) return;
      setServerError(null);
      send.mutate(email);
    },
    () => setServerError(null),
  );

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to reset your password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={textLinkClasses}>
            Back to login
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} onInput={emailRules.warm} className="space-y-5">
        {serverError && <Alert>{serverError}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <Button type="submit" fullWidth loading={send.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
