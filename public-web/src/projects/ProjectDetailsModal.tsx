import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Bookmark, ExternalLink, GitBranch, Heart, MessageCircle, Reply } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { relativeTime } from '../notifications/relativeTime';
import { Avatar } from '../shell/Avatar';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { inputClasses } from '../ui/TextField';
import { notify } from '../ui/toast';
import { fullName } from '../users/types';
import { projectId, projectKeys, projectsApi, type Project, type ProjectComment, type ProjectToggle } from './projectsApi';
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
            <Button
              variant={liked ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={liked}
              loading={pendingToggle === 'like' || pendingToggle === 'unlike'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(liked ? 'unlike' : 'like')}
              icon={<Heart className={clsx('size-4', liked && 'fill-current')} aria-hidden="true" />}
            >
              {liked ? 'Liked' : 'Like'} <span className="tabular-nums">({likes})</span>
            </Button>
            <Button
              variant={saved ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={saved}
              loading={pendingToggle === 'save' || pendingToggle === 'unsave'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(saved ? 'unsave' : 'save')}
              icon={<Bookmark className={clsx('size-4', saved && 'fill-current')} aria-hidden="true" />}
            >
              {saved ? 'Saved' : 'Save'} <span className="tabular-nums">({saves})</span>
            </Button>
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
          <ul className="mt-4 space-y-4">
            {project.comments.map((comment) => (
              <CommentItem key={comment._id} comment={comment} projectId={id} canReply={Boolean(me)} onUpdated={applyUpdate} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-500">No comments yet.</p>
        )}
      </section>
    </div>
  );
}

export { countComments } from './countComments';

function CommentItem({
  comment,
  projectId: id,
  canReply,
  onUpdated,
  nested,
}: {
  comment: ProjectComment;
  projectId: string;
  canReply: boolean;
  onUpdated(project: Project | undefined): unknown;
  nested?: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const author = comment.user;
  return (
    <li className="flex gap-3">
      <Avatar user={author ?? { username: '?' }} className={nested ? 'size-7' : 'size-8'} />
      <div className="min-w-0 flex-1">
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {author ? (
              <Link to={`/user/${encodeURIComponent(author.username)}`} className="font-semibold text-slate-900 hover:underline">
                {fullName(author)}
              </Link>
            ) : (
              <span className="font-semibold text-slate-900">Deleted user</span>
            )}
            <span className="text-xs text-slate-500">{comment.createdAt ? relativeTime(comment.createdAt) : ''}</span>
          </p>
          <p className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-700">{comment.text}</p>
        </div>
        {!nested && canReply && (
          <button
            type="button"
            onClick={() => setReplying((r) => !r)}
            aria-expanded={replying}
            className="mt-1 inline-flex items-center gap-1 rounded px-1 text-xs font-semibold text-slate-500 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <Reply className="size-3.5" aria-hidden="true" />
            Reply
          </button>
        )}
        {replying && (
          <CommentForm
            label={`Reply to ${author ? fullName(author) : 'comment'}`}
            placeholder="Write a reply..."
            submitLabel="Post Reply"
            autoFocus
            send={(text) => projectsApi.reply(id, comment._id, text)}
            onSent={(project) => {
              setReplying(false);
              return onUpdated(project);
            }}
          />
        )}
        {comment.replies && comment.replies.length > 0 && (
          <ul className="mt-3 space-y-3">
            {comment.replies.map((reply) => (
              <CommentItem key={reply._id} comment={reply} projectId={id} canReply={false} onUpdated={onUpdated} nested />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** A comment or reply box: sends only non-blank text (after trimming). */
function CommentForm({
  label,
  placeholder,
  submitLabel,
  autoFocus,
  send,
  onSent,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  autoFocus?: boolean;
  send(text: string): Promise<Project | undefined>;
  onSent(project: Project | undefined): unknown;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const mutation = useMutation({
    mutationFn: (value: string) => send(value),
    onSuccess: (project) => {
      setText('');
      return onSent(project);
    },
    onError: (error) => notify.error(messageOf(error, 'Something went wrong. Please try again.')),
  });
  const blank = !text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || mutation.isPending) return;
    mutation.mutate(text.trim());
  };
  return (
    <form onSubmit={submit} className="mt-3 flex gap-2">
      <label className="sr-only" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoFocus={autoFocus}
        maxLength={1000}
        className={inputClasses(false)}
      />
      <Button type="submit" size="md" disabled={blank} loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
