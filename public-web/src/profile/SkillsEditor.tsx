import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';
import { usePresetSkills } from '../users/usePresetSkills';
import { addSkill } from './validation';

/** The profile's skills: type (with preset suggestions) and add, remove with each chip's button. */
export function SkillsEditor({ skills, onChange, error }: { skills: string[]; onChange(skills: string[]): void; error?: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  const presets = usePresetSkills();

  const add = () => {
    onChange(addSkill(skills, value));
    setValue('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div>
      <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm font-medium text-slate-700">
        Add a skill
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-input`}
          list={`${id}-presets`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. React, Python"
          maxLength={40}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          className={inputClasses(Boolean(error))}
        />
        <Button variant="secondary" onClick={add} icon={<Plus className="size-4" aria-hidden="true" />}>
          Add
        </Button>
      </div>
      <datalist id={`${id}-presets`}>
        {presets
          .filter((p) => !skills.some((s) => s.toLowerCase() === p.toLowerCase()))
          .map((p) => (
            <option key={p} value={p} />
          ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          Press Enter to add a skill.
        </p>
      )}
      {skills.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Your skills">
          {skills.map((skill) => (
            <li key={skill} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pl-3 pr-1 text-sm font-medium text-indigo-700">
              {skill}
              <button
                type="button"
                onClick={() => onChange(skills.filter((s) => s !== skill))}
                aria-label={`Remove ${skill}`}
                className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
