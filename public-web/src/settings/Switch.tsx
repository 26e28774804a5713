import clsx from 'clsx';

/** An on/off switch (a button with role switch): its name says what it turns, its state is read out as on or off. */
export function Switch({ checked, label, onChange, disabled }: { checked: boolean; label: string; onChange(next: boolean): void; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-60',
        checked ? 'bg-indigo-600' : 'bg-slate-300',
      )}
    >
      <span aria-hidden="true" className={clsx('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
    </button>
  );
}
