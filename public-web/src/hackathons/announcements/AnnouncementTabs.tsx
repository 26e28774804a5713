import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  count: number;
}

/**
 * Tabs with counts (WAI-ARIA tabs pattern): arrow keys, Home and End move between them, the
 * selected one is the only one in the tab order. `panelId` is the element they control.
 */
export function AnnouncementTabs<K extends string>({ tabs, selected, onSelect, panelId, label }: { tabs: Tab<K>[]; selected: K; onSelect(key: K): void; panelId: string; label: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next]!.key);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
      {tabs.map((tab, i) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={clsx(
              '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500',
              active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
            <span className={clsx('rounded-full px-2 py-0.5 text-xs', active ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-100 text-slate-600')}>{tab.count}</span>
          </button>
        );
      })}
    </div>
  );
}
