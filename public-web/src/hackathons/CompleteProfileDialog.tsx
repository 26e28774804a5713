import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import { isValidMobile, RegistrationProfileMessages } from '@circuit/shared/validation/registration-profile';
import type { User } from '../auth/types';
import { ProfileFields } from '../registration/ProfileFields';
import { missingFields, profileValues, type ProfileFormValues } from '../registration/profileForm';
import { PROFILE_FIELDS } from './missingProfileFields';
import { RegistrationFormDialog } from '../registration/RegistrationFormDialog';

type Field = (typeof PROFILE_FIELDS)[number];
type Values = ProfileFormValues<Field>;
const LABELS: Record<Field, string> = { mobile: 'Mobile', college: 'College', course: 'Course', branch: 'Branch', collegeYear: 'Year', country: 'Country', state: 'State' };

/**
 * The registration's rules (shared with the server), as the spec words them: one message for the whole form, kept
 * at the first field it names.
 */
const rules: Resolver<Values> = (values): ResolverResult<Values> => {
  const missing = missingFields(values, PROFILE_FIELDS, { stateOnlyInIndia: true });
  if (missing.length) return { values: {}, errors: { [missing[0]!]: { type: 'required', message: RegistrationProfileMessages.missingFields(missing.map((f) => LABELS[f])) } } };
  if (!isValidMobile(values.mobile.trim())) return { values: {}, errors: { mobile: { type: 'pattern', message: RegistrationProfileMessages.mobile } } };
  return { values, errors: {} };
};

/** The Complete Your Profile step before a hackathon registration: the fields go with the registration and into the profile. */
export function CompleteProfileDialog({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(profile: RegistrationProfile): void }) {
  const { watch, setValue, trigger, handleSubmit, formState } = useForm<Values>({ defaultValues: profileValues(user, PROFILE_FIELDS), resolver: rules });
  const { errors, isSubmitted } = formState;
  // After a refused submit the message follows the fields, and goes once they are all valid.
  const set = (f: Field) => (v: string) => {
    setValue(f, v);
    if (isSubmitted) void trigger();
  };

  return (
    <RegistrationFormDialog
      title="Complete Your Profile"
      description="Organisers need these to confirm your place. They are saved to your profile."
      formId="complete-profile"
      busy={busy}
      submitLabel={busy ? 'Registering...' : 'Save and register'}
      error={PROFILE_FIELDS.map((f) => errors[f]?.message).find(Boolean) ?? null}
      onCancel={onCancel}
      onSubmit={handleSubmit((values) => onSubmit({ ...values, mobile: values.mobile.trim(), firstName: user.firstName, lastName: user.lastName }))}
    >
      <ProfileFields values={watch()} set={set} stateOutsideIndia="none" />
    </RegistrationFormDialog>
  );
}
