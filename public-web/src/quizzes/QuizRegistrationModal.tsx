import { useState, type FormEvent } from 'react';
import { QUIZ_REGISTRATION_COUNTRIES } from '@circuit/shared/quizzes/limits';
import type { RegisterQuizBody } from '@circuit/shared/validation/quizzes';
import { isValidMobile, RegistrationProfileMessages } from '@circuit/shared/validation/registration-profile';
import type { User } from '../auth/types';
import { Checkbox } from '../ui/Checkbox';
import { ProfileFields } from '../registration/ProfileFields';
import { missingFields, PROFILE_FORM_FIELDS, useProfileForm, type ProfileFormField } from '../registration/profileForm';
import { RegistrationFormDialog } from '../registration/RegistrationFormDialog';

const LABELS: Record<ProfileFormField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  mobile: 'Mobile',
  college: 'College',
  course: 'Course',
  branch: 'Branch',
  collegeYear: 'Year',
  country: 'Country',
  state: 'State',
};

/** The registration modal (spec 3 section 2): every field required, values from the profile, terms agreed before the button works. */
export function QuizRegistrationModal({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(body: RegisterQuizBody): void }) {
  const { values, set } = useProfileForm(user, PROFILE_FORM_FIELDS);
  // The profile's "Other" is this form's "International", so a profile outside India still starts filled in.
  const shown = values.country === 'Other' ? { ...values, country: 'International' } : values;
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const missing = missingFields(shown, PROFILE_FORM_FIELDS).map((f) => LABELS[f]);
    if (missing.length) return setError(RegistrationProfileMessages.missingFields(missing));
    if (!isValidMobile(shown.mobile.trim())) return setError(RegistrationProfileMessages.mobile);
    if (!agree) return setError('Please agree to the terms and conditions');
    setError(null);
    onSubmit({ ...shown, mobile: shown.mobile.trim(), agreeToTerms: true });
  }

  return (
    <RegistrationFormDialog
      title="Register for Quiz"
      description="Check your details: the organiser sees them with your result."
      formId="quiz-registration"
      busy={busy}
      submitDisabled={!agree}
      submitLabel={busy ? 'Registering...' : 'Register'}
      error={error}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <ProfileFields values={shown} set={set} countries={QUIZ_REGISTRATION_COUNTRIES} />
      <div className="sm:col-span-2">
        <Checkbox label="I agree to the terms and conditions" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      </div>
    </RegistrationFormDialog>
  );
}
