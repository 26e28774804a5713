import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../ui/forms';
import { Spinner } from '../ui/Spinner';
import { TextArea } from '../ui/TextArea';
import { inputClasses, TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { checkImage, IMAGE_ACCEPT, IMAGE_HINT } from '../users/images';
import { DESCRIPTION_MAX, projectId, projectKeys, projectsApi, type Project, type ProjectInput } from './projectsApi';

type Field = 'title' | 'description' | 'githubUrl' | 'liveUrl' | 'image';

const REQUIRED_MESSAGE = 'Title and description are required';
const DESCRIPTION_MESSAGE = 'Description must be 500 characters or less';
const URL_MESSAGE = 'Please enter a valid URL';

/** `github.com/me/app` -> `https://github.com/me/app`; an empty value stays empty. */
export function normaliseUrl(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Adds a technology only when it is non-empty and not listed yet (spec section 5). */
export function addTechnology(list: string[], value: string): string[] {
  const tech = value.trim();
  if (!tech || list.some((t) => t.toLowerCase() === tech.toLowerCase())) return list;
  return [...list, tech];
}

export function validateProject(values: { title: string; description: string; githubUrl: string; liveUrl: string }): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!values.title.trim()) errors.title = REQUIRED_MESSAGE;
  if (!values.description.trim()) errors.description = REQUIRED_MESSAGE;
  else if (values.description.trim().length > DESCRIPTION_MAX) errors.description = DESCRIPTION_MESSAGE;
  if (values.githubUrl.trim() && !isHttpUrl(normaliseUrl(values.githubUrl))) errors.githubUrl = URL_MESSAGE;
  if (values.liveUrl.trim() && !isHttpUrl(normaliseUrl(values.liveUrl))) errors.liveUrl = URL_MESSAGE;
  return errors;
}

interface ProjectFormModalProps {
  open: boolean;
  /** The project being edited; none to add a new one. */
  project?: Project | null;
  onClose(): void;
}

/** Add / edit project: title, description (500 max), technologies, links and an image. */
export function ProjectFormModal({ open, project, onClose }: ProjectFormModalProps) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [technologies, setTechnologies] = useState<string[]>([]);
  const [tech, setTech] = useState('');
  const [githubUrl, setGithubUrl] = useState('');
  const [liveUrl, setLiveUrl] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  // Every opening starts from the project's values (or blank).
  useEffect(() => {
    if (!open) return;
    setTitle(project?.title ?? '');
    setDescription(project?.description ?? '');
    setTechnologies(project?.technologies ?? []);
    setTech('');
    setGithubUrl(project?.githubUrl ?? '');
    setLiveUrl(project?.liveUrl ?? '');
    setImage(project?.image ?? null);
    setErrors({});
    setServerError(null);
  }, [open, project]);

  const upload = useMutation({
    mutationFn: (file: File) => projectsApi.uploadImage(file),
    onSuccess: (url) => {
      if (!url) {
        setErrors((e) => ({ ...e, image: 'Failed to upload image' }));
        return;
      }
      setImage(url);
      setErrors((e) => ({ ...e, image: undefined }));
    },
    onError: (err) => {
      // The server says why (not an image, too large); the generic text is for when it could not.
      const text = messageOf(err, 'Failed to upload image');
      setErrors((e) => ({ ...e, image: text }));
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

  /** Editing a field clears its message. */
  const edit = (field: Field, setter: (value: string) => void) => (value: string) => {
    setter(value);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    upload.mutate(file);
  };

  const addTech = () => {
    setTechnologies((list) => addTechnology(list, tech));
    setTech('');
  };

  const onTechKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTech();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateProject({ title, description, githubUrl, liveUrl });
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    // A technology typed but not added yet is taken too.
    const techs = addTechnology(technologies, tech);
    save.mutate({
      title: title.trim(),
      description: description.trim(),
      technologies: techs,
      githubUrl: normaliseUrl(githubUrl),
      liveUrl: normaliseUrl(liveUrl),
      image,
    });
  };

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
      <form id={formId} ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        {serverError && <Alert>{serverError}</Alert>}
        <TextField label="Title" name="title" value={title} onChange={(e) => edit('title', setTitle)(e.target.value)} error={errors.title} maxLength={120} />
        <TextArea
          label="Description"
          name="description"
          rows={4}
          value={description}
          onChange={(e) => edit('description', setDescription)(e.target.value)}
          error={errors.description}
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
                    onClick={() => setTechnologies((list) => list.filter((x) => x !== t))}
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
            name="githubUrl"
            type="url"
            inputMode="url"
            placeholder="https://github.com/you/project"
            value={githubUrl}
            onChange={(e) => edit('githubUrl', setGithubUrl)(e.target.value)}
            error={errors.githubUrl}
          />
          <TextField
            label="Live URL"
            name="liveUrl"
            type="url"
            inputMode="url"
            placeholder="https://your-project.dev"
            value={liveUrl}
            onChange={(e) => edit('liveUrl', setLiveUrl)(e.target.value)}
            error={errors.liveUrl}
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
              aria-describedby={`${formId}-image-hint${errors.image ? ` ${formId}-image-error` : ''}`}
              className="flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-sm text-slate-600 hover:border-indigo-400 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-wait"
            >
              {upload.isPending ? <Spinner className="size-6 text-indigo-600" /> : <ImagePlus className="size-6 text-slate-400" aria-hidden="true" />}
              <span className="font-semibold text-indigo-600">{upload.isPending ? 'Uploading...' : 'Upload an image'}</span>
            </button>
          )}
          <p id={`${formId}-image-hint`} className="mt-1.5 text-xs text-slate-500">
            {IMAGE_HINT}
          </p>
          {errors.image && (
            <p id={`${formId}-image-error`} role="alert" className="mt-1 text-sm text-red-600">
              {errors.image}
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
