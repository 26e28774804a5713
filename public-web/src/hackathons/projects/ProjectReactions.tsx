import { Heart } from 'lucide-react';
import type { ProjectDetail } from '@circuit/shared/api/hackathon-projects';
import { LoginLink } from '../../auth/LoginLinks';
import { ReactionButton } from '../../comments/ReactionButton';
import { plural } from '../../ui/plural';
import { useViewer } from './projectQueries';
import { useReactionToggle } from './useProjectReactions';

/** The project page's like and save toggles, or the counts and a sign-in prompt for a signed-out visitor. */
export function ProjectReactions({ hackathon, project }: { hackathon: string; project: ProjectDetail }) {
  const viewer = useViewer();
  const toggle = useReactionToggle(hackathon, project.id);
  const { liked, saved } = project.viewerReactions;
  const pending = toggle.isPending ? toggle.variables : null;
  return (
    <div className="mt-4 flex min-h-9 flex-wrap items-center gap-2">
      {viewer ? (
        <>
          <ReactionButton kind="like" active={liked} count={project.counts.likes} loading={pending === 'like' || pending === 'unlike'} disabled={toggle.isPending} onClick={() => toggle.mutate(liked ? 'unlike' : 'like')} />
          <ReactionButton kind="save" active={saved} count={project.counts.saves} loading={pending === 'save' || pending === 'unsave'} disabled={toggle.isPending} onClick={() => toggle.mutate(saved ? 'unsave' : 'save')} />
        </>
      ) : (
        <p className="text-sm text-slate-600">
          <Heart className="mr-1 inline size-4 align-[-3px] text-slate-400" aria-hidden="true" />
          {project.counts.likes} {plural(project.counts.likes, 'like', 'likes')} · {project.counts.saves} {plural(project.counts.saves, 'save', 'saves')} ·{' '}
          <LoginLink className="font-semibold text-indigo-600 hover:underline">Sign in</LoginLink> to like, save or comment.
        </p>
      )}
    </div>
  );
}
