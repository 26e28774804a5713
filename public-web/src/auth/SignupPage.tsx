import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { lazyResolver } from '../ui/forms';
import { PasswordField } from '../ui/PasswordField';
import { PageSpinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { messageOf } from './apiClient';
import { authApi } from './authApi';
import { useAuth } from './AuthContext';
import { AuthLayout, textLinkClasses } from './AuthLayout';
import { authPath, useReturnTo } from './returnTo';
import { SocialButtons } from './SocialButtons';
import type { SignupRequest, SignupValues } from './formSchemas';
import { VerifyEmailStep } from './VerifyEmailStep';

const EMPTY: SignupValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  agreeToTerms: false,
};

const signupRules = lazyResolver(() => import('./formSchemas').then((m) => m.resolvers.signup));

/** /signup: step 1 the form, step 2 the e-mailed code (spec section 2, "Sign-up"). */
export function SignupPage() {
  const { state } = useAuth();
  const navigate = useNavigate();
  const { target, returnTo } = useReturnTo();
  // The form outlives the code step, so "Back to signup" finds what was typed.
  const { register, handleSubmit, formState } = useForm<SignupValues, unknown, SignupRequest>({ resolver: signupRules.resolver, defaultValues: EMPTY });
  const errors = formState.errors;
  const [serverError, setServerError] = useState<string | null>(null);
  // The e-mail the code went to; set when registration succeeds (the OTP step).
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  const signup = useMutation({
    mutationFn: ({ username, email, password, firstName, lastName }: SignupRequest) => authApi.signup({ username, email, password, firstName, lastName }),
    onSuccess: (response, v) => {
      notify.success('Account created! Please check your email for OTP.');
      setVerifyEmail(response.data?.email ?? v.email);
    },
    onError: (err) => setServerError(messageOf(err, 'Signup failed')),
  });

  if (state.status === 'loading') return <PageSpinner />;
  // A signed-in user has an account already; the OTP step is reached signed out, so it is unaffected.
  if (state.status === 'authenticated') return <Navigate to={target} replace />;

  if (verifyEmail) {
    return (
      <VerifyEmailStep
        email={verifyEmail}
        backLabel="Back to signup"
        onBack={() => setVerifyEmail(null)}
        onVerified={() => navigate(authPath('/login', returnTo), { state: { identifier: verifyEmail } })}
      />
    );
  }

  const submit = handleSubmit(
    (values) => {
      if (signup.isPending) return;
      setServerError(null);
      signup.mutate(values);
    },
    () => setServerError(null),
  );

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join hackathons, events and quizzes, and meet other student developers."
      footer={
        <>
          Already have an account?{' '}
          <Link to={authPath('/login', returnTo)} className={textLinkClasses}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} onInput={signupRules.warm} className="space-y-4">
        {serverError && <Alert title="We couldn't create your account">{serverError}</Alert>}

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            {...register('firstName')}
            error={errors.firstName?.message}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            {...register('lastName')}
            error={errors.lastName?.message}
          />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          {...register('username')}
          error={errors.username?.message}
          hint="At least 3 characters: letters, numbers and underscores."
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...register('password')}
          error={errors.password?.message}
          hint="At least 6 characters."
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Checkbox
          {...register('agreeToTerms')}
          error={errors.agreeToTerms?.message}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" target="_blank" rel="noopener" className={textLinkClasses}>
                Terms
              </Link>{' '}
              and{' '}
              <Link to="/privacy" target="_blank" rel="noopener" className={textLinkClasses}>
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" fullWidth loading={signup.isPending}>
          Create account
        </Button>
      </form>
      <SocialButtons label="Or sign up with" returnTo={returnTo} />
    </AuthLayout>
  );
}
