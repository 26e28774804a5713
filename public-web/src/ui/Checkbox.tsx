import { useId, type ComponentProps, type ReactNode } from 'react';

/** `ref` reaches the input (a form library registers it). */
interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The label; may contain links (clicking a link follows it and does not toggle the box). */
  label: ReactNode;
  error?: string | null;
}

export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `checkbox-${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-slate-600">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
