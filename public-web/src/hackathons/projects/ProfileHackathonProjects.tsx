import { Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../ui/Card';
import { AwardBadge, projectPath } from './ProjectCardView';
import { ReactionCountsLine } from './ReactionCounts';
import { useProfileHackathonProjects } from './projectQueries';

/** A member's submitted hackathon projects on their profile (once each gallery is open), with winner marks. Nothing when there are none. */
export function ProfileHackathonProjects({ username }: { username: string }) {
  const { data: projects = [] } = useProfileHackathonProjects(username);
  if (projects.length === 0) return null;
  const headingId = `hackathon-projects-${username}`;
  return (
    <section aria-labelledby={headingId}>
      <Card className="p-5 sm:p-6">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Hackathon projects <span className="ml-1 text-sm font-medium text-slate-500">({projects.length})</span>
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {projects.map((p) => (
            <li key={`${p.hackathon._id}-${p.id}`} className="relative flex gap-3 rounded-xl border border-slate-200 p-3 focus-within:ring-2 focus-within:ring-indigo-500 hover:bg-slate-50">
              {p.image ? (
                <img src={p.image} alt="" width={96} height={54} loading="lazy" className="h-16 w-24 shrink-0 rounded-lg object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-16 w-24 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-500">
                  <Trophy className="size-5" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <Link to={projectPath(p.hackathon.username, p.id)} className="block truncate font-semibold text-slate-900 after:absolute after:inset-0 focus-visible:outline-none">
                  {p.title}
                </Link>
                <p className="truncate text-xs text-slate-500">{p.hackathon.title}</p>
                {p.tagline && <p className="mt-0.5 line-clamp-1 text-sm text-slate-600">{p.tagline}</p>}
                <div className="mt-1">
                  <ReactionCountsLine counts={p.counts} />
                </div>
                {p.awards.length > 0 && (
                  <div className="mt-1.5 flex flex-wrap gap-1">
                    {p.awards.map((a) => (
                      <AwardBadge key={`${a.prize}-${a.trackId}-${a.place}`} award={a} />
                    ))}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
