import { money } from '../hackathons/labels';
import { dateFormat } from '../ui/intlFormats';

/** The personal dashboard's price: 'Free', or the amount with the rupee sign (spec 3, "Personal dashboard"). */
export function rupees(amount: number): string {
  return amount > 0 ? money(amount, 'INR') : 'Free';
}

/** The personal dashboard's dates, 'MMM dd, yyyy' (Nov 05, 2026), on the viewer's calendar day like every other date in the app. */
export function mmmDdYyyy(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'No date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'No date';
  return dateFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone }).format(date);
}
