import clsx from 'clsx';
import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { inputClasses } from './TextField';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shows "n/max" under the field (the field itself is not cut at max, so the rule's message can show). */
  counterMax?: number;
  hideLabel?: boolean;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, counterMax, hideLabel, id, className, value, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `textarea-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  const length = typeof value === 'string' ? value.length : 0;
  const describedBy = [error ? errorId : hint ? hintId : null, counterMax ? counterId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className={clsx('mb-1.5 block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(inputClasses(Boolean(error)), 'min-h-24 resize-y')}
        {...rest}
      />
      <div className="mt-1.5 flex items-start justify-between gap-3">
        <div className="min-w-0">
          {hint && !error && (
            <p id={hintId} className="text-xs text-slate-500">
              {hint}
            </p>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        {counterMax !== undefined && (
          <p id={counterId} className={clsx('shrink-0 text-xs tabular-nums', length > counterMax ? 'font-semibold text-red-600' : 'text-slate-500')}>
            {length}/{counterMax}
          </p>
        )}
      </div>
    </div>
  );
});
