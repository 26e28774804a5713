import type { HackathonPhase } from '@circuit/shared/hackathons/options';
import { inZone, viewerTimeZone } from '@circuit/shared/time/format';
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
 * Dates and times are shown in the viewer's own zone, and a time always names it ('12 Dec 2026, 10:00 am UTC',
 * '3:30 pm IST'), so what an organiser typed into the form reads the same on the page. The rule and its
 * wording live in shared/src/time/format.ts, for the console and the mails too.
 */
type When = Parameters<ReturnType<typeof inZone>['date']>[0];

/** A narrow column breaks a date only after a comma: no-break spaces keep '5 Sept 2026' and '5:30 pm IST' whole. */
const unbroken = (text: string) => text.split(', ').map((part) => part.replaceAll(' ', '\u00a0')).join(', ');

export interface DateLabels {
  /** '5 Sept 2026', the calendar day; '' for a value that is not a date. */
  date(when: When): string;
  /** '5:30 pm IST', the zone named. */
  time(when: When): string;
  /** 'Sat, 5 Sept 2026, 5:30 pm IST'; `{ weekday: false }` for tables. */
  dateTime(when: When, options?: { weekday?: boolean }): string;
}

const byZone = new Map<string, DateLabels>();
/** The three labels in one zone (kept per zone: a page of cards asks for them once each). */
export function dateLabelsIn(timeZone: string): DateLabels {
  let labels = byZone.get(timeZone);
  if (!labels) {
    const zone = inZone(timeZone);
    labels = { date: (when) => unbroken(zone.date(when)), time: (when) => unbroken(zone.time(when)), dateTime: (when, options) => unbroken(zone.dateTime(when, options)) };
    byZone.set(timeZone, labels);
  }
  return labels;
}

/*
 * The viewer's zone, for screens only the browser renders. A page the server renders too takes its labels
 * from useDateLabels (ui/useDateLabels.ts), which starts in the server's zone and then moves to the viewer's.
 */
const viewer = dateLabelsIn(viewerTimeZone());
export const formatDate = viewer.date;
export const formatTime = viewer.time;
export const formatDateTime = viewer.dateTime;
