import { ArrowLeft, Download, LockKeyhole } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { ButtonLink } from '../../ui/Button';
import { StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ConsoleTabs, type TabItem } from './ConsoleTabs';
import { csvPaths } from './judgingApi';
import { JudgesSection } from './JudgesSection';
import { judgingPageState } from './PageStates';
import { PublishSection } from './PublishSection';
import { RankingsSection } from './RankingsSection';
import { SetupSection } from './SetupSection';
import { useJudgingConsole } from './useJudgingConsole';
import { VotesSection } from './VotesSection';
import { CertificatesPanel } from '../../certificates/CertificatesPanel';

type Section = 'setup' | 'judges' | 'rankings' | 'votes' | 'publish' | 'certificates';
const TABS: TabItem<Section>[] = [
  { key: 'setup', label: 'Setup' },
  { key: 'judges', label: 'Judges' },
  { key: 'rankings', label: 'Rankings' },
  { key: 'votes', label: 'Votes' },
  { key: 'publish', label: 'Publish winners' },
  { key: 'certificates', label: 'Certificates' },
];
const isSection = (v: string | null): v is Section => TABS.some((t) => t.key === v);
const panelId = (key: Section) => `judging-${key}`;

/** /hackathons/{username}/judging/manage: the organiser's judging console (docs/judging.md), for the creator and admins. */
export function JudgingConsolePage() {
  const { username = '' } = useParams();
  const { state } = useAuth();
  const console_ = useJudgingConsole(username, state.status === 'authenticated');
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab');
  const section: Section = isSection(tab) ? tab : 'setup';
  const setup = console_.setup;
  useDocumentTitle(setup ? `Judging · ${setup.hackathon.title}` : 'Judging');

  // Signed in but neither the creator nor an admin: the app's usual not-allowed state.
  if (state.status === 'authenticated' && console_.forbidden) {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="You are not authorized to manage this hackathon" actions={<ButtonLink to={`/hackathons/${username}`}>View Hackathon</ButtonLink>}>
        Only the hackathon’s creator or an admin can manage its judging.
      </StateScreen>
    );
  }
  const early = judgingPageState({ auth: state.status, signInTo: 'manage judging', notFound: console_.notFound, loadError: console_.loadError, retry: () => void console_.retry() });
  if (early) return early;
  if (console_.loading || !setup) return <PageSpinner label="Loading judging..." />;

  const csv = csvPaths(setup.hackathon.username);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to={`/hackathons/${setup.hackathon.username}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the hackathon
      </Link>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Judging</h1>
          <p className="mt-1 break-words text-slate-600">{setup.hackathon.title}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={csv.projects} download className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50">
            <Download className="size-4" aria-hidden="true" /> projects.csv
          </a>
          <a href={csv.scores} download className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50">
            <Download className="size-4" aria-hidden="true" /> scores.csv
          </a>
        </div>
      </div>
      <div className="mt-6">
        <ConsoleTabs tabs={TABS} current={section} idOf={panelId} onChange={(key) => setSearch({ tab: key }, { replace: true })} />
      </div>
      <div role="tabpanel" id={panelId(section)} aria-labelledby={`${panelId(section)}-tab`} className="mt-6">
        {section === 'setup' && <SetupSection setup={setup} judging={console_} />}
        {section === 'judges' && <JudgesSection setup={setup} judging={console_} />}
        {section === 'rankings' && <RankingsSection username={setup.hackathon.username} />}
        {section === 'votes' && <VotesSection setup={setup} judging={console_} />}
        {section === 'publish' && <PublishSection setup={setup} judging={console_} />}
        {section === 'certificates' && <CertificatesPanel kind="hackathon" listingId={setup.hackathon.username} />}
      </div>
    </div>
  );
}
