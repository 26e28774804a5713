import { LoginLink } from '../../auth/LoginLinks';
import { CommentForm, CommentList } from '../../comments/CommentThread';
import { Button } from '../../ui/Button';
import { CommentsLoading } from './ProjectCommentsSection';
import { useViewer } from './projectQueries';
import { useProjectComments } from './useProjectReactions';

/**
 * A hackathon project's comments and replies, as a portfolio project's details show them. Its own
 * chunk: the project page loads it once shown, so the page's first load stays as it was.
 */
export function ProjectComments({ hackathon, projectId }: { hackathon: string; projectId: string }) {
  const viewer = useViewer();
  const { comments, comment, reply, refresh } = useProjectComments(hackathon, projectId);
  return (
    <div>
      {viewer ? (
        <CommentForm label="Add a comment" placeholder="Write a comment..." submitLabel="Comment" send={comment} onSent={refresh} />
      ) : (
        <p className="text-sm text-slate-600">
          <LoginLink className="font-semibold text-indigo-600 hover:underline">Sign in</LoginLink> to comment.
        </p>
      )}
      {comments.isPending ? (
        <CommentsLoading />
      ) : comments.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          Failed to load the comments.
          <Button size="sm" variant="secondary" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : comments.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No comments yet.</p>
      ) : (
        <CommentList comments={comments.data} canReply={Boolean(viewer)} reply={reply} onSent={refresh} />
      )}
    </div>
  );
}
