import { useRetrySignIn, type UnverifiedAccount } from './useSignIn';
import { VerifyEmailStep } from './VerifyEmailStep';

/**
 * The code step for an account that tried to sign in before verifying its e-mail. Once verified,
 * the sign-in is retried with the credentials just typed, so the user lands where they meant to go.
 */
export function UnverifiedAccountStep({ email, identifier, password, onBack }: UnverifiedAccount & { onBack(): void }) {
  const retrySignIn = useRetrySignIn(identifier, password, onBack);
  return <VerifyEmailStep email={email} backLabel="Back to sign in" onBack={onBack} onVerified={retrySignIn} />;
}
