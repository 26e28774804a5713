import { z } from 'zod';
import type { MyProject, ProjectVersion } from '@circuit/shared/api/hackathon-projects';
import { normaliseWebsite } from '@circuit/shared/validation/profile-rules';
import { ProjectFormSchema, type ProjectFormInput } from '@circuit/shared/validation/hackathon-judging';

/** What the project form holds: every field a plain value, so nothing typed is lost between answers. */
export interface ProjectFormValues {
  title: string;
  tagline: string;
  description: string;
  builtWith: string[];
  links: { repository: string; demo: string; video: string };
  images: string[];
  trackIds: string[];
}

export const TAGLINE_MAX = 200;
export const TITLE_MAX = 120;
export const IMAGES_MAX = 8;
export const BUILT_WITH_MAX = 30;

export const blankProject = (): ProjectFormValues => ({ title: '', tagline: '', description: '', builtWith: [], links: { repository: '', demo: '', video: '' }, images: [], trackIds: [] });

const fromVersion = (v: ProjectVersion): ProjectFormValues => ({
  title: v.title,
  tagline: v.tagline,
  description: v.description,
  builtWith: [...v.builtWith],
  links: { ...v.links },
  images: [...v.images],
  trackIds: [...v.trackIds],
});

/**
 * The form starts from the team's draft (the newest words), else the version submitted, else blank.
 * Once it can no longer be edited (the deadline passed) it shows the version judged.
 */
export function formValuesOf(mine: Pick<MyProject, 'draft' | 'submitted' | 'canEdit'> | undefined): ProjectFormValues {
  const version = mine?.canEdit === false ? (mine.submitted ?? mine.draft) : (mine?.draft ?? mine?.submitted);
  return version ? fromVersion(version) : blankProject();
}

/** A track the organiser has since removed is dropped, so the form never sends one the server refuses. */
export const knownTracks = (values: ProjectFormValues, trackIds: readonly string[]): ProjectFormValues => ({ ...values, trackIds: values.trackIds.filter((id) => trackIds.includes(id)) });

/** The body of PUT /project: links typed without a scheme get https:// (the editor gives '' once emptied). */
export function bodyOf(values: ProjectFormValues): ProjectFormInput {
  return {
    title: values.title.trim(),
    tagline: values.tagline.trim(),
    description: values.description,
    builtWith: values.builtWith,
    links: { repository: normaliseWebsite(values.links.repository), demo: normaliseWebsite(values.links.demo), video: normaliseWebsite(values.links.video) },
    images: values.images,
    trackIds: values.trackIds,
  };
}

const typedLink = z.string().transform(normaliseWebsite).pipe(ProjectFormSchema.shape.links.unwrap().shape.repository.unwrap());

/** The form's rules: the server's body (shared/src/validation/hackathon-judging.ts), with links as the user types them. */
export const ProjectFormRules = ProjectFormSchema.extend({
  links: z.object({ repository: typedLink, demo: typedLink, video: typedLink }),
});

/** Adds a built-with tag unless it is empty, listed already (any case) or one too many. */
export function addTag(list: readonly string[], value: string): string[] {
  const tag = value.trim().slice(0, 40);
  if (!tag || list.length >= BUILT_WITH_MAX || list.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...list];
  return [...list, tag];
}

export type ProjectField = 'title' | 'tagline' | 'description' | 'builtWith' | 'links.repository' | 'links.demo' | 'links.video' | 'images' | 'trackIds';
const FIELDS: readonly ProjectField[] = ['title', 'tagline', 'description', 'builtWith', 'links.repository', 'links.demo', 'links.video', 'images', 'trackIds'];

/** The form field of a body field the server named ('images.2' is the images field, 'builtWith.0' the tags). */
export function formFieldOf(field: string): ProjectField | null {
  if ((FIELDS as readonly string[]).includes(field)) return field as ProjectField;
  const head = field.split('.')[0]!;
  if (head === 'links') return null;
  return (FIELDS as readonly string[]).includes(head) ? (head as ProjectField) : null;
}

/** Where a project stands, in words for the form's header. */
export function statusLabel(mine: Pick<MyProject, 'status'>): string {
  switch (mine.status) {
    case 'none':
      return 'Not started';
    case 'draft':
      return 'Draft, not submitted yet';
    case 'submitted':
      return 'Submitted';
    case 'withdrawn':
      return 'Withdrawn';
  }
}

/** Whether the draft has words the version submitted lacks (the team saved after submitting). */
export function draftDiffers(mine: Pick<MyProject, 'draft' | 'submitted'>): boolean {
  if (!mine.draft || !mine.submitted) return false;
  const strip = (v: ProjectVersion) => JSON.stringify({ ...v, videoEmbedUrl: null, fromPortfolioProjectId: null });
  return strip(mine.draft) !== strip(mine.submitted);
}
