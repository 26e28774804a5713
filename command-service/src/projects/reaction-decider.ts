import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { reactionDeciderOf, type ReactionCommand as Command } from '../reactions/reaction-decider';
import { ProjectMessages } from './project-decider';

/** A portfolio project's likes and saves: `project-like-<projectId>-<userId>` (`project-save-...`). */
export type ReactionEvent = DomainEvent<'ProjectLiked' | 'ProjectUnliked' | 'ProjectSaved' | 'ProjectUnsaved'>;
export type ReactionCommand = Command<ReactionEvent>;

export const reactionDecider = reactionDeciderOf<ReactionEvent>({
  events: { like: ['ProjectLiked', 'ProjectUnliked'], save: ['ProjectSaved', 'ProjectUnsaved'] },
  notFoundMessage: ProjectMessages.notFound,
});
