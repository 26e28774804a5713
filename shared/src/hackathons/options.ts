/** Hackathon enumerations and constants of spec 2 section 9. */
export const HACKATHON_CATEGORIES = [
  'ideathon',
  'hackathon',
  'coding_contests',
  'Cultural_competitions',
  'Sports_competitions',
  'Design_competitions',
  'Case_study_competitions',
  'other',
] as const;
export type HackathonCategory = (typeof HACKATHON_CATEGORIES)[number];

export const LOCATION_TYPES = ['online', 'offline', 'hybrid'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const HACKATHON_PRICING_TYPES = ['free', 'paid'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Country choices of the create and edit forms. */
export const FORM_COUNTRIES = ['India', 'United States', 'United Kingdom', 'Canada', 'Australia', 'Germany', 'France', 'Japan', 'China', 'Other'] as const;

/** Listing filters of section 9: date ranges, fee and country (India by default). */
export const DATE_RANGES = ['today', 'tomorrow', 'this_week', 'this_month', 'next_month', 'expired'] as const;
export const FEE_FILTERS = ['free', 'paid'] as const;
export const COUNTRY_FILTERS = ['India', 'International'] as const;
/** The list's status filter (section 4). */
export const LISTING_STATUS_FILTERS = ['registration_open', 'ongoing', 'upcoming', 'completed'] as const;

/** Moderation state of a listing: only `accepted` is public. */
export const CONTENT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/**
 * The card badge, derived from the dates by the server's clock: open until the registration
 * deadline, closed until the start, ongoing until the end, then completed.
 */
export const HACKATHON_PHASES = ['registration_open', 'registration_closed', 'ongoing', 'completed'] as const;
export type HackathonPhase = (typeof HACKATHON_PHASES)[number];

/** The display status of detail pages (section 4). */
export const DISPLAY_STATUSES = ['Upcoming', 'In Progress', 'Completed'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** `'false'` when the agreement is unticked, `'pending'` when ticked; `'true'` counts as ticked. */
export const TAKE_REGISTRATIONS = ['false', 'pending', 'true'] as const;
export type TakeRegistrations = (typeof TAKE_REGISTRATIONS)[number];

export const SPONSOR_TIERS = ['platinum', 'gold', 'silver', 'bronze', 'community'] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];

/** Announcement types (spec 3 section 9): `results` carries winners and special awards. */
export const ANNOUNCEMENT_TYPES = ['general', 'important', 'results'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Reviews, announcements and sponsors (spec 2 sections 5 and 9). */
export const HACKATHON_BOARD_LIMITS = {
  reviewsPage: 10,
  reviewCommentMax: 1000,
  ratingMin: 1,
  ratingMax: 5,
  defaultRating: 5,
  announcementsPreview: 2,
  sponsorsPerRow: 3,
} as const;

export const HACKATHON_LIMITS = {
  listFirstPage: 16,
  listMorePage: 12,
  featured: 8,
  shortDescriptionMax: 200,
  mentorTaglineMax: 100,
  usernameMin: 3,
  usernameMax: 30,
  defaultMaxParticipants: 100,
  defaultTeamMin: 1,
  defaultTeamMax: 4,
  /** The form offers 1-10 for the minimum. */
  formTeamMinMax: 10,
  teamMaxLimit: 20,
  cardTechnologies: 3,
  usernameCheckDebounceMs: 500,
  teamCodeCopiedMs: 1500,
} as const;

export const phaseOf = (dates: { startDate: string; endDate: string; registrationDeadline: string }, now: Date): HackathonPhase => {
  const t = now.getTime();
  if (t < Date.parse(dates.registrationDeadline)) return 'registration_open';
  if (t < Date.parse(dates.startDate)) return 'registration_closed';
  if (t < Date.parse(dates.endDate)) return 'ongoing';
  return 'completed';
};

/**
 * The first moment after `now` at which one of these listings changes phase or display status (epoch ms;
 * Infinity if none will): until then a list of them reads the same whatever the clock says.
 */
export function nextPhaseChange(listings: readonly { startDate: string; endDate: string; registrationDeadline: string }[], now: Date): number {
  const t = now.getTime();
  let next = Infinity;
  for (const dates of listings) {
    for (const at of [Date.parse(dates.registrationDeadline), Date.parse(dates.startDate), Date.parse(dates.endDate)]) if (at > t && at < next) next = at;
  }
  return next;
}

export const displayStatusOf = (dates: { startDate: string; endDate: string }, now: Date): DisplayStatus => {
  const t = now.getTime();
  if (t < Date.parse(dates.startDate)) return 'Upcoming';
  if (t < Date.parse(dates.endDate)) return 'In Progress';
  return 'Completed';
};

/** 'N days left', else 'N hours left', else 'N minutes left', else 'Starting soon' (to the registration deadline). */
export function countdownText(deadline: string, now: Date): string {
  const ms = Date.parse(deadline) - now.getTime();
  if (!(ms > 0)) return 'Starting soon';
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days >= 1) return `${days} ${days === 1 ? 'day' : 'days'} left`;
  if (hours >= 1) return `${hours} ${hours === 1 ? 'hour' : 'hours'} left`;
  if (minutes >= 1) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  return 'Starting soon';
}
