import clsx from 'clsx';
import { Check, Plus, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { inputClasses } from '../ui/TextField';
import { addCustomSkill } from './searchApi';

interface AddSkillsModalProps {
  open: boolean;
  presets: readonly string[];
  /** The selection when the modal opens; changes apply only with Apply Filters. */
  selected: string[];
  onApply(skills: string[]): void;
  onClose(): void;
}

/** 'Select Skills': filter the preset list, toggle skills, add custom ones, Clear All, Apply Filters. */
export function AddSkillsModal({ open, presets, selected, onApply, onClose }: AddSkillsModalProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const [working, setWorking] = useState<string[]>(selected);

  useEffect(() => {
    if (!open) return;
    setWorking(selected);
    setFilter('');
    // Only on opening: the selection is copied once.
  }, [open]);

  const term = filter.replace(/,/g, ' ').trim();
  const shown = useMemo(() => presets.filter((s) => s.toLowerCase().includes(term.toLowerCase())), [presets, term]);
  const canAddCustom = addCustomSkill(working, presets, term) !== working;
  const custom = working.filter((s) => !presets.some((p) => p.toLowerCase() === s.toLowerCase()));

  const toggle = (skill: string) => setWorking((w) => (w.includes(skill) ? w.filter((s) => s !== skill) : [...w, skill]));
  const addCustom = () => {
    setWorking((w) => addCustomSkill(w, presets, term));
    setFilter('');
    // The Add button goes away with the text: typing goes on in the box.
    filterRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (canAddCustom) addCustom();
    else if (shown.length === 1 && shown[0]) toggle(shown[0]);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Select Skills"
      description="Find people with any of these skills."
      footer={
        <>
          <Button variant="ghost" onClick={() => setWorking([])} disabled={working.length === 0} className="sm:mr-auto">
            Clear All
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onApply(working)}>Apply Filters{working.length ? ` (${working.length})` : ''}</Button>
        </>
      }
    >
      <div className="relative">
        <label htmlFor={`${id}-filter`} className="sr-only">
          Search skills
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          ref={filterRef}
          id={`${id}-filter`}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search skills or add your own"
          maxLength={40}
          className={clsx(inputClasses(false), 'pl-9')}
        />
      </div>

      {canAddCustom && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={addCustom} icon={<Plus className="size-4" aria-hidden="true" />}>
          Add &quot;{term}&quot;
        </Button>
      )}

      {custom.length > 0 && (
        <div className="mt-4">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Custom skills</p>
          <ul className="flex flex-wrap gap-2">
            {custom.map((skill) => (
              <li key={skill} className="inline-flex items-center gap-1 rounded-full bg-indigo-600 py-1 pl-3 pr-1 text-sm font-medium text-white">
                {skill}
                <button
                  type="button"
                  onClick={() => toggle(skill)}
                  aria-label={`Remove ${skill}`}
                  className="rounded-full p-0.5 hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-4">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500" id={`${id}-presets`}>
          Popular skills
        </p>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-500">No preset skill matches &quot;{term}&quot;.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-labelledby={`${id}-presets`}>
            {shown.map((skill) => {
              const on = working.includes(skill);
              return (
                <li key={skill}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(skill)}
                    className={clsx(
                      'inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                      on ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                    )}
                  >
                    {on && <Check className="size-3.5" aria-hidden="true" />}
                    {skill}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
