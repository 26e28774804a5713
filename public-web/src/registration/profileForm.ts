import { useState } from 'react';
import type { User } from '../auth/types';

/** Every field a registration form may ask for, in the order the forms show them. */
export const PROFILE_FORM_FIELDS = ['firstName', 'lastName', 'mobile', 'college', 'course', 'branch', 'collegeYear', 'country', 'state'] as const;
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];
export type ProfileFormValues<F extends ProfileFormField = ProfileFormField> = Record<F, string>;

// The signed-in user carries the profile fields under the same names (some of them optional).
const profileOf = (user: User) => user as unknown as Record<string, string | null | undefined>;

/** The form's starting values: what the profile holds, else the given default, else empty. */
export function profileValues<F extends ProfileFormField>(user: User, fields: readonly F[], defaults: Partial<Record<F, string>> = {}): ProfileFormValues<F> {
  const profile = profileOf(user);
  return Object.fromEntries(fields.map((f) => [f, (profile[f] ?? '').toString() || (defaults[f] ?? '')])) as ProfileFormValues<F>;
}

/**
 * The fields still empty. With `stateOnlyInIndia` the state is asked for only when the country is India (the
 * hackathon form shows no state field elsewhere); otherwise it is always required.
 */
export function missingFields<F extends ProfileFormField>(values: Partial<Record<ProfileFormField, string | null | undefined>>, fields: readonly F[], opts: { stateOnlyInIndia?: boolean } = {}): F[] {
  return fields.filter((f) => !(values[f] ?? '').toString().trim() && !(opts.stateOnlyInIndia && f === 'state' && values.country !== 'India'));
}

/** Whether the user's profile lacks any of the fields (to decide whether to ask for them first). */
export function profileLacks(user: User, fields: readonly ProfileFormField[], opts: { stateOnlyInIndia?: boolean } = {}): boolean {
  return missingFields(profileOf(user), fields, opts).length > 0;
}

/** The form's values, started from the profile, and a setter per field. */
export function useProfileForm<F extends ProfileFormField>(user: User, fields: readonly F[], defaults?: Partial<Record<F, string>>) {
  const [values, setValues] = useState<ProfileFormValues<F>>(() => profileValues(user, fields, defaults));
  const set = (f: F) => (v: string) => setValues((s) => ({ ...s, [f]: v }));
  return { values, set };
}
