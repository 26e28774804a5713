import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { forwardRef, useId, type SelectHTMLAttributes } from 'react';
import { inputClasses } from './TextField';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  /** The empty first option's text ("Select country"). */
  placeholder?: string;
  error?: string | null;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, error, id, className, value, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `select-${autoId}`;
  const errorId = `${inputId}-error`;
  const current = typeof value === 'string' ? value : '';
  // A stored value outside the list (an older option) is still shown rather than silently replaced.
  const all = current && !options.includes(current) ? [current, ...options] : options;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={inputId}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(inputClasses(Boolean(error)), 'appearance-none pr-9', !current && 'text-slate-500')}
          {...rest}
        >
          <option value="">{placeholder ?? 'Select'}</option>
          {all.map((option) => (
            <option key={option} value={option} className="text-slate-900">
              {option}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});
