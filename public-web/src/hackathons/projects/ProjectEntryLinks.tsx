import { ClipboardCheck, FolderOpen, Send } from 'lucide-react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { ButtonLink } from '../../ui/Button';
import { useJudging, useMyProject } from './projectQueries';

/**
 * The hackathon page's way to its projects: "Projects" when the gallery shows the viewer something
 * (open to all, or to its organiser, judges and teams before), and "Submit your project" or "Edit
 * your project" for a member of a team that may enter, "Judge projects" for a judge (the way to their
 * scoring screen). Nothing while the setup is unknown.
 */
export function ProjectEntryLinks({ hackathon }: { hackathon: Pick<Hackathon, 'username' | 'status'> }) {
  const accepted = hackathon.status === 'accepted';
  const setup = useJudging(hackathon.username, accepted).data;
  const entrant = Boolean(setup?.viewer.canSubmit);
  const mine = useMyProject(hackathon.username, entrant).data;
  if (!setup) return null;
  const { viewer } = setup;
  const gallery = setup.galleryOpen || viewer.isOrganiser || viewer.isJudge || (entrant && mine?.status === 'submitted');
  const action = entrant && mine && (mine.canEdit || mine.status !== 'none');
  if (!gallery && !action && !viewer.isJudge) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
      {action && (
        <ButtonLink to={`/hackathons/${hackathon.username}/project`} fullWidth>
          <Send className="size-4" aria-hidden="true" />
          {mine.status === 'none' ? 'Submit your project' : mine.canEdit ? 'Edit your project' : 'Your project'}
        </ButtonLink>
      )}
      {viewer.isJudge && (
        <ButtonLink to={`/hackathons/${hackathon.username}/judging`} fullWidth>
          <ClipboardCheck className="size-4" aria-hidden="true" />
          Judge projects
        </ButtonLink>
      )}
      {gallery && (
        <ButtonLink to={`/hackathons/${hackathon.username}/projects`} variant="secondary" fullWidth>
          <FolderOpen className="size-4" aria-hidden="true" />
          Projects
        </ButtonLink>
      )}
    </div>
  );
}
