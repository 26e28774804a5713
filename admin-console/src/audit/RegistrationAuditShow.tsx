import { Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Show, useRecordContext } from 'react-admin';
import type { AuditRegistrationDetail } from '@circuit/shared/api/admin-audit';
import { HistoryTable } from './HistoryTable';
import { toIso, toLocalInput } from './moment';
import { StateComparison } from './StateComparison';
import { useReplayAt } from './useReplayAt';
import { viewer } from '../when';

function Audit() {
  const r = useRecordContext<AuditRegistrationDetail>();
  const [moment, setMoment] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const replay = useReplayAt(r?.id, asked);
  // The list's record (without history) may show first while the full one loads.
  if (!r?.history || !r.current) return <LinearProgress sx={{ m: 2 }} />;
  const pick = (iso: string) => {
    setMoment(toLocalInput(iso));
    setAsked(iso);
  };
  return (
    // A one-column grid whose column may shrink: the wide tables scroll inside it, not the page.
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h6" component="h2">
        {r.username ?? r.userId} in {r.listingTitle ?? r.listingId}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {r.type} registration · registered {viewer.dateTime(r.registeredAt)}
      </Typography>
      <StateComparison comparison={r.current} title="Now" />
      <Card variant="outlined" sx={{ my: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            State at a moment
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField type="datetime-local" size="small" label="Moment" value={moment} onChange={(e) => setMoment(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} />
            <Button variant="contained" disabled={!moment} onClick={() => setAsked(toIso(moment))}>
              Replay
            </Button>
          </Stack>
          {replay.error && (
            <Typography color="error" sx={{ mt: 1 }}>
              {replay.error}
            </Typography>
          )}
          {replay.comparison && <StateComparison comparison={replay.comparison} title="Replayed at the chosen moment" />}
        </CardContent>
      </Card>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Registration and payment events
      </Typography>
      <HistoryTable events={r.history} onPickBefore={pick} />
    </Box>
  );
}

export function RegistrationAuditShow() {
  return (
    <Show title="Registration audit" sx={{ minWidth: 0, '& .RaShow-main': { minWidth: 0 } }}>
      <Audit />
    </Show>
  );
}
