import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { Panel, Select } from './fields';
import { blankCriterion, blankTrack, type SetupDraft } from './setupDraft';

type Form = UseFormReturn<SetupDraft>;

/** The tracks (prize categories) a project enters; an id is kept once saved, so judges named for it stay. */
export function TracksFields({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'tracks', keyName: 'key' });
  const errors = form.formState.errors.tracks;
  return (
    <Panel
      id="setup-tracks"
      title="Tracks and prize categories"
      description="Projects enter the tracks they choose; each track gets its own ranking. None: one overall ranking."
      actions={
        <Button size="sm" variant="secondary" onClick={() => append(blankTrack())}>
          <Plus className="size-4" aria-hidden="true" /> Add track
        </Button>
      }
    >
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500">No tracks.</p>
      ) : (
        <ol className="space-y-3">
          {fields.map((field, i) => (
            <li key={field.key} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
              <TextField label={`Track ${i + 1} name`} {...form.register(`tracks.${i}.name`)} error={errors?.[i]?.name?.message} />
              <TextField label="Description (optional)" {...form.register(`tracks.${i}.description`)} error={errors?.[i]?.description?.message} />
              <Button variant="ghost" size="sm" className="text-red-600 sm:mt-7" onClick={() => remove(i)}>
                <Trash2 className="size-4" aria-hidden="true" /> Remove<span className="sr-only"> track {i + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

const SCALES = [
  { value: '5', label: '1 to 5' },
  { value: '10', label: '1 to 10' },
];

/** The criteria judges score: name, description, weight and a scale of 1-5 or 1-10. */
export function CriteriaFields({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'criteria', keyName: 'key' });
  const errors = form.formState.errors.criteria;
  return (
    <Panel
      id="setup-criteria"
      title="Criteria"
      description="A project’s score is the weighted mean of its criteria, each brought to 0–1 by its scale."
      actions={
        <Button size="sm" variant="secondary" onClick={() => append(blankCriterion())}>
          <Plus className="size-4" aria-hidden="true" /> Add criterion
        </Button>
      }
    >
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500">No criteria yet: judges need at least one to score.</p>
      ) : (
        <ol className="space-y-3">
          {fields.map((field, i) => (
            <li key={field.key} className="rounded-xl border border-slate-200 p-3">
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[2fr_1fr_1fr]">
                <TextField className="col-span-2 sm:col-span-1" label={`Criterion ${i + 1} name`} {...form.register(`criteria.${i}.name`)} error={errors?.[i]?.name?.message} />
                <TextField label="Weight" type="number" min={0.1} step={0.1} inputMode="decimal" {...form.register(`criteria.${i}.weight`, { valueAsNumber: true })} error={errors?.[i]?.weight?.message} />
                <Select label="Scale" options={SCALES} {...form.register(`criteria.${i}.scale`, { setValueAs: (v: string | number) => Number(v) })} error={errors?.[i]?.scale?.message} />
              </div>
              <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
                <TextField className="min-w-0 flex-1" label="Description (shown to judges)" {...form.register(`criteria.${i}.description`)} error={errors?.[i]?.description?.message} />
                <Button variant="ghost" size="sm" className="self-start text-red-600 sm:mb-1 sm:self-auto" onClick={() => remove(i)}>
                  <Trash2 className="size-4" aria-hidden="true" /> Remove<span className="sr-only"> criterion {i + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
