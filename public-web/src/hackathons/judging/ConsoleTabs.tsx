import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * The console's sections as tabs (WAI-ARIA tabs pattern): one tab stop, the arrow keys, Home and
 * End move between them and show the section at once. Wraps on a phone.
 */
export function ConsoleTabs<K extends string>({ tabs, current, onChange, idOf }: { tabs: TabItem<K>[]; current: K; onChange(key: K): void; idOf(key: K): string }) {
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[to]!.key;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label="Judging sections" className="flex flex-wrap gap-x-1 border-b border-slate-200">
      {tabs.map((tab, index) => {
        const selected = tab.key === current;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current.set(tab.key, el);
            }}
            type="button"
            role="tab"
            id={`${idOf(tab.key)}-tab`}
            aria-selected={selected}
            aria-controls={idOf(tab.key)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => move(e, index)}
            className={clsx(
              '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500',
              selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
