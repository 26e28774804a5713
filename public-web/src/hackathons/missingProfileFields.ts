import type { User } from '../auth/types';
import { missingFields } from '../registration/profileForm';

/** The profile fields a hackathon registration needs (the Complete Your Profile step asks for those missing). */
export const PROFILE_FIELDS = ['mobile', 'college', 'course', 'branch', 'collegeYear', 'country', 'state'] as const;
type Field = (typeof PROFILE_FIELDS)[number];

/** What registration needs that the profile lacks (state only for India). */
export function missingProfileFields(user: User): Field[] {
  return missingFields(user as unknown as Record<Field, string | null | undefined>, PROFILE_FIELDS, { stateOnlyInIndia: true });
}
