import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useId } from 'react';

/** Stars for a rating already given, with its value in words for screen readers. */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-0.5', className)} role="img" aria-label={`${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={clsx('size-4', n <= Math.round(value) ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden="true" />
      ))}
    </span>
  );
}

/**
 * The rating input: five radio buttons drawn as stars (arrow keys move between them, as in any
 * radio group), each named "n stars".
 */
export function StarInput({ value, onChange, disabled }: { value: number; onChange(value: number): void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Your rating</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-md p-1 focus-within:outline-2 focus-within:outline-indigo-500 hover:bg-amber-50">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <Star className={clsx('size-7', n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden="true" />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value}/5
        </span>
      </div>
    </fieldset>
  );
}
