import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../ui/forms';
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
import { validateSignup, type SignupField, type SignupValues } from './validation';
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

/** /signup: step 1 the form, step 2 the e-mailed code (spec section 2, "Sign-up"). */
export function SignupPage() {
  const { state } = useAuth();
  const navigate = useNavigate();
  const { target, returnTo } = useReturnTo();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // The e-mail the code went to; set when registration succeeds (the OTP step).
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  const signup = useMutation({
    mutationFn: (v: SignupValues) =>
      authApi.signup({
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
      }),
    onSuccess: (response, v) => {
      notify.success('Account created! Please check your email for OTP.');
      setVerifyEmail(response.data?.email ?? v.email.trim());
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

  const update = (field: SignupField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = field === 'agreeToTerms' ? event.target.checked : event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message at once; the others keep theirs until the next submit.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    const found = validateSignup(values);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    signup.mutate(values);
  };

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
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        {serverError && <Alert title="We couldn't create your account">{serverError}</Alert>}

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={update('firstName')}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={update('lastName')}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={values.username}
          onChange={update('username')}
          error={errors.username}
          hint="At least 3 characters: letters, numbers and underscores."
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={update('email')}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={update('password')}
          error={errors.password}
          hint="At least 6 characters."
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Checkbox
          name="agreeToTerms"
          checked={values.agreeToTerms}
          onChange={update('agreeToTerms')}
          error={errors.agreeToTerms}
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
