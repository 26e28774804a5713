import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { AuditEvent } from '@circuit/shared/api/admin-audit';
import { viewer } from '../when';

/** The registration's events in feed order, as stored. A row's button picks the moment just before it. */
export function HistoryTable({ events, onPickBefore }: { events: AuditEvent[]; onPickBefore(at: string): void }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Event history">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Actor</TableCell>
            <TableCell>Correlation</TableCell>
            <TableCell>Causation</TableCell>
            <TableCell>Details</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e, i) => (
            <TableRow key={e.position}>
              <TableCell>{i + 1}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{viewer.dateTime(e.at, { weekday: false })}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{e.type}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.actorId ?? '—'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.correlationId ?? '—'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.causationId ?? '—'}</TableCell>
              <TableCell sx={{ fontSize: 12, minWidth: 220 }}>{e.summary}</TableCell>
              <TableCell>
                <Box component="button" type="button" onClick={() => onPickBefore(new Date(Date.parse(e.at) - 1).toISOString())} sx={{ cursor: 'pointer', whiteSpace: 'nowrap' }}>
                  State before
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
