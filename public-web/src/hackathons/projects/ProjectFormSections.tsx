import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { JudgingTrack } from '@circuit/shared/events/hackathon-judging';
import { videoEmbedUrl } from '@circuit/shared/hackathons/video-embed';
import { normaliseWebsite } from '@circuit/shared/validation/profile-rules';
import { describedBy, FieldNotes, FormSection } from '../../hackathon-form/fields';
import { RichTextEditor } from '../../profile/RichTextEditor';
import { RichText } from '../DetailSections';
import { Button } from '../../ui/Button';
import { inputClasses, TextField } from '../../ui/TextField';
import { addTag, TAGLINE_MAX, TITLE_MAX, type ProjectFormValues } from './projectForm';
import { VideoEmbed } from './ProjectMedia';

type Form = UseFormReturn<ProjectFormValues, unknown, unknown>;

/** Title, tagline (with a polite counter) and the rich-text description. */
export function BasicsSection({ form, editorKey, readOnly }: { form: Form; editorKey: number; readOnly: boolean }) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const tagline = watch('tagline') ?? '';
  const taglineError = errors.tagline?.message;
  const taglineHint = "One line on the gallery's card.";
  return (
    <FormSection title="About the project">
      <TextField label="Title" className="sm:col-span-2" maxLength={TITLE_MAX} aria-required="true" {...register('title')} error={errors.title?.message} />
      <div className="sm:col-span-2">
        <label htmlFor="project-tagline" className="mb-1.5 block text-sm font-medium text-slate-700">
          Tagline
        </label>
        <input
          id="project-tagline"
          className={inputClasses(Boolean(taglineError))}
          maxLength={TAGLINE_MAX}
          aria-invalid={taglineError ? true : undefined}
          aria-describedby={describedBy('project-tagline', { error: taglineError, hint: taglineHint, max: TAGLINE_MAX })}
          {...register('tagline')}
        />
        <FieldNotes id="project-tagline" hint={taglineHint} error={taglineError} count={tagline.length} max={TAGLINE_MAX} />
      </div>
      <div className="sm:col-span-2">
        <p id="project-description-label" className="mb-1.5 text-sm font-medium text-slate-700">
          Description
        </p>
        <Controller
          control={form.control}
          name="description"
          render={({ field, fieldState }) =>
            readOnly ? (
              // Sanitised by the server when it was saved.
              <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm">
                <RichText html={field.value} empty="No description." />
              </div>
            ) : (
              <>
                <RichTextEditor
                  id="project-description"
                  labelledBy="project-description-label"
                  invalid={Boolean(fieldState.error)}
                  describedBy={describedBy('project-description', { error: fieldState.error?.message })}
                  initialHtml={field.value}
                  resetKey={editorKey}
                  onChange={field.onChange}
                  placeholder="What it does, how you built it, what is next"
                />
                <FieldNotes id="project-description" error={fieldState.error?.message} />
              </>
            )
          }
        />
      </div>
    </FormSection>
  );
}

/** Built-with tags: typed, then Add or Enter. */
export function BuiltWithSection({ form }: { form: Form }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const tags = form.watch('builtWith') ?? [];
  const error = form.formState.errors.builtWith?.message;
  const set = (list: string[]) => form.setValue('builtWith', list, { shouldDirty: true });
  const add = () => {
    set(addTag(tags, typed));
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  return (
    <FormSection title="Built with" hint="Languages, frameworks, APIs and tools.">
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-tag`} className="sr-only">
          Technology
        </label>
        <div className="flex gap-2">
          <input id={`${id}-tag`} value={typed} maxLength={40} placeholder="e.g. React" className={inputClasses(Boolean(error))} aria-describedby={error ? `${id}-tag-error` : undefined} onChange={(e) => setTyped(e.target.value)} onKeyDown={onKeyDown} />
          <Button variant="secondary" onClick={add} icon={<Plus className="size-4" aria-hidden="true" />}>
            Add
          </Button>
        </div>
        <FieldNotes id={`${id}-tag`} error={error} />
        {tags.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Technologies added">
            {tags.map((t) => (
              <li key={t} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pl-3 pr-1 text-sm font-medium text-indigo-700">
                {t}
                <button type="button" onClick={() => set(tags.filter((x) => x !== t))} className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500" aria-label={`Remove ${t}`}>
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </FormSection>
  );
}

/** Repository, live demo and video; a YouTube or Vimeo video shows as it will on the project page. */
export function LinksSection({ form }: { form: Form }) {
  const { register, formState, watch } = form;
  const errors = formState.errors.links;
  const video = watch('links.video') ?? '';
  const embed = videoEmbedUrl(normaliseWebsite(video));
  return (
    <FormSection title="Links">
      <TextField label="Repository" type="url" inputMode="url" placeholder="https://github.com/you/project" {...register('links.repository')} error={errors?.repository?.message} />
      <TextField label="Live demo" type="url" inputMode="url" placeholder="https://your-project.dev" {...register('links.demo')} error={errors?.demo?.message} />
      <TextField
        label="Video"
        className="sm:col-span-2"
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=..."
        hint="A YouTube or Vimeo link is shown as a player on the project page."
        {...register('links.video')}
        error={errors?.video?.message}
      />
      {embed && (
        <div className="sm:col-span-2 sm:max-w-md">
          <p className="mb-1.5 text-sm font-medium text-slate-700">Video preview</p>
          <VideoEmbed src={embed} title="Preview of the project's video" />
        </div>
      )}
    </FormSection>
  );
}

/** The tracks (prize categories) the project enters, from the organiser's judging setup. */
export function TracksSection({ form, tracks }: { form: Form; tracks: readonly JudgingTrack[] }) {
  const chosen = form.watch('trackIds') ?? [];
  const error = form.formState.errors.trackIds?.message;
  if (tracks.length === 0) return null;
  const toggle = (trackId: string) => form.setValue('trackIds', chosen.includes(trackId) ? chosen.filter((x) => x !== trackId) : [...chosen, trackId], { shouldDirty: true });
  return (
    <FormSection title="Tracks" hint="The prize categories your project enters.">
      <fieldset className="sm:col-span-2" aria-describedby={error ? 'project-tracks-error' : undefined}>
        <legend className="sr-only">Tracks to enter</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {tracks.map((t) => (
            <li key={t.id}>
              <label className="flex h-full cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50/60">
                <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-indigo-600" checked={chosen.includes(t.id)} onChange={() => toggle(t.id)} />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{t.name}</span>
                  {t.description && <span className="mt-0.5 block text-xs text-slate-600">{t.description}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FieldNotes id="project-tracks" error={error} />
      </fieldset>
    </FormSection>
  );
}
