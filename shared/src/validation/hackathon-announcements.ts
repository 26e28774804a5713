import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, SPONSOR_TIERS } from '../hackathons/options';

/**
 * The announcement and sponsor forms of the admin page (spec 2 section 5, spec 3 section 5), as
 * the web app sends them. The schemas check shapes; `announcementViolation` and
 * `sponsorViolation` check the spec's rules, so the server and the form show the same message.
 */
export { AnnouncementMessages } from '../hackathons/announcement-messages';
import { AnnouncementMessages } from '../hackathons/announcement-messages';
const M = AnnouncementMessages;

const text = (max: number) => z.string().trim().max(max).default('');
/** An http(s) link or nothing: the announcements' and the hackathon projects' links. */
export const link = () =>
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]/i.test(v), M.link)
    .default('');

export const TeamMemberFormSchema = z.object({
  name: text(100),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), M.memberEmail)
    .default(''),
  role: text(100),
});

export const WinnerFormSchema = z.object({
  /** 1 for the first place; empty or 0 while unset. */
  rank: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v), z.number({ error: 'Rank must be a whole number' }).int('Rank must be a whole number').min(0, 'Rank must be a whole number').max(1000, 'Rank must be a whole number'))
    .default(0),
  track: text(100),
  teamName: text(100),
  projectName: text(200),
  projectDescription: text(2000),
  prize: text(200),
  teamMembers: z.array(TeamMemberFormSchema).max(20).default([]),
  pptLink: link(),
  videoLink: link(),
});
export type WinnerForm = z.infer<typeof WinnerFormSchema>;

export const SpecialAwardFormSchema = z.object({ category: text(100), teamName: text(100), projectName: text(200), description: text(2000) });
export type SpecialAwardForm = z.infer<typeof SpecialAwardFormSchema>;

export const AnnouncementResultsSchema = z.object({
  winners: z.array(WinnerFormSchema).max(50).default([]),
  specialAwards: z.array(SpecialAwardFormSchema).max(50).default([]),
});

/** POST /api/hackathons/{id}/announcements and PUT .../{announcementId}. `content` is rich HTML, sanitised by the server. */
export const AnnouncementFormSchema = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES, { error: 'Unknown announcement type' }).default('general'),
  title: z.string().trim().max(200, M.titleMax).default(''),
  content: z.string().max(50_000).default(''),
  results: AnnouncementResultsSchema.prefault({}),
});
export type AnnouncementForm = z.infer<typeof AnnouncementFormSchema>;
export type AnnouncementFormInput = z.input<typeof AnnouncementFormSchema>;

export const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';

/** The first broken rule, in the spec's order (title and content, then winners, then special awards), or null. */
export function announcementViolation(form: Pick<AnnouncementForm, 'type' | 'title' | 'content' | 'results'>): string | null {
  if (!form.title.trim() || isBlankHtml(form.content)) return M.titleContentRequired;
  if (form.type !== 'results') return null;
  if (form.results.winners.some((w) => !(w.rank > 0) || !w.teamName.trim() || !w.projectName.trim())) return M.winnerRequired;
  if (form.results.specialAwards.some((a) => !a.category.trim() || !a.teamName.trim())) return M.awardRequired;
  return null;
}

/** POST /api/hackathons/{id}/sponsors and PUT .../{sponsorId}. The logo comes from POST /api/upload/image (data.image). */
export const SponsorFormSchema = z.object({
  name: text(100),
  tier: z.enum(SPONSOR_TIERS, { error: 'Unknown sponsor tier' }).default('community'),
  image: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]/i.test(v) || /^\/uploads\/[\w./-]+$/.test(v), M.logo)
    .default(''),
});
export type SponsorForm = z.infer<typeof SponsorFormSchema>;
export type SponsorFormInput = z.input<typeof SponsorFormSchema>;

export function sponsorViolation(form: Pick<SponsorForm, 'name'>): string | null {
  return form.name.trim() ? null : M.sponsorNameRequired;
}
