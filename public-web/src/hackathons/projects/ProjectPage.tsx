import { ArrowLeft, Code2, ExternalLink, Globe, PlayCircle } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import type { ProjectDetail } from '@circuit/shared/api/hackathon-projects';
import type { JudgingTrack } from '@circuit/shared/events/hackathon-judging';
import { isApiError, messageOf } from '../../auth/apiClient';
import { RichText, Section } from '../DetailSections';
import { NotFoundRedirect } from '../../not-found/NotFoundPage';
import { Button, ButtonLink } from '../../ui/Button';
import { StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDateLabels } from '../../ui/useDateLabels';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AwardBadge, TrackChips } from './ProjectCardView';
import { ImageGallery, VideoEmbed } from './ProjectMedia';
import { useJudging } from './projectQueries';
import { useProjectDetail } from './projectsApi';
import { VoteCard } from './VoteCard';
import { ProjectReactions } from './ProjectReactions';
import { ProjectCommentsSection } from './ProjectCommentsSection';

/** /hackathons/{username}/projects/{projectId}: the version judged, its team, links, video, images, tracks and prizes. */
export function ProjectPage() {
  const { username = '', projectId = '' } = useParams();
  const detail = useProjectDetail(username, projectId);
  const judging = useJudging(username);
  const project = detail.data;
  useDocumentTitle(project ? `${project.title} · ${project.hackathon.title}` : 'Project');

  const error = detail.error;
  if (isApiError(error) && error.status === 404) return <NotFoundRedirect />;
  if (error) {
    return (
      <StateScreen title={messageOf(error, 'Failed to load the project')} actions={isApiError(error) && error.status === 403 ? <ButtonLink to="/hackathons">Browse Hackathons</ButtonLink> : <Button onClick={() => void detail.refetch()}>Try again</Button>}>
        {isApiError(error) && error.status === 403 ? 'This hackathon is not public yet.' : 'Please check your connection and try again.'}
      </StateScreen>
    );
  }
  if (!project) return <PageSpinner label="Loading project..." />;
  const setup = judging.data;
  const tracks = setup?.tracks ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Link to={`/hackathons/${username}/projects`} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> All projects of {project.hackathon.title}
      </Link>
      <header className="mt-3">
        {project.awards.length > 0 && (
          <div className="mb-2 flex flex-wrap gap-1.5">
            {project.awards.map((a) => (
              <AwardBadge key={`${a.prize}-${a.trackId}-${a.place}`} award={a} tracks={tracks} />
            ))}
          </div>
        )}
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{project.title}</h1>
        {project.tagline && <p className="mt-1 break-words text-lg text-slate-600">{project.tagline}</p>}
        <p className="mt-2 text-sm text-slate-600">
          by <span className="font-medium text-slate-800">{project.teamName ?? project.members.map((m) => `${m.firstName} ${m.lastName}`.trim() || m.username).join(', ')}</span>
        </p>
        <ProjectReactions hackathon={username} project={project} />
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {project.version.videoEmbedUrl && <VideoEmbed src={project.version.videoEmbedUrl} title={`Video of ${project.title}`} />}
          <ImageGallery images={project.version.images} title={project.title} />
          <Section id="project-about" title="About the project">
            <RichText html={project.version.description} empty="The team has not described the project." />
          </Section>
          <ProjectCommentsSection hackathon={username} project={project} />
        </div>
        <aside className="space-y-6" aria-label="Project facts">
          {setup && <VoteCard hackathon={username} projectId={project.id} voting={setup.voting} projectTrackIds={project.trackIds} tracks={tracks} viewerVotes={project.viewerVotes} />}
          <TeamCard project={project} />
          <FactsCard project={project} tracks={tracks} />
        </aside>
      </div>
    </div>
  );
}

function TeamCard({ project }: { project: ProjectDetail }) {
  return (
    <section aria-labelledby="team-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="team-title" className="text-lg font-semibold text-slate-900">
        {project.teamName ?? 'Built by'}
      </h2>
      <ul className="mt-3 space-y-2.5">
        {project.members.map((m) => {
          const name = `${m.firstName} ${m.lastName}`.trim() || m.username;
          return (
            <li key={m._id}>
              <Link to={`/in/${m.username}`} className="flex items-center gap-3 rounded-lg hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500">
                {m.profilePicture ? (
                  <img src={m.profilePicture} alt="" width={36} height={36} className="size-9 shrink-0 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
                    {name.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                  <span className="block truncate text-xs text-slate-500">@{m.username}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const LINKS = [
  ['repository', 'Repository', Code2],
  ['demo', 'Live demo', Globe],
  ['video', 'Video', PlayCircle],
] as const;

function FactsCard({ project, tracks }: { project: ProjectDetail; tracks: readonly JudgingTrack[] }) {
  const dates = useDateLabels();
  const links = LINKS.filter(([key]) => project.version.links[key]);
  return (
    <section aria-labelledby="facts-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="facts-title" className="text-lg font-semibold text-slate-900">
        Details
      </h2>
      {links.length > 0 && (
        <ul className="space-y-2" aria-label="Links">
          {links.map(([key, label, Icon]) => (
            <li key={key}>
              <a href={project.version.links[key]} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-2 text-sm font-medium text-indigo-700 hover:underline">
                <Icon className="size-4" aria-hidden="true" /> {label}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {project.trackIds.length > 0 && tracks.length > 0 && (
        <div>
          <h3 className="mb-1.5 text-sm font-medium text-slate-700">Tracks</h3>
          <TrackChips ids={project.trackIds} tracks={tracks} />
        </div>
      )}
      {project.builtWith.length > 0 && (
        <div>
          <h3 className="mb-1.5 text-sm font-medium text-slate-700">Built with</h3>
          <ul className="flex flex-wrap gap-1.5" aria-label="Built with">
            {project.builtWith.map((t) => (
              <li key={t} className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                {t}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-slate-500">Submitted {dates.dateTime(project.submittedAt, { weekday: false })}</p>
    </section>
  );
}
