import clsx from 'clsx';
import { Card } from './Card';

/** Grey cards of a listing card's shape while a list loads (spec 3: "Loading shows 3 skeleton cards"). */
export function SkeletonCards({ count = 3, className = 'sm:grid-cols-2 lg:grid-cols-3' }: { count?: number; className?: string }) {
  return (
    <ul className={clsx('grid gap-6', className)} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Card className="overflow-hidden">
            <div className="h-36 animate-pulse bg-slate-200" />
            <div className="space-y-3 p-5">
              <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
              <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
