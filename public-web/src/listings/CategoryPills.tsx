import clsx from 'clsx';

/** The category pills under the search (All first); the chosen one is pressed. */
export function CategoryPills({ categories, labels, active, onChange }: { categories: readonly string[]; labels: Record<string, string>; active: string; onChange(category: string): void }) {
  return (
    <div className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0" role="group" aria-label="Categories">
      {['', ...categories].map((c) => {
        const pressed = active === c;
        return (
          <button
            key={c || 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(c)}
            className={clsx(
              'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              pressed ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400',
            )}
          >
            {c ? labels[c] : 'All'}
          </button>
        );
      })}
    </div>
  );
}
