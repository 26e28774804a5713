import { Award } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ProjectAward, ProjectCard } from '@circuit/shared/api/hackathon-projects';
import type { JudgingTrack } from '@circuit/shared/events/hackathon-judging';
import { awardLabel } from './galleryFilters';
import { ReactionCountsLine } from './ReactionCounts';

export const projectPath = (hackathon: string, projectId: string) => `/hackathons/${encodeURIComponent(hackathon)}/projects/${encodeURIComponent(projectId)}`;

/** A prize the project won: the gallery's and the project page's winner mark. */
export function AwardBadge({ award, tracks }: { award: ProjectAward; tracks?: readonly JudgingTrack[] }) {
  const track = award.trackId ? tracks?.find((t) => t.id === award.trackId)?.name : null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      <Award className="size-3.5" aria-hidden="true" />
      {awardLabel(award)}
      {track && <span className="font-medium"> · {track}</span>}
    </span>
  );
}

export function TrackChips({ ids, tracks }: { ids: readonly string[]; tracks: readonly JudgingTrack[] }) {
  const names = ids.flatMap((id) => tracks.find((t) => t.id === id)?.name ?? []);
  if (names.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tracks">
      {names.map((n) => (
        <li key={n} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {n}
        </li>
      ))}
    </ul>
  );
}

const teamOf = (card: ProjectCard) => card.teamName ?? card.members.map((m) => `${m.firstName} ${m.lastName}`.trim() || m.username).join(', ');

/** A gallery card: image, title (the link), tagline, team, tracks, winner marks. */
export function ProjectCardView({
  card,
  hackathon,
  tracks,
  eager = false,
  mine,
}: {
  card: ProjectCard;
  hackathon: string;
  tracks: readonly JudgingTrack[];
  eager?: boolean;
  /** The signed-in viewer's likes and saves in the hackathon (none signed out). */
  mine?: { liked: boolean; saved: boolean };
}) {
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-indigo-500 hover:shadow-md">
      {card.image ? (
        <img src={card.image} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" className="aspect-video w-full bg-slate-100 object-cover" />
      ) : (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-indigo-500 via-blue-500 to-cyan-400 text-4xl font-bold text-white/90">
          {card.title.slice(0, 1)}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {card.awards.length > 0 && (
          <div className="flex flex-wrap gap-1.5">
            {card.awards.map((a) => (
              <AwardBadge key={`${a.prize}-${a.trackId}-${a.place}`} award={a} tracks={tracks} />
            ))}
          </div>
        )}
        <h2 className="text-base font-semibold text-slate-900">
          <Link to={projectPath(hackathon, card.id)} className="break-words after:absolute after:inset-0 focus-visible:outline-none">
            {card.title}
          </Link>
        </h2>
        {card.tagline && <p className="line-clamp-2 break-words text-sm text-slate-600">{card.tagline}</p>}
        <p className="mt-auto truncate pt-1 text-xs font-medium text-slate-500">{teamOf(card)}</p>
        <TrackChips ids={card.trackIds} tracks={tracks} />
        <ReactionCountsLine counts={card.counts} liked={mine?.liked} saved={mine?.saved} />
      </div>
    </article>
  );
}
