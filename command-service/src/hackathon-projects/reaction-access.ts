import { actorOf } from '../accounts/actors';
import type { CommandServiceDeps } from '../context';
import { judgingContextOf } from '../hackathon-judging/judging-context';
import { resolveEmails } from '../hackathon-judging/judge-emails';
import { isAssigned, isJudge } from '../hackathon-judging/judging-fold';
import { isOrganiser } from '../hackathon-judging/judging-listing';

/**
 * Whether a user may see a hackathon project, so like, save and comment on it (docs/judging.md
 * "Reactions and comments"), read from the listing's, the judging and the project's own streams as
 * the read side decides it (projection-service/src/hackathon-projects/project-access.ts): a version
 * judged (submitted by the deadline, not withdrawn), and the gallery open on an approved hackathon,
 * or the user of its team, a judge it is assigned to, the organiser or an admin.
 */
export async function reactionAccessOf(deps: Pick<CommandServiceDeps, 'store' | 'config'>, idOrUsername: string, projectId: string, userId: string) {
  const { store } = deps;
  const { listing, judging, project } = await judgingContextOf(store, idOrUsername, projectId);
  const visible = async () => {
    if (!project.judged) return false;
    if (listing.status === 'accepted' && judging.setup?.galleryOpen) return true;
    if (project.memberIds.includes(userId)) return true;
    // A judge removed from the panel keeps their place in the recorded assignment, but sees nothing.
    if (isAssigned(judging, userId, projectId) && isJudge(judging, userId, await resolveEmails(deps, judging.judgeEmails))) return true;
    return isOrganiser(listing, await actorOf(store, userId));
  };
  return { hackathonId: listing.hackathonId, projectId, memberIds: project.memberIds, available: await visible() };
}
