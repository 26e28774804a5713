/** How long a listing has waited for review, in words ("3 days", "5 hours", "under an hour"). */
export function waitingFor(submittedAt: string, now: Date = new Date()): string {
  const hours = Math.floor((now.getTime() - new Date(submittedAt).getTime()) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}
