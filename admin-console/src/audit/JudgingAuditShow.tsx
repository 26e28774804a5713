import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Show, useRecordContext } from 'react-admin';
import type { AuditJudgingDetail } from '@circuit/shared/api/admin-judging';
import { toIso, toLocalInput } from './moment';
import { ScoreTimeline } from './ScoreTimeline';
import { StandingsTables } from './StandingsTables';
import { useStandingsAt } from './useStandingsAt';
import { viewer } from '../when';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Audit() {
  const r = useRecordContext<AuditJudgingDetail>();
  const [moment, setMoment] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const replay = useStandingsAt(r?.id, asked);
  // The list's record (without the timeline) may show first while the full one loads.
  if (!r?.timeline || !r.current) return <LinearProgress sx={{ m: 2 }} />;
  const pick = (iso: string) => {
    setMoment(toLocalInput(iso));
    setAsked(iso);
  };
  // The input holds seconds: replaying it unchanged keeps the exact instant picked (an event's own millisecond).
  const replayInput = () => setAsked(asked && toLocalInput(asked) === moment ? asked : toIso(moment));
  const shown = asked ? replay.standings : r.current;
  return (
    // A one-column grid whose column may shrink: the wide tables scroll inside it, not the page.
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h6" component="h2">
        {r.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        @{r.username} · {count(r.criteria, 'criterion', 'criteria')} · {count(r.projects, 'project')} judged · {count(r.judges, 'judge')} · {count(r.scores, 'score')} now, from {count(r.timeline.length, 'score event')}
      </Typography>

      <Card variant="outlined" sx={{ my: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Standings at a moment
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Replayed from the judges’ score events in the event store: a score counts from the instant it was given.
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }} role="group" aria-label="Moments">
            {r.moments.map((m) => (
              <Button key={`${m.kind}-${m.at}`} size="small" variant={asked === m.at ? 'contained' : 'outlined'} onClick={() => pick(m.at)}>
                {m.label} · {viewer.dateTime(m.at, { weekday: false })}
              </Button>
            ))}
            <Button size="small" variant={asked === null ? 'contained' : 'outlined'} onClick={() => (setAsked(null), setMoment(''))}>
              Now
            </Button>
          </Stack>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
            onSubmit={(e) => {
              e.preventDefault();
              if (moment) replayInput();
            }}
          >
            <TextField type="datetime-local" size="small" label="Moment" value={moment} onChange={(e) => setMoment(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} sx={{ width: { sm: 300 } }} />
            <Button type="submit" variant="contained" disabled={!moment}>
              Replay
            </Button>
          </Stack>
          {replay.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {replay.error}
            </Alert>
          )}
          {asked && replay.loading && <LinearProgress sx={{ mt: 1 }} aria-label="Replaying" />}
          {shown && (
            <Box aria-live="polite" sx={{ mt: 2 }}>
              <Typography variant="body2" sx={{ mb: 1 }} data-testid="replayed-at">
                {asked ? 'Replayed at' : 'Now,'} <strong>{viewer.dateTime(shown.at, { weekday: false })}</strong>: {shown.scoreEvents} score events, {shown.scores} scores from {shown.judges} judges.
                {asked && ' The raw place now is beside each project.'}
              </Typography>
              <StandingsTables standings={shown} now={asked ? r.current : undefined} />
            </Box>
          )}
        </CardContent>
      </Card>

      <Typography variant="subtitle1" component="h3" gutterBottom>
        Score events
      </Typography>
      {r.timeline.length === 0 ? <Typography color="text.secondary">No scores yet.</Typography> : <ScoreTimeline entries={r.timeline} at={asked} onReplayAt={pick} />}
    </Box>
  );
}

export function JudgingAuditShow() {
  return (
    <Show title="Judging audit" sx={{ minWidth: 0, '& .RaShow-main': { minWidth: 0 } }}>
      <Audit />
    </Show>
  );
}
