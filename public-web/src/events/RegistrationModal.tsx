import { useState, type FormEvent } from 'react';
import { FORM_COUNTRIES } from '@circuit/shared/hackathons/options';
import { registrationViolation, type EventRegistrationProfile } from '@circuit/shared/validation/events';
import type { User } from '../auth/types';
import { Checkbox } from '../ui/Checkbox';
import { ProfileFields } from '../registration/ProfileFields';
import { PROFILE_FORM_FIELDS, useProfileForm } from '../registration/profileForm';
import { RegistrationFormDialog } from '../registration/RegistrationFormDialog';

type Values = Required<{ [K in keyof EventRegistrationProfile]: string }>;

/** The registration modal (spec 2 section 5): values start from the profile, the same rules as the server, terms before the button. */
export function RegistrationModal({ user, title, waitlist, busy, onCancel, onSubmit }: { user: User; title: string; waitlist: boolean; busy: boolean; onCancel(): void; onSubmit(values: Values & { agreeToTerms: boolean }): void }) {
  const { values, set } = useProfileForm(user, PROFILE_FORM_FIELDS, { country: 'India' });
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const violation = registrationViolation(values, agree);
    if (violation) return setError(violation);
    setError(null);
    onSubmit({ ...values, agreeToTerms: agree });
  }

  return (
    <RegistrationFormDialog
      size="lg"
      title={waitlist ? 'Join the waitlist' : 'Register for this event'}
      description={waitlist ? `${title} is full. If a place frees up you will be offered it and have 24 hours to confirm.` : title}
      formId="event-registration"
      busy={busy}
      submitDisabled={!agree}
      submitLabel={busy ? 'Sending...' : waitlist ? 'Join Waitlist' : 'Register'}
      error={error}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <ProfileFields values={values} set={set} countries={FORM_COUNTRIES} nameLabels={['First name', 'Last name']} />
      <div className="sm:col-span-2">
        <Checkbox label="I agree to the terms and conditions" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      </div>
    </RegistrationFormDialog>
  );
}
