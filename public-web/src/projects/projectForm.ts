import { z } from 'zod';
import { normaliseWebsite, ProjectBody } from '@circuit/shared/validation/profile-rules';

/** Adds a technology only when it is non-empty and not listed yet (spec section 5). */
export function addTechnology(list: string[], value: string): string[] {
  const tech = value.trim();
  if (!tech || list.some((t) => t.toLowerCase() === tech.toLowerCase())) return list;
  return [...list, tech];
}

/** A link as typed (the scheme may be left out), then the server's rule for it. */
const typedLink = (rule: (typeof ProjectBody.shape)['githubUrl']) => z.string().transform(normaliseWebsite).pipe(rule.unwrap());

/** The project form: the server's body (shared/src/validation/profile.ts), with links as the user types them. */
export const ProjectForm = ProjectBody.extend({
  githubUrl: typedLink(ProjectBody.shape.githubUrl),
  liveUrl: typedLink(ProjectBody.shape.liveUrl),
  image: z.string().nullable(),
});
export type ProjectFormValues = z.input<typeof ProjectForm>;
export type ProjectFormOutput = z.output<typeof ProjectForm>;
