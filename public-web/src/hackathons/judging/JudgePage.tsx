import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { judgingPageState } from './PageStates';
import { ScoreSheet } from './ScoreSheet';
import { useJudgeSheet } from './useJudgeSheet';

/** /hackathons/{username}/judging: the judge's assigned projects, each scored as it is filled in. */
export function JudgePage() {
  const { username = '' } = useParams();
  const { state } = useAuth();
  const sheet = useJudgeSheet(username, state.status === 'authenticated');
  const data = sheet.data;
  useDocumentTitle(data ? `Judging · ${data.hackathon.title}` : 'Judging');

  const early = judgingPageState({ auth: state.status, signInTo: 'judge', notFound: sheet.notFound, loadError: sheet.loadError, retry: () => void sheet.reload() });
  if (early) return early;
  if (sheet.loading || !data) return <PageSpinner label="Loading your projects..." />;

  const { progress } = sheet;
  const percent = progress.of === 0 ? 0 : Math.round((progress.scored / progress.of) * 100);
  const trackName = (id: string) => data.tracks.find((t) => t.id === id)?.name ?? '';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to={`/hackathons/${data.hackathon.username}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the hackathon
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Judging</h1>
      <p className="mt-1 break-words text-slate-600">{data.hackathon.title}</p>

      {data.projects.length === 0 ? (
        <EmptyState icon={<ClipboardList className="size-6" aria-hidden="true" />} title="No projects assigned to you">
          When the organiser assigns projects to you, they appear here.
        </EmptyState>
      ) : (
        <>
          <div className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <p id="progress-label" className="font-semibold text-slate-900">
                {progress.scored} of {progress.of} scores given
              </p>
              <p className="text-slate-600">
                {progress.complete} of {data.projects.length} projects complete
              </p>
            </div>
            <div role="progressbar" aria-labelledby="progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <nav aria-label="Assigned projects" className="mt-3">
              <ul className="flex flex-wrap gap-2">
                {data.projects.map((p) => (
                  <li key={p.projectId}>
                    <a href={`#project-${p.projectId}`} className="inline-flex max-w-[16rem] items-center gap-1 truncate rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700 hover:border-indigo-300 hover:text-indigo-700">
                      {p.title} <span className="text-slate-500">({sheet.scoredOf(p.projectId)}/{data.criteria.length})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <div className="mt-6 space-y-6">
            {data.projects.map((p) => (
              <ScoreSheet
                key={p.projectId}
                username={data.hackathon.username}
                project={p}
                criteria={data.criteria}
                trackNames={p.trackIds.map(trackName).filter(Boolean)}
                line={sheet.lines[p.projectId]}
                scored={sheet.scoredOf(p.projectId)}
                state={sheet.states[p.projectId]}
                onScore={(criterionId, value) => sheet.setScore(p.projectId, criterionId, value)}
                onNote={(note) => sheet.setNote(p.projectId, note)}
                onRetry={() => sheet.retry(p.projectId)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
