import clsx from 'clsx';

/** The product's mark (also the favicon). Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className ?? 'size-8')} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path d="M20.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="22.5" cy="16" r="2" fill="#fff" />
    </svg>
  );
}
