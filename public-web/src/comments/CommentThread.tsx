import { useMutation } from '@tanstack/react-query';
import { Reply } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectComment } from '@circuit/shared/api/projects';
import { messageOf } from '../auth/apiClient';
import { relativeTime } from '../notifications/relativeTime';
import { Avatar } from '../shell/Avatar';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';
import { notify } from '../ui/toast';
import { fullName } from '../users/types';

/**
 * Comments with replies one level deep, as a portfolio project's details and a hackathon project's
 * page show them. `reply` sends a reply to a top-level comment; what it answers goes to `onSent`.
 */
export function CommentList<T>({ comments, canReply, reply, onSent }: { comments: readonly ProjectComment[]; canReply: boolean; reply(commentId: string, text: string): Promise<T>; onSent(result: T): unknown }) {
  return (
    <ul className="mt-4 space-y-4">
      {comments.map((comment) => (
        <CommentItem key={comment._id} comment={comment} canReply={canReply} reply={reply} onSent={onSent} />
      ))}
    </ul>
  );
}

function CommentItem<T>({
  comment,
  canReply,
  reply,
  onSent,
  nested,
}: {
  comment: ProjectComment;
  canReply: boolean;
  reply(commentId: string, text: string): Promise<T>;
  onSent(result: T): unknown;
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
            send={(text) => reply(comment._id, text)}
            onSent={(result) => {
              setReplying(false);
              return onSent(result);
            }}
          />
        )}
        {comment.replies && comment.replies.length > 0 && (
          <ul className="mt-3 space-y-3">
            {comment.replies.map((r) => (
              <CommentItem key={r._id} comment={r} canReply={false} reply={reply} onSent={onSent} nested />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** A comment or reply box: sends only non-blank text (after trimming). */
export function CommentForm<T>({
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
  send(text: string): Promise<T>;
  onSent(result: T): unknown;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const mutation = useMutation({
    mutationFn: (value: string) => send(value),
    onSuccess: (result) => {
      setText('');
      return onSent(result);
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
