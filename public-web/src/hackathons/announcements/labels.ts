import type { AnnouncementType, SponsorTier } from '@circuit/shared/hackathons/options';

export const TYPE_LABELS: Record<AnnouncementType, string> = { general: 'General', important: 'Important', results: 'Results' };

export const TYPE_STYLES: Record<AnnouncementType, string> = {
  general: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  important: 'bg-red-50 text-red-700 ring-red-200',
  results: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

export const TIER_LABELS: Record<SponsorTier, string> = { platinum: 'Platinum', gold: 'Gold', silver: 'Silver', bronze: 'Bronze', community: 'Community' };

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}
