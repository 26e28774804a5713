import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Plus, Trash2, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { TextArea } from '../ui/TextArea';
import { inputClasses, TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { checkImage, IMAGE_ACCEPT, IMAGE_HINT } from '../users/images';
import { addTechnology, ProjectForm, type ProjectFormOutput, type ProjectFormValues } from './projectForm';
import { DESCRIPTION_MAX, projectId, projectKeys, projectsApi, type Project, type ProjectInput } from './projectsApi';

const blank = (project?: Project | null): ProjectFormValues => ({
  title: project?.title ?? '',
  description: project?.description ?? '',
  technologies: project?.technologies ?? [],
  githubUrl: project?.githubUrl ?? '',
  liveUrl: project?.liveUrl ?? '',
  image: project?.image ?? null,
});

const resolver = zodResolver(ProjectForm);

interface ProjectFormModalProps {
  open: boolean;
  /** The project being edited; none to add a new one. */
  project?: Project | null;
  onClose(): void;
}

/** Add / edit project: title, description (500 max), technologies, links and an image. */
export function ProjectFormModal({ open, project, onClose }: ProjectFormModalProps) {
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const { register, handleSubmit, reset, setValue, watch, formState } = useForm<ProjectFormValues, unknown, ProjectFormOutput>({ resolver, defaultValues: blank(project) });
  const errors = formState.errors;
  const technologies = watch('technologies') ?? [];
  const image = watch('image');
  // The technology being typed, before Add or Enter puts it in the list.
  const [tech, setTech] = useState('');
  const [imageError, setImageError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  // Every opening starts from the project's values (or blank).
  useEffect(() => {
    if (!open) return;
    reset(blank(project));
    setTech('');
    setImageError(null);
    setServerError(null);
  }, [open, project, reset]);

  const setTechnologies = (list: string[]) => setValue('technologies', list);
  const setImage = (url: string | null) => setValue('image', url);

  const upload = useMutation({
    mutationFn: (file: File) => projectsApi.uploadImage(file),
    onSuccess: (url) => {
      if (!url) return setImageError('Failed to upload image');
      setImage(url);
      setImageError(null);
    },
    onError: (err) => {
      // The server says why (not an image, too large); the generic text is for when it could not.
      const text = messageOf(err, 'Failed to upload image');
      setImageError(text);
      notify.error(text);
    },
  });

  const save = useMutation({
    mutationFn: (input: ProjectInput) => (project ? projectsApi.update(projectId(project), input) : projectsApi.create(input)),
    onSuccess: () => {
      notify.success(project ? 'Project updated successfully!' : 'Project added successfully!');
      onClose();
    },
    onError: (error) => {
      const text = messageOf(error, 'Failed to save project');
      setServerError(text);
      notify.error(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });

  const busy = save.isPending || upload.isPending;

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImage(file);
    if (problem) return setImageError(problem);
    upload.mutate(file);
  };

  const addTech = () => {
    setTechnologies(addTechnology(technologies, tech));
    setTech('');
  };

  const onTechKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTech();
    }
  };

  const submit = handleSubmit(
    (input) => {
      if (busy) return;
      setServerError(null);
      // A technology typed but not added yet is taken too.
      save.mutate({ ...input, technologies: addTechnology(input.technologies, tech) });
    },
    () => setServerError(null),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      title={project ? 'Edit Project' : 'Add Project'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} disabled={upload.isPending}>
            {project ? 'Update Project' : 'Add Project'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-5">
        {serverError && <Alert>{serverError}</Alert>}
        <TextField label="Title" {...register('title')} error={errors.title?.message} maxLength={120} />
        <TextArea
          label="Description"
          rows={4}
          {...register('description')}
          value={watch('description')}
          error={errors.description?.message}
          counterMax={DESCRIPTION_MAX}
        />

        <div>
          <label htmlFor={`${formId}-tech`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Technologies
          </label>
          <div className="flex gap-2">
            <input
              id={`${formId}-tech`}
              value={tech}
              onChange={(e) => setTech(e.target.value)}
              onKeyDown={onTechKeyDown}
              placeholder="e.g. React"
              className={inputClasses(false)}
              maxLength={40}
            />
            <Button variant="secondary" onClick={addTech} icon={<Plus className="size-4" aria-hidden="true" />}>
              Add
            </Button>
          </div>
          {technologies.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Technologies added">
              {technologies.map((t) => (
                <li key={t} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pl-3 pr-1 text-sm font-medium text-indigo-700">
                  {t}
                  <button
                    type="button"
                    onClick={() => setTechnologies(technologies.filter((x) => x !== t))}
                    className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
                    aria-label={`Remove ${t}`}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="GitHub URL"
            type="url"
            inputMode="url"
            placeholder="https://github.com/you/project"
            {...register('githubUrl')}
            error={errors.githubUrl?.message}
          />
          <TextField
            label="Live URL"
            type="url"
            inputMode="url"
            placeholder="https://your-project.dev"
            {...register('liveUrl')}
            error={errors.liveUrl?.message}
          />
        </div>

        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700" id={`${formId}-image-label`}>
            Project image
          </p>
          {image ? (
            <div className="relative overflow-hidden rounded-xl ring-1 ring-slate-200">
              <img src={image} alt="Project preview" className="max-h-56 w-full object-cover" />
              <Button
                variant="secondary"
                size="sm"
                className="absolute right-2 top-2"
                onClick={() => setImage(null)}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
              >
                Remove image
              </Button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => fileRef.current?.click()}
              disabled={upload.isPending}
              aria-describedby={`${formId}-image-hint${imageError ? ` ${formId}-image-error` : ''}`}
              className="flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-sm text-slate-600 hover:border-indigo-400 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-wait"
            >
              {upload.isPending ? <Spinner className="size-6 text-indigo-600" /> : <ImagePlus className="size-6 text-slate-400" aria-hidden="true" />}
              <span className="font-semibold text-indigo-600">{upload.isPending ? 'Uploading...' : 'Upload an image'}</span>
            </button>
          )}
          <p id={`${formId}-image-hint`} className="mt-1.5 text-xs text-slate-500">
            {IMAGE_HINT}
          </p>
          {imageError && (
            <p id={`${formId}-image-error`} role="alert" className="mt-1 text-sm text-red-600">
              {imageError}
            </p>
          )}
          <input
            ref={fileRef}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-labelledby={`${formId}-image-label`}
            onChange={(e) => {
              pickImage(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      </form>
    </Dialog>
  );
}
