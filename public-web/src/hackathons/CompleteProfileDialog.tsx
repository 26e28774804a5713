import { useState, type FormEvent } from 'react';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import { isValidMobile, RegistrationProfileMessages } from '@circuit/shared/validation/registration-profile';
import type { User } from '../auth/types';
import { ProfileFields } from '../registration/ProfileFields';
import { missingFields, useProfileForm } from '../registration/profileForm';
import { PROFILE_FIELDS } from './missingProfileFields';
import { RegistrationFormDialog } from '../registration/RegistrationFormDialog';

type Field = (typeof PROFILE_FIELDS)[number];
const LABELS: Record<Field, string> = { mobile: 'Mobile', college: 'College', course: 'Course', branch: 'Branch', collegeYear: 'Year', country: 'Country', state: 'State' };

/** The Complete Your Profile step before a hackathon registration: the fields go with the registration and into the profile. */
export function CompleteProfileDialog({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(profile: RegistrationProfile): void }) {
  const { values, set } = useProfileForm(user, PROFILE_FIELDS);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const missing = missingFields(values, PROFILE_FIELDS, { stateOnlyInIndia: true });
    if (missing.length) return setError(RegistrationProfileMessages.missingFields(missing.map((f) => LABELS[f])));
    if (!isValidMobile(values.mobile.trim())) return setError(RegistrationProfileMessages.mobile);
    setError(null);
    onSubmit({ ...values, mobile: values.mobile.trim(), firstName: user.firstName, lastName: user.lastName });
  }

  return (
    <RegistrationFormDialog
      title="Complete Your Profile"
      description="Organisers need these to confirm your place. They are saved to your profile."
      formId="complete-profile"
      busy={busy}
      submitLabel={busy ? 'Registering...' : 'Save and register'}
      error={error}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <ProfileFields values={values} set={set} stateOutsideIndia="none" />
    </RegistrationFormDialog>
  );
}
