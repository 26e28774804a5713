import type { Profile } from '../users/types';

/** Profile and change-password rules of spec section 5, with its messages word for word. */

export const BIO_MAX = 500;
export const TAGLINE_MAX = 100;

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  tagline: string;
  /** HTML from the rich-text editor. */
  bio: string;
  website: string;
  github: string;
  linkedin: string;
  twitter: string;
  country: string;
  state: string;
  address: string;
  college: string;
  course: string;
  branch: string;
  collegeYear: string;
  mobile: string;
  skills: string[];
}

export type ProfileField = Exclude<keyof ProfileFormValues, 'skills'> | 'skills';

export function profileFormValues(profile: Partial<Profile> | null | undefined): ProfileFormValues {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    tagline: profile?.tagline ?? '',
    bio: profile?.bio ?? '',
    website: profile?.website ?? '',
    github: profile?.socialLinks?.github ?? '',
    linkedin: profile?.socialLinks?.linkedin ?? '',
    twitter: profile?.socialLinks?.twitter ?? '',
    country: profile?.country ?? '',
    state: profile?.state ?? '',
    address: profile?.address ?? '',
    college: profile?.college ?? '',
    course: profile?.course ?? '',
    branch: profile?.branch ?? '',
    collegeYear: profile?.collegeYear ?? '',
    mobile: profile?.mobile ?? '',
    skills: profile?.skills ?? [],
  };
}

/** `example.com` -> `https://example.com`; a value with a scheme stays as it is (spec section 5). */
export function normaliseWebsite(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
}

/**
 * The PUT /api/users/profile body. Empty optional fields are omitted (spec section 5), except a field the
 * user has just emptied, which is sent empty so that clearing it is saved (the server keeps fields it is
 * not sent). The skills list is always sent, so that removing the last skill is saved too.
 */
export function profileUpdateBody(values: ProfileFormValues, bioIsBlank: boolean, initial: ProfileFormValues = profileFormValues(null)): Record<string, unknown> {
  const body: Record<string, unknown> = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    country: values.country.trim(),
    address: values.address.trim(),
    skills: values.skills,
  };
  const optional = {
    tagline: values.tagline.trim(),
    bio: bioIsBlank ? '' : values.bio,
    website: normaliseWebsite(values.website),
    state: values.state.trim(),
    college: values.college.trim(),
    course: values.course,
    branch: values.branch,
    collegeYear: values.collegeYear,
    mobile: values.mobile.trim(),
  } satisfies Partial<Record<keyof ProfileFormValues, string>>;
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string][]) {
    if (value || initial[key].trim()) body[key] = value;
  }
  const socialLinks: Record<string, string> = {};
  if (values.github.trim()) socialLinks.github = values.github.trim();
  if (values.linkedin.trim()) socialLinks.linkedin = values.linkedin.trim();
  if (values.twitter.trim()) socialLinks.twitter = values.twitter.trim();
  const hadLinks = Boolean(initial.github.trim() || initial.linkedin.trim() || initial.twitter.trim());
  if (Object.keys(socialLinks).length > 0 || hadLinks) body.socialLinks = socialLinks;
  return body;
}

/** Server field names (`socialLinks.github`) -> form fields. */
export function formFieldOf(serverField: string): ProfileField | undefined {
  const name = serverField.replace(/^socialLinks\./, '');
  const known: ProfileField[] = ['firstName', 'lastName', 'tagline', 'bio', 'website', 'github', 'linkedin', 'twitter', 'country', 'state', 'address', 'college', 'course', 'branch', 'collegeYear', 'mobile', 'skills'];
  return known.find((field) => field === name);
}

/** Adds a skill when it is non-empty and not listed yet (case-insensitive). */
export function addSkill(skills: string[], value: string): string[] {
  const skill = value.trim();
  if (!skill || skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return skills;
  return [...skills, skill];
}
