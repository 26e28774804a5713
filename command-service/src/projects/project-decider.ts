import { conflict, forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { ProjectContent } from '@circuit/shared/events/projects';
import { CommentMessages, commentText, withComment } from '../reactions/comment-rules';

export const ProjectMessages = {
  notFound: 'Project not found',
  notOwner: 'You can only change your own projects',
  commentNotFound: CommentMessages.notFound,
  emptyComment: CommentMessages.empty,
  alreadyExists: 'This project already exists',
} as const;

/** Events of the project stream `project-<id>`. */
export type ProjectEvent = DomainEvent<'ProjectCreated' | 'ProjectUpdated' | 'ProjectDeleted' | 'ProjectCommented'>;

export interface ProjectState {
  status: 'none' | 'active' | 'deleted';
  ownerId: string;
  content: ProjectContent;
  /** Ids of top-level comments: replies attach to these only. */
  comments: string[];
}

/** What an edit sends: links and image left out keep their value. */
export type ProjectChanges = Pick<ProjectContent, 'title' | 'description' | 'technologies'> &
  Partial<Pick<ProjectContent, 'githubUrl' | 'liveUrl' | 'image'>>;

export type ProjectCommand =
  | { type: 'CreateProject'; projectId: string; ownerId: string; changes: ProjectChanges; now: Date }
  | { type: 'UpdateProject'; projectId: string; userId: string; changes: ProjectChanges; now: Date }
  | { type: 'DeleteProject'; projectId: string; userId: string; now: Date }
  | { type: 'Comment'; projectId: string; commentId: string; parentId: string | null; userId: string; text: string; now: Date };

const EMPTY: ProjectContent = { title: '', description: '', technologies: [], githubUrl: '', liveUrl: '', image: null };

export const initialProjectState = (): ProjectState => ({ status: 'none', ownerId: '', content: EMPTY, comments: [] });

const contentOf = (d: ProjectContent): ProjectContent => ({
  title: d.title,
  description: d.description,
  technologies: d.technologies,
  githubUrl: d.githubUrl,
  liveUrl: d.liveUrl,
  image: d.image,
});

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated':
      return { ...state, status: 'active', ownerId: event.data.ownerId, content: contentOf(event.data) };
    case 'ProjectUpdated':
      return { ...state, content: contentOf(event.data) };
    case 'ProjectDeleted':
      return { ...state, status: 'deleted' };
    case 'ProjectCommented':
      return { ...state, comments: withComment(state.comments, event.data) };
    default:
      return state;
  }
}

function merge(current: ProjectContent, changes: ProjectChanges): ProjectContent {
  return {
    title: changes.title,
    description: changes.description,
    technologies: changes.technologies,
    githubUrl: changes.githubUrl ?? current.githubUrl,
    liveUrl: changes.liveUrl ?? current.liveUrl,
    image: changes.image === undefined ? current.image : changes.image || null,
  };
}

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'CreateProject') {
    if (state.status !== 'none') throw conflict(ProjectMessages.alreadyExists);
    return [{ type: 'ProjectCreated', data: { projectId: command.projectId, ownerId: command.ownerId, ...merge(EMPTY, command.changes), at } }];
  }
  if (state.status !== 'active') throw notFound(ProjectMessages.notFound);
  switch (command.type) {
    case 'UpdateProject':
      if (command.userId !== state.ownerId) throw forbidden(ProjectMessages.notOwner);
      return [{ type: 'ProjectUpdated', data: { projectId: command.projectId, ...merge(state.content, command.changes), at } }];
    case 'DeleteProject':
      if (command.userId !== state.ownerId) throw forbidden(ProjectMessages.notOwner);
      return [{ type: 'ProjectDeleted', data: { projectId: command.projectId, at } }];
    case 'Comment': {
      const text = commentText(command.text, command.parentId, state.comments);
      return [
        {
          type: 'ProjectCommented',
          data: { projectId: command.projectId, commentId: command.commentId, parentId: command.parentId, userId: command.userId, text, at },
        },
      ];
    }
  }
}

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
};
