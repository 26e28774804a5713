import { useState, type FormEvent } from 'react';
import type { User } from '../auth/types';
import { ProfileFields } from '../registration/ProfileFields';
import { missingFields, profileLacks, useProfileForm, type ProfileFormValues } from '../registration/profileForm';
import { RegistrationFormDialog } from '../registration/RegistrationFormDialog';

export const QUIZ_PROFILE_FIELDS = ['college', 'country', 'state', 'collegeYear', 'branch', 'course'] as const;
type Field = (typeof QUIZ_PROFILE_FIELDS)[number];

export function missingQuizProfile(user: User): boolean {
  return profileLacks(user, QUIZ_PROFILE_FIELDS);
}

/** Complete Your Profile (spec 3 section 2): all six fields required; the caller saves them, then retries the registration. */
export function QuizProfileDialog({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(values: ProfileFormValues<Field>): void }) {
  const { values, set } = useProfileForm(user, QUIZ_PROFILE_FIELDS);
  const [submitted, setSubmitted] = useState(false);
  const incomplete = missingFields(values, QUIZ_PROFILE_FIELDS).length > 0;
  // After a refused submit the message follows the fields, and goes once they are all filled in.
  const error = submitted && incomplete ? 'Please fill in all required fields' : null;
  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!incomplete) onSubmit(values);
  }
  return (
    <RegistrationFormDialog
      title="Complete Your Profile"
      description="Quizzes need a few details about your studies. They are saved to your profile."
      formId="quiz-profile"
      busy={busy}
      submitLabel={busy ? 'Saving...' : 'Save and continue'}
      error={error}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <ProfileFields values={values} set={set} />
    </RegistrationFormDialog>
  );
}
