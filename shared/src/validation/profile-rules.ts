import { z } from 'zod';
import { BRANCHES, COLLEGE_YEARS, COUNTRIES, COURSES } from '../profiles/options';

/**
 * Profile save rules of spec 1 section 5, enforced by the server with the same messages. Free of the server's
 * HTML sanitiser, so the web app's forms can check with them too (`profile.ts` adds the server's bio measure).
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();
/**
 * A link to a profile on the named site: an http(s) URL (https:// is added when the scheme is
 * left out) whose host is the site or one of its subdomains. Merely containing the name is not
 * enough: `javascript:alert(1)//github.com` and `https://github.com.evil.example` are refused.
 */
export function isLinkToSite(value: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(normaliseWebsite(value));
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

const linkTo = (hosts: string[], message: string) =>
  z
    .string()
    .trim()
    .max(300, message)
    .optional()
    .transform((v) => (v ? normaliseWebsite(v) : v))
    .refine((v) => !v || isLinkToSite(v, hosts), message);
const oneOf = (values: readonly string[], message: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || values.includes(v), message);

/** `example.com` -> `https://example.com`; a value with a scheme stays as it is. */
export function normaliseWebsite(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
}

/** The profile body's rules, the bio's visible length measured by `bioTextLength` (the server's sanitiser, or the browser's DOM). */
export const updateProfileBody = (bioTextLength: (html: string) => number) =>
  z
    .object({
      firstName: required('First name is required').max(50, 'First name cannot exceed 50 characters'),
      lastName: required('Last name is required').max(50, 'Last name cannot exceed 50 characters'),
      bio: z
        .string()
        .max(5000, 'Bio cannot exceed 500 characters')
        .optional()
        .refine((v) => !v || bioTextLength(v) <= 500, 'Bio cannot exceed 500 characters'),
      tagline: optionalText(100, 'Tagline cannot exceed 100 characters'),
      website: z
        .string()
        .trim()
        .max(300, 'Please enter a valid website URL')
        .optional()
        .transform((v) => (v ? normaliseWebsite(v) : v))
        .refine((v) => !v || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Please enter a valid website URL'),
      socialLinks: z
        .object({
          github: linkTo(['github.com'], 'Please enter a valid GitHub URL'),
          linkedin: linkTo(['linkedin.com'], 'Please enter a valid LinkedIn URL'),
          twitter: linkTo(['twitter.com', 'x.com'], 'Please enter a valid Twitter URL'),
        })
        .optional(),
      country: required('Country is required').refine((v) => (COUNTRIES as readonly string[]).includes(v), 'Please select a valid country'),
      state: z.string().trim().max(100).optional(),
      address: required('Address is required').max(300, 'Address cannot exceed 300 characters'),
      college: optionalText(150, 'College cannot exceed 150 characters'),
      course: oneOf(COURSES, 'Please select a valid course'),
      branch: oneOf(BRANCHES, 'Please select a valid branch'),
      collegeYear: oneOf(COLLEGE_YEARS, 'Please select a valid year'),
      skills: z
        .array(z.string().trim().min(1).max(40, 'A skill cannot exceed 40 characters'))
        .max(50, 'You can list at most 50 skills')
        .optional()
        .transform((skills) => (skills ? [...new Map(skills.map((s) => [s.toLowerCase(), s])).values()] : skills)),
      mobile: z
        .string()
        .trim()
        .optional()
        .refine((v) => !v || /^\+?[0-9 -]{10,20}$/.test(v), 'Please enter a valid mobile number (at least 10 digits)'),
    })
    .superRefine((body, ctx) => {
      if (body.country === 'India' && !body.state?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['state'], message: 'State is required for India' });
      }
    });

export const ProjectBody = z.object({
  title: z.string({ error: 'Title and description are required' }).trim().min(1, 'Title and description are required').max(120, 'Title cannot exceed 120 characters'),
  description: z
    .string({ error: 'Title and description are required' })
    .trim()
    .min(1, 'Title and description are required')
    .max(500, 'Description must be 500 characters or less'),
  technologies: z
    .array(z.string().trim().min(1).max(40))
    .max(30, 'You can list at most 30 technologies')
    .default([])
    .transform((list) => [...new Set(list)]),
  githubUrl: z.string().trim().max(300).url('Please enter a valid URL').or(z.literal('')).optional(),
  liveUrl: z.string().trim().max(300).url('Please enter a valid URL').or(z.literal('')).optional(),
  image: z.string().trim().max(500).nullable().optional(),
});
export type ProjectInput = z.infer<typeof ProjectBody>;

export const CommentBody = z.object({
  text: z.string({ error: 'Comment cannot be empty' }).trim().min(1, 'Comment cannot be empty').max(1000, 'Comment cannot exceed 1000 characters'),
});

export const ReportBody = z.object({
  reason: z
    .string({ error: 'Please provide a reason for reporting' })
    .trim()
    .min(1, 'Please provide a reason for reporting')
    .max(1000, 'Reason cannot exceed 1000 characters'),
});
