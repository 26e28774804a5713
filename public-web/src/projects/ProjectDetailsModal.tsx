import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, GitBranch, Heart, MessageCircle } from 'lucide-react';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { CommentForm, CommentList } from '../comments/CommentThread';
import { ReactionButton } from '../comments/ReactionButton';
import { Dialog } from '../ui/Dialog';
import { notify } from '../ui/toast';
import { projectId, projectKeys, projectsApi, type Project, type ProjectToggle } from './projectsApi';
import { LoginLink } from '../auth/LoginLinks';
import { countComments } from './countComments';

interface ProjectDetailsModalProps {
  /** The owner's username: the project is read from that owner's list, so it stays current. */
  username: string;
  projectId: string | null;
  onClose(): void;
}

/** Project details: image, description, technologies, links, like and save toggles, comments and replies. */
export function ProjectDetailsModal({ username, projectId: id, onClose }: ProjectDetailsModalProps) {
  const { data: projects } = useQuery({
    queryKey: projectKeys.list(username),
    queryFn: ({ signal }) => projectsApi.list(username, signal),
    enabled: Boolean(id),
  });
  const project = id ? projects?.find((p) => projectId(p) === id) : undefined;

  return (
    <Dialog open={Boolean(id && project)} onClose={onClose} size="lg" title={project?.title ?? 'Project'}>
      {project && <ProjectDetails project={project} username={username} />}
    </Dialog>
  );
}

function useProjectUpdate(username: string) {
  const queryClient = useQueryClient();
  return (updated: Project | undefined) => {
    if (updated) {
      queryClient.setQueryData<Project[]>(projectKeys.list(username), (list) =>
        list?.map((p) => (projectId(p) === projectId(updated) ? { ...p, ...updated } : p)),
      );
    }
    return queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };
}

function ProjectDetails({ project, username }: { project: Project; username: string }) {
  const { user } = useAuth();
  const me = user ? userId(user) : null;
  const id = projectId(project);
  const applyUpdate = useProjectUpdate(username);
  const liked = Boolean(me && project.likes?.includes(me));
  const saved = Boolean(me && project.saves?.includes(me));
  const likes = project.likesCount ?? project.likes?.length ?? 0;
  const saves = project.savesCount ?? project.saves?.length ?? 0;

  const toggle = useMutation({
    mutationFn: (action: ProjectToggle) => projectsApi.toggle(id, action),
    onSuccess: applyUpdate,
    onError: (error) => notify.error(messageOf(error, 'Something went wrong. Please try again.')),
  });
  const pendingToggle = toggle.isPending ? toggle.variables : null;

  return (
    <div className="space-y-5">
      {project.image && <img src={project.image} alt="" className="max-h-72 w-full rounded-xl object-cover ring-1 ring-slate-200" />}
      <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">{project.description}</p>

      {project.technologies?.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Technologies">
          {project.technologies.map((t) => (
            <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
              {t}
            </li>
          ))}
        </ul>
      )}

      {(project.githubUrl || project.liveUrl) && (
        <div className="flex flex-wrap gap-3">
          {project.githubUrl && (
            <a href={project.githubUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-semibold text-indigo-600 hover:underline">
              <GitBranch className="size-4" aria-hidden="true" />
              Source code
            </a>
          )}
          {project.liveUrl && (
            <a href={project.liveUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-semibold text-indigo-600 hover:underline">
              <ExternalLink className="size-4" aria-hidden="true" />
              Live demo
            </a>
          )}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2 border-y border-slate-100 py-3">
        {me ? (
          <>
            <ReactionButton
              kind="like"
              active={liked}
              count={likes}
              loading={pendingToggle === 'like' || pendingToggle === 'unlike'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(liked ? 'unlike' : 'like')}
            />
            <ReactionButton
              kind="save"
              active={saved}
              count={saves}
              loading={pendingToggle === 'save' || pendingToggle === 'unsave'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(saved ? 'unsave' : 'save')}
            />
          </>
        ) : (
          <p className="text-sm text-slate-600">
            <Heart className="mr-1 inline size-4 align-[-3px] text-slate-400" aria-hidden="true" />
            {likes} {likes === 1 ? 'like' : 'likes'} ·{' '}
            <LoginLink className="font-semibold text-indigo-600 hover:underline">
              Sign in
            </LoginLink>{' '}
            to like, save or comment.
          </p>
        )}
      </div>

      <section aria-labelledby={`comments-${id}`}>
        <h3 id={`comments-${id}`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <MessageCircle className="size-4 text-slate-400" aria-hidden="true" />
          Comments ({countComments(project.comments)})
        </h3>
        {me && (
          <CommentForm
            label="Add a comment"
            placeholder="Write a comment..."
            submitLabel="Comment"
            send={(text) => projectsApi.comment(id, text)}
            onSent={applyUpdate}
          />
        )}
        {project.comments?.length ? (
          <CommentList comments={project.comments} canReply={Boolean(me)} reply={(commentId, text) => projectsApi.reply(id, commentId, text)} onSent={applyUpdate} />
        ) : (
          <p className="mt-3 text-sm text-slate-500">No comments yet.</p>
        )}
      </section>
    </div>
  );
}

export { countComments } from './countComments';
