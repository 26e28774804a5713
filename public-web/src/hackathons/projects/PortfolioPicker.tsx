import { useQuery } from '@tanstack/react-query';
import { FolderGit2 } from 'lucide-react';
import { useId, useState } from 'react';
import { projectId, projectKeys, projectsApi } from '../../projects/projectsApi';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { inputClasses } from '../../ui/TextField';

/**
 * "Start from a portfolio project": one of the member's profile projects fills the draft (title,
 * description, technologies, links, image). It replaces the draft, so a form with words in it asks first.
 */
export function PortfolioPicker({ username, hasWords, busy, onPick }: { username: string; hasWords: boolean; busy: boolean; onPick(portfolioProjectId: string): Promise<void> }) {
  const id = useId();
  const { data: projects = [], isPending } = useQuery({ queryKey: projectKeys.list(username), queryFn: ({ signal }) => projectsApi.list(username, signal), staleTime: 10_000 });
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  if (isPending || projects.length === 0) return null;

  const pick = async () => {
    setAsking(false);
    if (chosen) await onPick(chosen);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-indigo-100 bg-indigo-50/50 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <FolderGit2 className="size-4 text-indigo-600" aria-hidden="true" /> Start from a portfolio project
      </h2>
      <p className="mt-1 text-sm text-slate-600">Fill the form from a project on your profile, then add what the hackathon asks for.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-select`} className="sr-only">
          Portfolio project
        </label>
        <select id={`${id}-select`} className={inputClasses(false)} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a project</option>
          {projects.map((p) => (
            <option key={projectId(p)} value={projectId(p)}>
              {p.title}
            </option>
          ))}
        </select>
        <Button variant="secondary" className="shrink-0" disabled={!chosen} loading={busy} onClick={() => (hasWords ? setAsking(true) : void pick())}>
          Use this project
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Replace the draft?"
        message="The form is filled from the portfolio project and the draft is saved with it; what the form holds now is replaced."
        confirmLabel="Replace the draft"
        onCancel={() => setAsking(false)}
        onConfirm={() => void pick()}
      />
    </section>
  );
}
