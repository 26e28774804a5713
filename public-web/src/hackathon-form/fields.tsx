import type { ReactNode } from 'react';
import { inputClasses } from '../ui/TextField';

/** A titled card of the form. */
export function FormSection({ title, children, hint }: { title: string; hint?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

interface InputProps {
  label: string;
  value: string | number;
  onChange(value: string): void;
  type?: string;
  wide?: boolean;
  disabled?: boolean;
  hint?: string;
  placeholder?: string;
  min?: number;
  max?: number;
}

export function Input({ label, value, onChange, type = 'text', wide, disabled, hint, placeholder, min, max }: InputProps) {
  const id = `f-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type={type} className={inputClasses(false)} value={value} disabled={disabled} placeholder={placeholder} min={min} max={max} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

export function Choice({ label, value, options, onChange, placeholder }: { label: string; value: string; options: readonly (readonly [string, string])[]; onChange(v: string): void; placeholder?: string }) {
  const id = `f-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={inputClasses(false)} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

export const same = (values: readonly string[]) => values.map((v) => [v, v] as const);

/** A number input whose empty value is sent as 0 ("empty numbers parse to 0"). */
export const num = (v: string) => (v === '' ? 0 : Number(v));
