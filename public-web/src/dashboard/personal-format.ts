/** The personal dashboard's price: 'Free', or the amount with the rupee sign (spec 3, "Personal dashboard"). */
export function rupees(amount: number): string {
  return amount > 0 ? `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}` : 'Free';
}

/** The personal dashboard's dates, 'MMM dd, yyyy' (Nov 05, 2026), on the Indian calendar day like every other date in the app. */
export function mmmDdYyyy(iso: string | null | undefined): string {
  if (!iso) return 'No date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'No date';
  return date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'Asia/Kolkata' });
}
