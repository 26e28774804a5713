import clsx from 'clsx';
import type { ReactNode } from 'react';

/** A quiet panel for "nothing here" and similar states: an icon, a title, a line of text, actions. */
export function EmptyState({
  icon,
  title,
  children,
  actions,
  className,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('flex flex-col items-center px-4 py-12 text-center', className)}>
      {icon && <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">{icon}</span>}
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div>}
      {actions && <div className="mt-6 flex flex-col gap-3 sm:flex-row">{actions}</div>}
    </div>
  );
}

/** A whole-screen state (signed out, not found, blocked): centred, with a heading. */
export function StateScreen({
  icon,
  title,
  children,
  actions,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md text-center">
        {icon && <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children && <div className="mt-3 text-slate-600">{children}</div>}
        {actions && <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
      </div>
    </div>
  );
}
