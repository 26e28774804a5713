import clsx from 'clsx';
import { useId, useRef, type KeyboardEvent } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  /** Shown beside the label once known. */
  count?: number;
}

/** An accessible tab bar (arrow keys move between tabs); the panel is the caller's, labelled by `panelId`. */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  panelId,
  size = 'md',
}: {
  tabs: readonly Tab<NoInfer<K>>[];
  active: K;
  onChange(key: NoInfer<K>): void;
  label: string;
  panelId: string;
  size?: 'md' | 'sm';
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onChange(tabs[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={clsx('flex gap-1 overflow-x-auto', size === 'md' ? 'border-b border-slate-200' : 'rounded-lg bg-slate-100 p-1')}>
      {tabs.map((tab, index) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={`${id}-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={clsx(
              'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap sm:gap-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              size === 'md'
                ? clsx('-mb-px border-b-2 px-3 py-2.5 sm:px-4', selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900')
                : clsx('rounded-md px-2 py-1.5 sm:px-3', selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'),
            )}
          >
            {tab.label}
            {tab.count !== undefined && (
              <span className={clsx('rounded-full px-2 py-0.5 text-xs tabular-nums', selected ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-200 text-slate-700')}>
                {tab.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
