import { History, RotateCcw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../auth/apiClient';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useDateLabels } from '../../ui/useDateLabels';
import { plural } from '../../ui/plural';
import { useRankings, useStandingsAt } from './judgingApi';
import { RankingTable } from './RankingTable';
import { isoOf, localInputOf } from './setupDraft';

/** The three normalisations side by side per track, now or replayed as they stood at a chosen moment. */
export function RankingsSection({ username }: { username: string }) {
  const [at, setAt] = useState<string | null>(null);
  const [input, setInput] = useState(() => localInputOf(new Date().toISOString()));
  const now = useRankings(username, at === null);
  const replay = useStandingsAt(username, at);
  const dates = useDateLabels();
  const shown = at === null ? now : replay;
  const data = shown.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input) setAt(isoOf(input));
  };

  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end sm:p-5">
        <TextField className="sm:w-64" label="Standings at" type="datetime-local" value={input} onChange={(e) => setInput(e.target.value)} hint="Replays the scores as they stood then" />
        <div className="flex gap-2 sm:mb-6">
          <Button type="submit" variant="secondary">
            <History className="size-4" aria-hidden="true" /> Replay
          </Button>
          {at !== null && (
            <Button variant="ghost" onClick={() => setAt(null)}>
              <RotateCcw className="size-4" aria-hidden="true" /> Back to now
            </Button>
          )}
        </div>
      </form>

      <div role="status" aria-live="polite" className="text-sm text-slate-700">
        {data &&
          (at === null || !replay.data ? (
            <p>
              Now: {data.scores} {plural(data.scores, 'score', 'scores')} from {data.judges} {plural(data.judges, 'judge', 'judges')}.
            </p>
          ) : (
            <p className="font-medium text-indigo-900">
              As it stood {dates.dateTime(replay.data.at)}: {replay.data.scoreEvents} score {plural(replay.data.scoreEvents, 'event', 'events')}, {replay.data.scores} {plural(replay.data.scores, 'score', 'scores')} from {replay.data.judges} {plural(replay.data.judges, 'judge', 'judges')}.
            </p>
          ))}
      </div>

      {shown.error ? (
        <Alert title="The rankings could not be loaded">{messageOf(shown.error, 'Please try again.')}</Alert>
      ) : !data ? (
        <PageSpinner label="Loading rankings..." />
      ) : (
        <div className="space-y-4">
          {data.tracks.map((track, i) => (
            <RankingTable key={track.trackId ?? 'overall'} track={track} headingId={`ranking-${i}`} />
          ))}
        </div>
      )}
    </div>
  );
}
