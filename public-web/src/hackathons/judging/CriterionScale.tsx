import clsx from 'clsx';
import type { JudgingCriterionView } from '@circuit/shared/api/hackathon-judging';

/**
 * One criterion's score as a radio group (native radios: Tab reaches the group, the arrow keys move
 * along the scale, Space picks), labelled by the criterion with its description and weight.
 */
export function CriterionScale({ criterion, name, value, onChange }: { criterion: JudgingCriterionView; name: string; value: number | undefined; onChange(value: number): void }) {
  const steps = Array.from({ length: criterion.scale }, (_, i) => i + 1);
  const descriptionId = `${name}-description`;
  return (
    <fieldset aria-describedby={criterion.description ? descriptionId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">
        {criterion.name} <span className="font-normal text-slate-500">(1–{criterion.scale}, weight {criterion.weight})</span>
      </legend>
      {criterion.description && (
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
          {criterion.description}
        </p>
      )}
      <div className={clsx('mt-2 grid gap-1.5', criterion.scale === 10 ? 'grid-cols-5 sm:grid-cols-10' : 'grid-cols-5')}>
        {steps.map((step) => (
          <label key={step} className="relative">
            <input type="radio" name={name} value={step} checked={value === step} onChange={() => onChange(step)} className="peer sr-only" aria-label={`${step} of ${criterion.scale}`} />
            <span
              aria-hidden="true"
              className="flex h-10 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-700 tabular-nums peer-checked:border-indigo-600 peer-checked:bg-indigo-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 hover:border-indigo-400"
            >
              {step}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
