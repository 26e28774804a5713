import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { api, messageOf } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';
import { notify } from '../ui/toast';

/** The asterisk of a required field: seen, not read (the input says aria-required). */
export const RequiredMark = () => (
  <span className="ml-0.5 text-red-600" aria-hidden="true">
    *
  </span>
);

/** A titled card of the form. */
export function FormSection({ title, children, hint, required }: { title: string; hint?: string; required?: boolean; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
        {required && <RequiredMark />}
      </h2>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A field's message under it, read with the field (aria-describedby), and its limit counter. */
export function FieldNotes({ id, hint, error, count, max }: { id: string; hint?: string; error?: string; count?: number; max?: number }) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
      {(hint || max !== undefined) && (
        <div className="mt-1 flex items-start justify-between gap-3 text-xs text-slate-500">
          {hint ? <p id={`${id}-hint`}>{hint}</p> : <span />}
          {max !== undefined && (
            // Polite: read out when the typing pauses, not over every keystroke.
            <p id={`${id}-counter`} aria-live="polite" className={clsx('shrink-0 tabular-nums', count === max && 'font-semibold text-slate-700')}>
              {count ?? 0}/{max}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** The ids a field's notes take, for its aria-describedby. */
export const describedBy = (id: string, notes: { hint?: string; error?: string; max?: number }) =>
  [notes.error && `${id}-error`, notes.hint && `${id}-hint`, notes.max !== undefined && `${id}-counter`].filter(Boolean).join(' ') || undefined;

const fieldId = (label: string) => `f-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

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
  /** For number inputs: the smallest change (0.01 for prices). */
  step?: number;
  required?: boolean;
  /** Input stops at this length. */
  maxLength?: number;
  /** A counter of the characters used out of maxLength. */
  showCount?: boolean;
  /** The broken rule, shown under the field. */
  error?: string;
}

export function Input({ label, value, onChange, type = 'text', wide, disabled, hint, placeholder, min, max, step, required, maxLength, showCount, error }: InputProps) {
  const id = fieldId(label);
  const counter = showCount ? maxLength : undefined;
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        id={id}
        type={type}
        className={inputClasses(Boolean(error))}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        min={min}
        max={max}
        step={step}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error, max: counter })}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} count={String(value).length} max={counter} />
    </div>
  );
}

export function Choice({ label, value, options, onChange, placeholder, required, error }: { label: string; value: string; options: readonly (readonly [string, string])[]; onChange(v: string): void; placeholder?: string; required?: boolean; error?: string }) {
  const id = fieldId(label);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && <RequiredMark />}
      </label>
      <select id={id} className={inputClasses(Boolean(error))} value={value} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error })} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

export const same = (values: readonly string[]) => values.map((v) => [v, v] as const);

/** A number input whose empty value is sent as 0 ("empty numbers parse to 0"). */
export const num = (v: string) => (v === '' ? 0 : Number(v));

/** An image uploaded at once (POST /api/upload/image answers data.image); the field keeps its URL. */
export function ImageField({ label, value, onChange, hint, wide, shape = 'square' }: { label: string; value: string; onChange(url: string): void; hint?: string; wide?: boolean; shape?: 'square' | 'banner' }) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const res = await api.upload<{ image: string }>('/api/upload/image', 'file', file);
      onChange(res.data!.image);
    } catch (error) {
      notify.error(messageOf(error, 'Image upload failed'));
    } finally {
      setUploading(false);
    }
  }
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-slate-700">
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value} alt="" className={shape === 'banner' ? 'h-20 w-40 rounded-lg object-cover' : 'h-14 w-14 rounded-lg object-cover'} />
        ) : (
          <span className={`${shape === 'banner' ? 'h-20 w-40' : 'h-14 w-14'} flex items-center justify-center rounded-lg border border-dashed border-slate-300 text-slate-400`} aria-hidden="true">
            <ImagePlus className="h-5 w-5" />
          </span>
        )}
        <label className="cursor-pointer rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-500 hover:bg-slate-50">
          {uploading ? 'Uploading...' : value ? 'Replace image' : 'Upload image'}
          <input type="file" className="sr-only" accept="image/png,image/jpeg,image/gif,image/webp" disabled={uploading} aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            Remove
          </Button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
