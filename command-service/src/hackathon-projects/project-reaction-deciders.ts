import type { Decider } from '@circuit/shared/commands/decider';
import { notFound } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { JudgingMessages as M } from '@circuit/shared/validation/hackathon-judging';
import { reactionDeciderOf, type ReactionCommand } from '../reactions/reaction-decider';
import { commentText, withComment } from '../reactions/comment-rules';

/**
 * A hackathon project's likes and saves (`hackathon-project-like-<hackathonId>-<projectId>-<userId>`,
 * `...-save-...`) and its comments (`hackathon-project-comments-<hackathonId>-<projectId>`), on the
 * rules portfolio projects have (../reactions/). "Available" is the project visible to the user:
 * the caller reads it from the project's, the judging and the listing's streams (reaction-access.ts).
 */
export type HackathonReactionEvent = DomainEvent<'HackathonProjectLiked' | 'HackathonProjectUnliked' | 'HackathonProjectSaved' | 'HackathonProjectUnsaved'>;
export type HackathonReactionCommand = ReactionCommand<HackathonReactionEvent>;

export const hackathonReactionDecider = reactionDeciderOf<HackathonReactionEvent>({
  events: { like: ['HackathonProjectLiked', 'HackathonProjectUnliked'], save: ['HackathonProjectSaved', 'HackathonProjectUnsaved'] },
  notFoundMessage: M.projectNotFound,
});

export type HackathonCommentEvent = DomainEvent<'HackathonProjectCommented'>;

export interface HackathonCommentCommand {
  type: 'Comment';
  hackathonId: string;
  projectId: string;
  commentId: string;
  parentId: string | null;
  userId: string;
  text: string;
  available: boolean;
  now: Date;
}

/** The ids of the top-level comments: replies attach to these only. */
export interface CommentThreads {
  topLevel: string[];
}

export const hackathonCommentsDecider: Decider<CommentThreads, HackathonCommentCommand, HackathonCommentEvent> = {
  initialState: () => ({ topLevel: [] }),
  evolve: (state, event) => ({ topLevel: withComment(state.topLevel, event.data) }),
  decide(command, state) {
    if (!command.available) throw notFound(M.projectNotFound);
    const text = commentText(command.text, command.parentId, state.topLevel);
    const { hackathonId, projectId, commentId, parentId, userId } = command;
    return [{ type: 'HackathonProjectCommented', data: { hackathonId, projectId, commentId, parentId, userId, text, at: command.now.toISOString() } }];
  },
};
