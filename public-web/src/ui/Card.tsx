import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx('rounded-2xl bg-white shadow-sm shadow-slate-200/60 ring-1 ring-slate-900/5', className)}
      {...rest}
    />
  );
}
