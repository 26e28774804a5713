import type { HackathonPhase } from '@circuit/shared/hackathons/options';
import { indianNumber } from '../ui/indianNumber';

/** Display names of the spec's enumeration values. */
export const CATEGORY_LABELS: Record<string, string> = {
  ideathon: 'Ideathon',
  hackathon: 'Hackathon',
  coding_contests: 'Coding contests',
  Cultural_competitions: 'Cultural competitions',
  Sports_competitions: 'Sports competitions',
  Design_competitions: 'Design competitions',
  Case_study_competitions: 'Case study competitions',
  other: 'Other',
};

export const STATUS_FILTER_LABELS: Record<string, string> = {
  registration_open: 'Registration open',
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
};

export const DATE_RANGE_LABELS: Record<string, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  this_week: 'This week',
  this_month: 'This month',
  next_month: 'Next month',
  expired: 'Expired',
};

export const LOCATION_LABELS: Record<string, string> = { online: 'Online', offline: 'Offline', hybrid: 'Hybrid' };

/** The card badge of spec 2 section 4 (unknown values fall back to draft). */
export const PHASE_BADGES: Record<HackathonPhase | 'draft' | 'pending', { label: string; className: string }> = {
  registration_open: { label: 'Registration open', className: 'bg-emerald-100 text-emerald-800' },
  registration_closed: { label: 'Registration closed', className: 'bg-amber-100 text-amber-800' },
  ongoing: { label: 'Ongoing', className: 'bg-blue-100 text-blue-800' },
  completed: { label: 'Completed', className: 'bg-slate-200 text-slate-700' },
  pending: { label: 'In review', className: 'bg-violet-100 text-violet-800' },
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700' },
};

const SYMBOLS: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$' };
/** An amount in its currency's own sign, Indian digit grouping and at most two decimals: '₹1,50,000', 'CA$12.5'. */
export function money(amount: number, currency: string): string {
  return `${SYMBOLS[currency] ?? `${currency} `}${indianNumber(amount, 2)}`;
}

/*
 * Dates are shown on India's calendar as en-IN writes them ('5 Sept 2026', '5 Sept 2026, 5:30 pm'). They are
 * written here rather than by Intl: the first Intl date formatter of a page loads the locale and time zone
 * data, ~25 ms of a phone's first second on every page of cards. India has kept UTC+5:30 without daylight
 * saving since 1945; labels.unit.spec.ts checks these against Intl.
 */
const IST_OFFSET_MS = 330 * 60_000;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

function inIndia(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time + IST_OFFSET_MS);
}

const dayMonthYear = (d: Date) => `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** '5 Sept 2026' on India's calendar; '' for a value that is not a date. */
export function formatDate(iso: string): string {
  const d = inIndia(iso);
  return d ? dayMonthYear(d) : '';
}

/** '5 Sept 2026, 5:30 pm' in India's time; '' for a value that is not a date. */
export function formatDateTime(iso: string): string {
  const d = inIndia(iso);
  if (!d) return '';
  const hours = d.getUTCHours();
  return `${dayMonthYear(d)}, ${hours % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}
