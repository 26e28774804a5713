/** A small count bubble on a header icon; nothing when the count is zero. Decorative: the link's name says it. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -right-0.5 -top-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-none text-white ring-2 ring-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The accessible name of an icon link with a count, e.g. "Messages (3 unread)". */
export const withCount = (label: string, count: number) => (count > 0 ? `${label} (${count} unread)` : label);
