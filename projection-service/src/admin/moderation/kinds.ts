import type { ModerationKindType, ModerationPreview } from '@circuit/shared/api/admin-moderation';
import { EventContentSchema } from '@circuit/shared/events/event-listings';
import { HackathonContentSchema } from '@circuit/shared/events/hackathons';
import { QuizContentSchema } from '@circuit/shared/events/quizzes';
import { formatDateTime } from '@circuit/shared/time/format';

/**
 * The kinds of listing the moderation queue holds. A kind is a read-model table with the columns
 * id, status ('pending' until reviewed), created_by, created_at, updated_at, content (jsonb) and a
 * title and slug column, plus how its public page shows it. Adding events or quizzes is one entry.
 */
export interface ModerationKind {
  type: ModerationKindType;
  table: string;
  titleColumn: string;
  slugColumn: string;
  publicPath(slug: string): string;
  /** The command routes of this kind's approve and reject (POST). */
  approvePath(id: string): string;
  rejectPath(id: string): string;
  preview(content: unknown): ModerationPreview;
}

/** A date fact: the instant for the console, which writes it in its viewer's zone, and the same in UTC for any other reader. */
const when = (label: string, iso: string) => (Number.isFinite(Date.parse(iso)) ? { label, value: formatDateTime(iso, { timeZone: 'UTC' }), at: new Date(iso).toISOString() } : { label, value: '—' });

/** An organised listing's (hackathon's, event's) pictures and words: its banner, its logo or its organiser's, its short description. */
const organisedPreview = (c: { images: { banner: string; logo: string }; organization: { logo: string }; shortDescription: string; description: string }) => ({
  bannerUrl: c.images.banner || null,
  logoUrl: c.images.logo || c.organization.logo || null,
  summary: c.shortDescription,
  descriptionHtml: c.description,
});
const schedule = (dates: { startDate: string; endDate: string; registrationDeadline: string }) => [when('Starts', dates.startDate), when('Ends', dates.endDate), when('Registration closes', dates.registrationDeadline)];

/** A kind in the queue: its table's title column, and its console's approve and reject under `/api/admin/{table}`. */
function moderationKind(type: ModerationKindType, table: string, kind: Pick<ModerationKind, 'slugColumn' | 'publicPath' | 'preview'>): ModerationKind {
  return { type, table, titleColumn: 'title', approvePath: (id) => `/api/admin/${table}/${id}/approve`, rejectPath: (id) => `/api/admin/${table}/${id}/reject`, ...kind };
}

export const hackathonKind = moderationKind('hackathon', 'hackathons', {
  slugColumn: 'username',
  publicPath: (slug) => `/hackathons/${encodeURIComponent(slug)}`,
  preview(raw) {
    const c = HackathonContentSchema.parse(raw);
    const place = c.location.type === 'online' || !c.location.type ? 'Online' : [c.location.city, c.location.state, c.location.country].filter(Boolean).join(', ') || c.location.type;
    const price = c.pricing.type === 'paid' && c.pricing.amount > 0 ? `${c.pricing.currency} ${c.pricing.amount}` : 'Free';
    return {
      ...organisedPreview(c),
      facts: [
        { label: 'Organised by', value: c.organization.name || '—' },
        ...schedule(c.dates),
        { label: 'Where', value: place },
        { label: 'Entry', value: price },
        { label: 'Categories', value: c.categories.join(', ') || '—' },
        { label: 'Technologies', value: c.technologies.join(', ') || '—' },
      ],
    };
  },
});

const label = (value: string) => value.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const eventKind = moderationKind('event', 'events', {
  slugColumn: 'username',
  publicPath: (slug) => `/events/${encodeURIComponent(slug)}`,
  preview(raw) {
    const c = EventContentSchema.parse(raw);
    const place = c.location.type === 'online' ? 'Online' : [c.location.address, c.location.city, c.location.state, c.location.country].filter(Boolean).join(', ') || label(c.location.type);
    const price = c.pricing.type === 'paid' && c.pricing.amount > 0 ? `${c.pricing.currency} ${c.pricing.amount}` : c.pricing.type === 'donation' ? 'Donation' : 'Free';
    return {
      ...organisedPreview(c),
      facts: [
        { label: 'Organised by', value: c.organization.name || '—' },
        { label: 'Type', value: label(c.eventType) },
        { label: 'Category', value: label(c.category) },
        ...schedule(c.dates),
        { label: 'Where', value: place },
        { label: 'Entry', value: price },
        { label: 'Seats', value: c.maxAttendees > 0 ? String(c.maxAttendees) : 'Unlimited' },
        { label: 'Registrations on Circuit', value: c.takeRegistrations === 'false' ? 'No' : 'Yes' },
      ],
    };
  },
});

/** Quizzes have no slug: their public page is addressed by id. */
export const quizKind = moderationKind('quiz', 'quizzes', {
  slugColumn: 'id',
  publicPath: (id) => `/quiz/${encodeURIComponent(id)}`,
  preview(raw) {
    const c = QuizContentSchema.parse(raw);
    const price = c.pricing.type === 'paid' && c.pricing.amount > 0 ? `${c.pricing.currency} ${c.pricing.amount}` : 'Free';
    const points = c.questions.reduce((sum, q) => sum + q.points, 0);
    return {
      bannerUrl: c.image || null,
      logoUrl: null,
      summary: c.tags.length > 0 ? c.tags.map((t) => `#${t}`).join(' ') : '',
      descriptionHtml: c.description,
      facts: [
        { label: 'Category', value: label(c.category) },
        when('Registration opens', c.dates.registrationStartDate),
        when('Registration closes', c.dates.registrationEndDate),
        when('Starts', c.dates.startDate),
        when('Ends', c.dates.endDate),
        { label: 'Time limit', value: `${c.timeLimit} minutes` },
        { label: 'Questions', value: `${c.questions.length} (${points} points)` },
        { label: 'Passing score', value: `${c.passingScore}%` },
        { label: 'Seats', value: String(c.maxParticipants) },
        { label: 'Entry', value: price },
      ],
    };
  },
});

/** Every kind in the queue. */
export const MODERATION_KINDS: readonly ModerationKind[] = [hackathonKind, eventKind, quizKind];
