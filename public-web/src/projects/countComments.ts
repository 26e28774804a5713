import type { ProjectComment } from './projectsApi';

/** Comments and their replies, counted alike (the card and the dialog show the same number). */
export const countComments = (comments: ProjectComment[] | undefined): number =>
  (comments ?? []).reduce((sum, c) => sum + 1 + countComments(c.replies), 0);
