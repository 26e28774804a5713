import clsx from 'clsx';

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

export const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold transition-colors',
    focusRing,
    isActive ? 'text-indigo-600 bg-indigo-50' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
