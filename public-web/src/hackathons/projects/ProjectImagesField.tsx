import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { api, messageOf } from '../../auth/apiClient';
import { FormSection } from '../../hackathon-form/fields';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/toast';
import { checkImage, IMAGE_ACCEPT, IMAGE_HINT } from '../../users/images';
import { IMAGES_MAX, type ProjectFormValues } from './projectForm';

/** Up to 8 images, each uploaded at once (POST /api/upload/image answers data.image); the form keeps their addresses. */
export function ProjectImagesField({ form, readOnly }: { form: UseFormReturn<ProjectFormValues, unknown, unknown>; readOnly: boolean }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const images = form.watch('images') ?? [];
  const error = problem ?? form.formState.errors.images?.message ?? null;
  const full = images.length >= IMAGES_MAX;

  async function upload(files: File[]) {
    setProblem(null);
    const room = IMAGES_MAX - (form.getValues('images') ?? []).length;
    for (const file of files.slice(0, room)) {
      const bad = checkImage(file);
      if (bad) {
        setProblem(bad);
        continue;
      }
      setUploading(true);
      try {
        const res = await api.upload<{ image: string }>('/api/upload/image', 'file', file);
        const url = res.data?.image;
        if (url) form.setValue('images', [...(form.getValues('images') ?? []), url], { shouldDirty: true });
      } catch (err) {
        const text = messageOf(err, 'Image upload failed');
        setProblem(text);
        notify.error(text);
      } finally {
        setUploading(false);
      }
    }
    if (files.length > room) setProblem(`A project can have at most ${IMAGES_MAX} images`);
  }

  const remove = (url: string) => form.setValue('images', images.filter((x) => x !== url), { shouldDirty: true });

  return (
    <FormSection title="Images" hint={`Screenshots or photos, up to ${IMAGES_MAX}. The first is the gallery card's picture.`}>
      <div className="sm:col-span-2">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={`Images (${images.length} of ${IMAGES_MAX})`}>
          {images.map((src, i) => (
            <li key={src} className="group relative overflow-hidden rounded-xl ring-1 ring-slate-200">
              <img src={src} alt={`Image ${i + 1}`} className="aspect-video w-full object-cover" />
              {!readOnly && (
                <Button variant="secondary" size="sm" className="absolute right-1.5 top-1.5 !px-2" onClick={() => remove(src)} aria-label={`Remove image ${i + 1}`}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
          {!readOnly && !full && (
            <li>
              <button
                type="button"
                onClick={() => fileRef.current?.click()}
                disabled={uploading}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                className="flex aspect-video w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 px-2 text-sm text-slate-600 hover:border-indigo-400 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-wait"
              >
                {uploading ? <Spinner className="size-5 text-indigo-600" /> : <ImagePlus className="size-5 text-slate-500" aria-hidden="true" />}
                <span className="font-semibold text-indigo-700">{uploading ? 'Uploading...' : 'Add images'}</span>
              </button>
            </li>
          )}
        </ul>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {IMAGE_HINT}, {images.length} of {IMAGES_MAX} used.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <input
          ref={fileRef}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Add images"
          onChange={(e) => {
            void upload([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
    </FormSection>
  );
}
